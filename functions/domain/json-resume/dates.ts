import { jsonResumeSchema } from './schema/schema.ts';
import { str } from './tolerant-read.ts';

/** Dates: JSON Resume writes ISO 8601 (`2024-06-29`), our resume months (`2024-06`) or years, both free text. */

const ISO8601 = new RegExp(jsonResumeSchema.definitions.iso8601.pattern);

/** `YYYY-MM-DD`, `YYYY-MM` or `YYYY` become `YYYY-MM` or `YYYY`; a month outside 01–12 keeps the year. */
export function toOurDate(value: unknown): string {
  const match = /^(\d{4})(?:-(\d{2}))?/.exec(str(value).trim());
  if (!match) return '';
  const [, year, month] = match;
  return month && Number(month) >= 1 && Number(month) <= 12 ? `${year}-${month}` : (year ?? '');
}

/** Our dates are free text up to the API: keep what reads as a date (an impossible month keeps its year). */
export function toTheirDate(value: string): string | undefined {
  const date = toOurDate(value);
  return ISO8601.test(date) ? date : undefined;
}
