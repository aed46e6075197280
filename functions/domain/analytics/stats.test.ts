import { describe, expect, it, jest } from '@jest/globals';

// The statistics' arithmetic over the stored counters and rows, with the repositories played in memory
// (the reads themselves: tests/integration/analytics.test.ts).

const counters: Record<string, { metrics: Record<string, number>; events: Record<string, number> }> = {
  '2026-11-24': { metrics: { signUps: 2, resumesCreated: -1 }, events: { user_sign_in: 3 } },
  '2026-11-25': { metrics: { signUps: 1, proConversions: 1 }, events: { user_sign_in: 1 } },
};
const users = [
  { sub: 'u1', resumeCount: 3 },
  { sub: 'u2', resumeCount: -2 },
  { sub: 'u3', resumeCount: 'not a number' },
  { sub: null, resumeCount: 1 },
];
const subscriptionsAsked: string[][] = [];

jest.unstable_mockModule('../../adapters/table/analytics.ts', () => ({
  readDayCounts: async (days: string[]) =>
    new Map(
      days.map((day) => [
        day,
        {
          metric: (name: string) => counters[day]?.metrics[name] ?? 0,
          event: (name: string) => counters[day]?.events[name] ?? 0,
        },
      ]),
    ),
}));
jest.unstable_mockModule('../../adapters/table/profile-directory.ts', () => ({
  resumeCountsOfEveryUser: async () => users,
}));
jest.unstable_mockModule('../../adapters/table/billing.ts', () => ({
  subscriptionPlanStates: async (subs: string[]) => {
    subscriptionsAsked.push(subs);
    return [
      { subscriptionType: 'proLifetime', status: 'active', validUntil: null },
      { subscriptionType: 'proSubscription', status: 'active', validUntil: '2026-11-01T00:00:00.000Z' },
    ];
  },
}));

const { adminStats } = await import('./stats.ts');

describe('adminStats', () => {
  it('reads each day once, never counts below zero and lists only the events that happened', async () => {
    const stats = await adminStats(3, new Date('2026-11-25T12:00:00Z'));

    expect(stats.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(stats.series.signUps).toEqual([0, 2, 1]);
    expect(stats.series.resumesCreated).toEqual([0, 0, 0]);
    expect(stats.events).toEqual({ user_sign_in: 4 });
  });

  it('totals every Profile, ignores a broken resume count, and counts Pro only where it still holds', async () => {
    const { totals } = await adminStats(1, new Date('2026-11-25T12:00:00Z'));

    // Users: every Profile listed; resumes: only the counts that are positive numbers.
    expect(totals).toEqual({ users: 4, resumes: 4, proUsers: 1 });
    // A Profile whose partition names no user has no Subscription to read.
    expect(subscriptionsAsked.at(-1)).toEqual(['u1', 'u2', 'u3']);
  });
});
