import type { EducationItem, ExperienceItem, SkillItem } from '#shared/resume';

/**
 * Checks the editor runs as the user types. None of them blocks anything: a value that looks wrong is
 * still stored as typed, and the editor shows a hint next to the field. Each check answers null when the
 * value is fine (or empty: an empty optional field is not a mistake) and a problem name otherwise.
 */

export type EmailProblem = 'format';
export type PhoneProblem = 'characters' | 'length';
export type UrlProblem = 'format' | 'scheme';
export type DateRangeProblem = 'endBeforeStart';
export type PhotoFileProblem = 'type' | 'size';

// One @, something before it, a dotted domain after it with a top-level part of two letters or more.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.\d]{2,}$/u;

/** A plausible e-mail address (the full RFC grammar accepts far more than any recruiter can reply to). */
export function checkEmail(value: string): EmailProblem | null {
  const email = value.trim();
  if (email === '') return null;
  return EMAIL.test(email) && !email.includes('..') ? null : 'format';
}

/** Shortest and longest digit counts of a phone number (E.164 allows 15; short local numbers have 7+). */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** Digits with the usual separators; a leading + for the country code. */
export function checkPhone(value: string): PhoneProblem | null {
  const phone = value.trim();
  if (phone === '') return null;
  if (!/^\+?[\d\s().\-/]+$/.test(phone)) return 'characters';
  const digits = phone.replace(/\D/g, '').length;
  return digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS ? 'length' : null;
}

const SCHEME = /^([a-z][a-z\d+.-]*):\/\//i;
// Schemes people paste without `//` that are never a web page.
const OTHER_SCHEME = /^(javascript|data|file|mailto|tel|ftp|vbscript|blob):/i;
// Labels of letters, digits and hyphens, and a top-level label of letters (or punycode).
const HOST = /^([a-z\d]([a-z\d-]*[a-z\d])?\.)+([a-z]{2,}|xn--[a-z\d-]+)$/i;

/**
 * A web address a reader can open. The scheme may be left out (`linkedin.com/in/ana` is how people type
 * it); anything but http and https is flagged, since a resume link to `javascript:` or `file:` is a mistake.
 */
export function checkUrl(value: string): UrlProblem | null {
  const text = value.trim();
  if (text === '') return null;
  if (/\s/.test(text)) return 'format';
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return 'scheme';
  if (scheme === undefined && OTHER_SCHEME.test(text)) return 'scheme';
  let url: URL;
  try {
    url = new URL(scheme ? text : `https://${text}`);
  } catch {
    return 'format';
  }
  return HOST.test(url.hostname) ? null : 'format';
}

/** The end of a period comes after its start; both are `YYYY-MM` or `YYYY`, compared as far as both go. */
export function checkDateRange(start: string, end: string): DateRangeProblem | null {
  if (start === '' || end === '') return null;
  const length = Math.min(start.length, end.length);
  return end.slice(0, length) < start.slice(0, length) ? 'endBeforeStart' : null;
}

/**
 * A month typed by hand (browsers without `<input type="month">`) as the stored `YYYY-MM`: accepts
 * `2021-03`, `2021-3`, `2021/03`, `03/2021`, `3.2021` and a bare year `2021`. '' stays ''. Null when the
 * text is not a month yet.
 */
export function normaliseMonth(text: string): string | null {
  const value = text.trim();
  if (value === '') return '';
  const year = (y: string) => Number(y) >= 1900 && Number(y) <= 2100;
  const month = (m: string) => Number(m) >= 1 && Number(m) <= 12;
  const yearFirst = /^(\d{4})[-/.](\d{1,2})$/.exec(value);
  if (yearFirst?.[1] && yearFirst[2] && year(yearFirst[1]) && month(yearFirst[2])) {
    return `${yearFirst[1]}-${yearFirst[2].padStart(2, '0')}`;
  }
  const monthFirst = /^(\d{1,2})[-/.](\d{4})$/.exec(value);
  if (monthFirst?.[1] && monthFirst[2] && year(monthFirst[2]) && month(monthFirst[1])) {
    return `${monthFirst[2]}-${monthFirst[1].padStart(2, '0')}`;
  }
  return /^\d{4}$/.test(value) && year(value) ? value : null;
}

/** Photos the editor accepts, and the largest original it will try to read before shrinking it. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_SOURCE_MAX_BYTES = 15 * 1024 * 1024;

/** Whether a chosen file can become the resume photo (it is shrunk to a small JPEG before upload). */
export function checkPhotoFile(file: { type: string; size: number }): PhotoFileProblem | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  return file.size > PHOTO_SOURCE_MAX_BYTES ? 'size' : null;
}

/**
 * The fields an item needs before the spec's save rules would count it as complete (section 5: an
 * experience needs company and position, an education school and degree, a skill name and level).
 * The editor keeps and saves incomplete items; it only marks them.
 */
export const requiredFields = {
  experience: ['position', 'company'],
  education: ['school', 'degree'],
  skills: ['name', 'skillLevelId'],
} as const satisfies {
  experience: readonly (keyof ExperienceItem)[];
  education: readonly (keyof EducationItem)[];
  skills: readonly (keyof SkillItem)[];
};
export type CheckedList = keyof typeof requiredFields;

/** The required fields of an item that are still blank, in the order the form shows them. */
export function missingFields<K extends CheckedList>(
  list: K,
  item: Record<(typeof requiredFields)[K][number], string>,
): (typeof requiredFields)[K][number][] {
  const fields: readonly (typeof requiredFields)[K][number][] = requiredFields[list];
  return fields.filter((field) => item[field].trim() === '');
}
