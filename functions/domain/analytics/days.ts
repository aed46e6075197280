/** UTC calendar days as `yyyy-mm-dd`: the unit of the stats counters, the event partitions and exports. */

const DAY_MS = 86_400_000;

/** The UTC day a moment falls on. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A day moved by `n` days (negative: earlier). */
export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/**
 * The day a query parameter names, or null. Only real calendar days pass: Date would roll 2026-02-30
 * over to March, so the text must survive the round trip unchanged.
 */
export function parseDay(text: unknown): string | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms)) return null;
  return utcDay(new Date(ms)) === text ? text : null;
}

/** How many days `from`..`to` spans, both included (0 or less when `to` is before `from`). */
export function spanDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day from `from` to `to`, both included, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let i = 0; i < spanDays(from, to); i++) days.push(addDays(from, i));
  return days;
}

/** The last `n` days up to and including the day of `now`, oldest first. */
export function lastDays(n: number, now: Date): string[] {
  const today = utcDay(now);
  return daysBetween(addDays(today, -(n - 1)), today);
}
