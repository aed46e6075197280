import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../dynamo.ts';
import { batchGet } from './batch-get.ts';
import { DayCounts, EventBatch } from './entities.ts';

/**
 * Analytics items: each accepted batch of client events (EventBatch, one item per request, in time order
 * per UTC day) and each day's counters (DayCounts, one item per UTC day, every counter an atomic ADD:
 * `m_{metric}` for the server's metrics, `e_{event name}` for client events).
 */

/** Events are raw personal-ish data: kept a little over a year, then DynamoDB's TTL removes them. */
export const EVENT_TTL_SECONDS = 400 * 86_400;

const metricAttribute = (metric: string) => `m_${metric}`;
const eventAttribute = (name: string) => `e_${name}`;

/** One stored batch: the server's time, the verified caller and the events as kept. */
export interface EventBatchRecord<E> {
  at: string;
  userId: string;
  events: E[];
}

/** Store one batch of events of `day` under its server time `at`. */
export async function putEventBatch<E>(
  day: string,
  id: string,
  batch: EventBatchRecord<E>,
  now: Date,
): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...EventBatch.key({ day, at: batch.at, id }),
        entity: EventBatch.name,
        at: batch.at,
        userId: batch.userId,
        count: batch.events.length,
        events: batch.events,
        ttl: Math.floor(now.getTime() / 1000) + EVENT_TTL_SECONDS,
      },
    }),
  );
}

/**
 * Up to `limit` batches of one day in time order, after the batch whose `position` is `after`. Each
 * batch's `position` is opaque to callers; `done` says the day has no batch after the last one read.
 */
export async function queryEventBatches<E>(
  day: string,
  limit: number,
  after?: string,
): Promise<{ batches: (EventBatchRecord<E> & { position: string })[]; done: boolean }> {
  const pk = EventBatch.partition({ day });
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ...(after ? { ExclusiveStartKey: { pk, sk: after } } : {}),
      Limit: limit,
    }),
  );
  const batches = (page.Items ?? []).map((item) => ({
    at: String(item.at),
    userId: String(item.userId),
    events: Array.isArray(item.events) ? (item.events as E[]) : [],
    position: String(item.sk),
  }));
  return { batches, done: !page.LastEvaluatedKey };
}

/** What to add to one day's counters: server metrics and client events by name. */
export interface DayCountChange {
  metrics?: Record<string, number>;
  events?: Record<string, number>;
}

/**
 * Add to counters of one day's item in a single atomic update, so two Lambdas counting at once both land.
 * Zero changes are left out; nothing to add writes nothing.
 */
export async function addDayCounts(day: string, change: DayCountChange): Promise<void> {
  const entries = [
    ...Object.entries(change.metrics ?? {}).map(([m, n]) => [metricAttribute(m), n] as const),
    ...Object.entries(change.events ?? {}).map(([e, n]) => [eventAttribute(e), n] as const),
  ].filter(([, n]) => n !== 0);
  if (entries.length === 0) return;
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  entries.forEach(([attribute, n], i) => {
    names[`#c${i}`] = attribute;
    values[`:c${i}`] = n;
  });
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: DayCounts.key({ day }),
      UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** One day's counters as read: a counter never added to reads 0. */
export interface DayCounters {
  metric(name: string): number;
  event(name: string): number;
}

/** The counters of each day asked (BatchGet, every day read or an error). */
export async function readDayCounts(days: readonly string[]): Promise<Map<string, DayCounters>> {
  const items = await batchGet(
    days.map((day) => DayCounts.key({ day })),
    { giveUp: 'could not read every item' },
  );
  const byPk = new Map(items.map((item) => [String(item.pk), item]));
  const count = (item: Record<string, unknown> | undefined, attribute: string) =>
    Number(item?.[attribute] ?? 0) || 0;
  return new Map(
    days.map((day) => {
      const item = byPk.get(DayCounts.partition({ day }));
      return [
        day,
        {
          metric: (name: string) => count(item, metricAttribute(name)),
          event: (name: string) => count(item, eventAttribute(name)),
        },
      ];
    }),
  );
}
