import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent, AnalyticsEventName } from '#shared/analytics';
import { addDayCounts, putEventBatch, queryEventBatches } from '../../adapters/table/analytics.ts';
import { logger } from '../../lib/logger.ts';
import { utcDay } from './days.ts';

/** An event as the export reads it: the server's time and the verified caller, never the client's word. */
export interface StoredEvent {
  at: string;
  name: AnalyticsEventName;
  userId: string;
  path?: string;
  clientAt?: string;
  properties?: Record<string, string | number | boolean>;
}

/** What the item keeps of each event of a batch; time and user are the batch's. */
type BatchEntry = Omit<StoredEvent, 'at' | 'userId'>;

/**
 * Store a validated, rate-checked batch and count it in today's counters. The batch is one item (at most
 * MAX_EVENTS_PER_REQUEST small events, far below the item limit): one write per request instead of one
 * per event, and the batch is kept whole or not at all. The events are written before they are counted:
 * a counter that failed to move is a smaller error than a counted event that was never kept, and it is
 * logged.
 */
export async function storeEvents(userId: string, events: AnalyticsEvent[], now = new Date()): Promise<void> {
  const at = now.toISOString();
  const entries: BatchEntry[] = events.map((event) => ({
    name: event.name,
    ...(event.path !== undefined ? { path: event.path } : {}),
    ...(event.at !== undefined ? { clientAt: event.at } : {}),
    ...(event.properties !== undefined ? { properties: event.properties } : {}),
  }));
  await putEventBatch(utcDay(now), randomUUID(), { at, userId, events: entries }, now);
  const counts: Record<string, number> = {};
  for (const event of events) counts[event.name] = (counts[event.name] ?? 0) + 1;
  try {
    await addDayCounts(utcDay(now), { events: counts });
  } catch (error) {
    logger.warn('events stored but not counted', { count: events.length, error: error as Error });
  }
}

/** Where a paged read of events goes on: the day and the position of the last batch read there. */
export interface EventCursor {
  day: string;
  after: string;
}

/**
 * One page of stored batches of the days given (oldest first), from `cursor` on, as their events. `next`
 * is where the following page starts, or null after the last batch of the last day; each batch's
 * `position` is the cursor that continues right after it.
 */
export async function readEventsPage(
  days: string[],
  limit: number,
  cursor: EventCursor | null = null,
): Promise<{ batches: { events: StoredEvent[]; position: EventCursor }[]; next: EventCursor | null }> {
  let index = cursor ? days.indexOf(cursor.day) : 0;
  if (index < 0) return { batches: [], next: null };
  let after = cursor?.after;
  const batches: { events: StoredEvent[]; position: EventCursor }[] = [];
  while (index < days.length && batches.length < limit) {
    const day = days[index] as string;
    const page = await queryEventBatches<BatchEntry>(day, limit - batches.length, after);
    for (const batch of page.batches) {
      batches.push({
        events: batch.events.map((entry) => ({ ...entry, at: batch.at, userId: batch.userId })),
        position: { day, after: batch.position },
      });
      after = batch.position;
    }
    if (page.done) {
      index += 1;
      after = undefined;
    }
  }
  if (index >= days.length) return { batches, next: null };
  // A day is only known to be done once a query said so: the cursor may point at its very end.
  return { batches, next: { day: days[index] as string, after: after ?? '' } };
}
