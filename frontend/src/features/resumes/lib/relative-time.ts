/**
 * "Updated 5 minutes ago": how long ago a resume changed, in the largest unit that reads naturally. The
 * words come from Intl.RelativeTimeFormat, so plurals and word order are right in every language.
 */

export type RelativeTime =
  | { kind: 'invalid' }
  /** Under a minute, or a moment in the future (the server's clock may run a little ahead). */
  | { kind: 'justNow' }
  | { kind: 'ago'; value: number; unit: Intl.RelativeTimeFormatUnit };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Each unit is used until the next one rounds to at least 1 (45 min reads as "1 hour", not "45 minutes").
const steps: { below: number; unit: Intl.RelativeTimeFormatUnit; size: number }[] = [
  { below: 45 * MINUTE, unit: 'minute', size: MINUTE },
  { below: 22 * HOUR, unit: 'hour', size: HOUR },
  { below: 7 * DAY, unit: 'day', size: DAY },
  { below: 30 * DAY, unit: 'week', size: 7 * DAY },
  { below: 365 * DAY, unit: 'month', size: 30 * DAY },
];

/** How long before `now` the ISO timestamp lies, as a count of one unit. */
export function relativeTime(iso: string, now: number): RelativeTime {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return { kind: 'invalid' };
  const elapsed = now - then;
  if (elapsed < 45 * SECOND) return { kind: 'justNow' };
  for (const { below, unit, size } of steps) {
    if (elapsed < below) return { kind: 'ago', value: Math.max(1, Math.round(elapsed / size)), unit };
  }
  return { kind: 'ago', value: Math.max(1, Math.round(elapsed / (365 * DAY))), unit: 'year' };
}

/** "5 minutes ago" / "há 5 minutos"; always numeric, since "last month" does not fit every sentence. */
export function formatAgo(value: number, unit: Intl.RelativeTimeFormatUnit, locale: string): string {
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-value, unit);
}

/** The exact moment, for a tooltip: "Mar 4, 2026, 2:05 PM" / "4 de mar. de 2026, 14:05". */
export function formatExactTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
