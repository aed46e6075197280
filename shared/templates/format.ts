import type { ResumeLanguage } from '../resume.ts';
import { stringsFor } from './strings.ts';

/** Separator of date ranges: an en dash with spaces, the same in both languages. */
export const RANGE_SEPARATOR = ' – ';

const monthFormats = new Map<string, Intl.DateTimeFormat>();

function monthName(language: ResumeLanguage, month: number): string {
  let format = monthFormats.get(language);
  if (!format) {
    // UTC on both sides: the server (PDF) and the browser (preview) must print the same month.
    format = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
    monthFormats.set(language, format);
  }
  return format.format(Date.UTC(2000, month - 1, 15));
}

/**
 * A stored date as the resume prints it: "Mar 2021" / "mar. 2021", a year alone, or (for dates imported in
 * another shape) the text as it is.
 */
export function formatDate(value: string, language: ResumeLanguage): string {
  const text = value.trim();
  const match = /^(\d{4})(?:-(\d{2}))?$/.exec(text);
  if (!match) return text;
  const [, year, month] = match;
  const m = Number(month);
  if (!month || m < 1 || m > 12) return year ?? text;
  // A no-break space: a date never splits between its month and its year.
  return `${monthName(language, m)}\u00a0${year}`;
}

/** "Mar 2021 – Present"; one side alone when the other is unknown; '' when both are. */
export function formatRange(start: string, end: string, current: boolean, language: ResumeLanguage): string {
  const from = formatDate(start, language);
  const to = current ? stringsFor(language).present : formatDate(end, language);
  if (from && to) return from === to ? from : `${from}${RANGE_SEPARATOR}${to}`;
  return from || to;
}

const SAFE_SCHEMES = /^(https?:|mailto:|tel:)/i;

/**
 * The href to print for a user URL, or undefined when it is not a web, mail or phone link: a PDF must never
 * carry a javascript: or data: link. Bare domains ("github.com/x") get https.
 */
export function safeHref(url: string): string | undefined {
  const text = url.trim();
  if (!text || /\s/.test(text)) return undefined;
  if (SAFE_SCHEMES.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return undefined;
  if (/^[\w-]+(\.[\w-]+)+(\/|$)/.test(text)) return `https://${text}`;
  return undefined;
}

/** A URL as people read it on paper: no scheme, no www., no trailing slash. */
export function displayUrl(url: string): string {
  return url
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?/i, '')
    .replace(/\/$/, '');
}

/** The phone number as a tel: link (digits and a leading plus only). */
export function telHref(phone: string): string | undefined {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '').length >= 3 ? `tel:${digits}` : undefined;
}

/** Join the non-empty parts with a separator, so a missing field never leaves a stray comma or dot. */
export function joinParts(parts: readonly (string | undefined | null)[], separator: string): string {
  return parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(separator);
}
