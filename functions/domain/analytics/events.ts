import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AnalyticsEvent, AnalyticsEventName } from '#shared/analytics';
import { documentClient, tableName } from '../../adapters/dynamo.ts';
import { logger } from '../../lib/logger.ts';
import { utcDay } from './days.ts';
import { analyticsKeys, EVENT_TTL_SECONDS, eventAttribute } from './keys.ts';
import { addToDayCounts } from './metrics.ts';

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
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...analyticsKeys.event(utcDay(now), at, randomUUID()),
        entity: 'EventBatch',
        at,
        userId,
        count: entries.length,
        events: entries,
        ttl: Math.floor(now.getTime() / 1000) + EVENT_TTL_SECONDS,
      },
    }),
  );
  const counts: Record<string, number> = {};
  for (const event of events) {
    const attribute = eventAttribute(event.name);
    counts[attribute] = (counts[attribute] ?? 0) + 1;
  }
  try {
    await addToDayCounts(counts, now);
  } catch (error) {
    logger.warn('events stored but not counted', { count: events.length, error: error as Error });
  }
}

/** Where a paged read of events goes on: the day and the last sort key read. */
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
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': analyticsKeys.eventsOfDay(day) },
        ...(after ? { ExclusiveStartKey: { pk: analyticsKeys.eventsOfDay(day), sk: after } } : {}),
        Limit: limit - batches.length,
      }),
    );
    for (const item of page.Items ?? []) {
      const entries = Array.isArray(item.events) ? (item.events as BatchEntry[]) : [];
      batches.push({
        events: entries.map((entry) => ({ ...entry, at: String(item.at), userId: String(item.userId) })),
        position: { day, after: String(item.sk) },
      });
      after = String(item.sk);
    }
    if (!page.LastEvaluatedKey) {
      index += 1;
      after = undefined;
    }
  }
  if (index >= days.length) return { batches, next: null };
  // A day is only known to be done once a query said so: the cursor may point at its very end.
  return { batches, next: { day: days[index] as string, after: after ?? '' } };
}
