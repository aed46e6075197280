/**
 * Analytics items of the single table (listed in the table of functions/domain/keys.ts):
 * - `STATS#{day}` / `COUNTS`: one counter item per UTC day, every counter an atomic ADD: `m_{metric}` for
 *   the server's metrics, `e_{event name}` for client events. No TTL: a year of days is a few kilobytes.
 * - `EVENTS#{day}` / `{server iso time}#{id}`: one item per accepted batch of client events (`events`, a list;
 *   `userId`, `at`: the verified caller and the server's time), in time order per day, TTL 400 days.
 * - `FLAG` / `{flag name}`: feature flags (functions/domain/flags.ts).
 */
export const analyticsKeys = {
  dayCounts: (day: string) => ({ pk: `STATS#${day}`, sk: 'COUNTS' }),
  eventsOfDay: (day: string) => `EVENTS#${day}`,
  event: (day: string, iso: string, id: string) => ({ pk: `EVENTS#${day}`, sk: `${iso}#${id}` }),
  flag: (name: string) => ({ pk: 'FLAG', sk: name }),
  flagPartition: 'FLAG',
} as const;

/** Attribute names of the day's counter item. */
export const metricAttribute = (metric: string) => `m_${metric}`;
export const eventAttribute = (name: string) => `e_${name}`;

/** Events are raw personal-ish data: kept a little over a year, then DynamoDB's TTL removes them. */
export const EVENT_TTL_SECONDS = 400 * 86_400;
