import { BatchGetCommand, type BatchGetCommandOutput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AdminStats,
  type AnalyticsEventName,
  analyticsEventNames,
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
  type StatMetric,
  statMetrics,
} from '#shared/analytics';
import { hasProAccess } from '#shared/plans';
import { documentClient, tableName } from '../../adapters/dynamo.ts';
import { AppError } from '../../lib/app-error.ts';
import { keys } from '../keys.ts';
import { lastDays } from './days.ts';
import { analyticsKeys, eventAttribute, metricAttribute } from './keys.ts';

/** `?days=` as the stats route reads it: absent is the default, anything but 1..STATS_MAX_DAYS is refused. */
export function statsDays(text: string | undefined): number {
  if (text === undefined) return STATS_DEFAULT_DAYS;
  const days = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(days >= 1 && days <= STATS_MAX_DAYS)) {
    throw new AppError('VALIDATION_FAILED', 'The query string is not valid.', {
      issues: [{ path: 'days', message: `must be a whole number from 1 to ${STATS_MAX_DAYS}` }],
    });
  }
  return days;
}

/** Read items by key, 100 at a time, asking again for what DynamoDB left unprocessed. */
async function batchGet(
  keyList: Record<string, string>[],
  projection?: { expression: string; names: Record<string, string> },
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let request: Record<string, unknown>[] | undefined = keyList.slice(i, i + 100);
    for (let attempt = 0; request && request.length > 0; attempt++) {
      if (attempt > 5) throw new Error('could not read every item');
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const answer: BatchGetCommandOutput = await documentClient.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: request,
              ...(projection
                ? { ProjectionExpression: projection.expression, ExpressionAttributeNames: projection.names }
                : {}),
            },
          },
        }),
      );
      items.push(...(answer.Responses?.[tableName()] ?? []));
      request = answer.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return items;
}

/**
 * Totals as they are now. Users: every Profile, counted over the gsi1 `PROFILES` partition. Resumes: the
 * sum of the Profiles' `resumeCount`, the count the plan limit keeps in the same transaction as each
 * create and delete. Pro users: each user's Subscription row read and judged by the same rule as the
 * plan checks (hasProAccess), so a purchase that lapsed without any write is not counted. One pass over
 * the users: fine for thousands of accounts; beyond that these belong in a counter kept by a stream.
 */
async function totals(now: Date): Promise<AdminStats['totals']> {
  let users = 0;
  let resumes = 0;
  const subs: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.profileIndex('').gsi1pk },
        ProjectionExpression: 'pk, resumeCount',
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      users += 1;
      resumes += Math.max(0, Number(item.resumeCount) || 0);
      if (typeof item.pk === 'string') subs.push(item.pk.slice(keys.user('').length));
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const rows = await batchGet(
    subs.map((sub) => keys.subscription(sub)),
    {
      expression: 'subscriptionType, #status, validUntil',
      names: { '#status': 'status' },
    },
  );
  const proUsers = rows.filter((row) =>
    hasProAccess(
      {
        subscriptionType: String(row.subscriptionType),
        status: String(row.status),
        validUntil: typeof row.validUntil === 'string' ? row.validUntil : null,
      },
      now,
    ),
  ).length;
  return { users, proUsers, resumes };
}

/** The staff statistics of the last `days` UTC days: daily metrics, events per name, totals. */
export async function adminStats(days: number, now = new Date()): Promise<AdminStats> {
  const dayList = lastDays(days, now);
  const [counts, currentTotals] = await Promise.all([
    batchGet(dayList.map((day) => analyticsKeys.dayCounts(day))),
    totals(now),
  ]);
  const byDay = new Map(counts.map((item) => [String(item.pk), item]));
  const count = (item: Record<string, unknown> | undefined, attribute: string) =>
    Number(item?.[attribute] ?? 0) || 0;
  const series = Object.fromEntries(
    statMetrics.map((metric) => [
      metric,
      dayList.map((day) =>
        Math.max(0, count(byDay.get(analyticsKeys.dayCounts(day).pk), metricAttribute(metric))),
      ),
    ]),
  ) as Record<StatMetric, number[]>;
  const events: Partial<Record<AnalyticsEventName, number>> = {};
  for (const name of analyticsEventNames) {
    const total = dayList.reduce(
      (sum, day) => sum + count(byDay.get(analyticsKeys.dayCounts(day).pk), eventAttribute(name)),
      0,
    );
    if (total > 0) events[name] = total;
  }
  return { days: dayList, series, events, totals: currentTotals, generatedAt: now.toISOString() };
}
