// Analytics limits with no schema (the SPA's event batcher needs them on every page). Re-exported by
// shared/analytics.ts.

/** At most this many events in one request, and per user per minute (the server's rate window). */
export const MAX_EVENTS_PER_REQUEST = 20;
export const MAX_EVENTS_PER_MINUTE = 120;
