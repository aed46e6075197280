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
import { readDayCounts } from '../../adapters/table/analytics.ts';
import { subscriptionPlanStates } from '../../adapters/table/billing.ts';
import { resumeCountsOfEveryUser } from '../../adapters/table/profile-directory.ts';
import { AppError } from '../../lib/app-error.ts';
import { lastDays } from './days.ts';

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
  for (const user of await resumeCountsOfEveryUser()) {
    users += 1;
    resumes += Math.max(0, Number(user.resumeCount) || 0);
    if (user.sub !== null) subs.push(user.sub);
  }
  const rows = await subscriptionPlanStates(subs);
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
  const [counts, currentTotals] = await Promise.all([readDayCounts(dayList), totals(now)]);
  const series = Object.fromEntries(
    statMetrics.map((metric) => [
      metric,
      dayList.map((day) => Math.max(0, counts.get(day)?.metric(metric) ?? 0)),
    ]),
  ) as Record<StatMetric, number[]>;
  const events: Partial<Record<AnalyticsEventName, number>> = {};
  for (const name of analyticsEventNames) {
    const total = dayList.reduce((sum, day) => sum + (counts.get(day)?.event(name) ?? 0), 0);
    if (total > 0) events[name] = total;
  }
  return { days: dayList, series, events, totals: currentTotals, generatedAt: now.toISOString() };
}
