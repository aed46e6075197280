import type { StatMetric } from '#shared/analytics';
import { hasProAccess, type SubscriptionState } from '#shared/plans';
import { addDayCounts } from '../../adapters/table/analytics.ts';
import { logger } from '../../lib/logger.ts';
import { utcDay } from './days.ts';

/**
 * Count one occurrence of a daily metric (or take one back with `by: -1`) in today's counters, written where
 * the fact happens. Best effort: the action that
 * happened matters more than its statistic, so a failure is logged and never thrown.
 */
export async function recordMetric(metric: StatMetric, by = 1): Promise<void> {
  try {
    await addDayCounts(utcDay(new Date()), { metrics: { [metric]: by } });
  } catch (error) {
    logger.warn('could not count a metric', { metric, error: error as Error });
  }
}

/** The outcome of `work`, counted as one `metric` once it succeeded (a failure is not counted). */
export async function counted<T>(metric: StatMetric, work: Promise<T>): Promise<T> {
  const result = await work;
  await recordMetric(metric);
  return result;
}

/**
 * Whether a billing write is a Pro conversion: the new row gives Pro access, and the stored one was not
 * already a running Pro purchase of the same id. The stored row is judged without its end date, so a
 * renewal whose webhook arrives after the old period ended is not counted again.
 */
export function isProConversion(
  before: (SubscriptionState & { stripePurchaseId?: string | null }) | null | undefined,
  after: (SubscriptionState & { stripePurchaseId?: string | null }) | null | undefined,
  now = new Date(),
): boolean {
  if (!after || !hasProAccess(after, now)) return false;
  if (!before || before.stripePurchaseId !== after.stripePurchaseId) return !hasProAccess(before, now);
  return !hasProAccess({ ...before, validUntil: null }, now);
}
