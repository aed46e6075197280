import type { AnalyticsEvent, AnalyticsEventName } from '#shared/analytics';

export type EventProperties = Record<string, string | number | boolean | null | undefined>;

const MAX_PROPERTIES = 10;
const MAX_TEXT = 200;
const keyPattern = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/;

/**
 * The event as the server's schema accepts it, built so it cannot carry personal data by accident: the
 * path without query or hash (a query may hold an e-mail or a grant), only flat short properties, and no
 * value that looks like an e-mail address.
 */
export function buildEvent(
  name: AnalyticsEventName,
  pathname: string | undefined,
  properties: EventProperties | undefined,
  at: Date,
): AnalyticsEvent {
  const event: AnalyticsEvent = { name, at: at.toISOString() };
  const path = pathname?.split(/[?#]/)[0];
  if (path?.startsWith('/')) event.path = path.slice(0, MAX_TEXT);
  const kept: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (Object.keys(kept).length >= MAX_PROPERTIES || !keyPattern.test(key)) continue;
    if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
      kept[key] = value;
    else if (typeof value === 'string' && !value.includes('@')) kept[key] = value.slice(0, MAX_TEXT);
  }
  if (Object.keys(kept).length > 0) event.properties = kept;
  return event;
}
