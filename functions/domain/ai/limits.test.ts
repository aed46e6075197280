import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AI_DAILY_TOKEN_LIMIT, FREE_AI_SUGGESTION_LIMIT } from '#shared/plans';

// The AI's limits as rules over in-memory repositories: the per-user rate windows (rate-limit.ts), the Free
// plan's uses (metering.ts) and the daily token budget (token-meter.ts). The conditional writes that hold
// them under concurrency run against the local cloud in tests/integration (ai, abuse-limits, start).

process.env.LOG_LEVEL = 'SILENT';

/** Rate windows: `${bucket}#${index}` → count. */
const windows = new Map<string, number>();
const windowCalls: { bucket: string; window: { index: number; seconds: number }; count: number }[] = [];
jest.unstable_mockModule('../../adapters/table/rate-windows.ts', () => ({
  countInWindow: async (
    _sub: string,
    bucket: string,
    window: { index: number; seconds: number },
    count: number,
    max: number,
  ) => {
    windowCalls.push({ bucket, window, count });
    const key = `${bucket}#${window.index}`;
    const now = windows.get(key) ?? 0;
    if (now > max - count) return false;
    windows.set(key, now + count);
    return true;
  },
}));

/** The Profile's AI uses, the day's tokens, what was added. */
let uses = 0;
let dayTokens = { tokensIn: 0, tokensOut: 0 };
const added: { day: string; tokens: unknown; expiresAt: number }[] = [];
const addDayTokens = jest.fn(async (_sub: string, day: string, tokens: unknown, expiresAt: number) => {
  added.push({ day, tokens, expiresAt });
});
jest.unstable_mockModule('../../adapters/table/ai-usage.ts', () => ({
  countAiUse: async (_sub: string, limit: number | null) => {
    if (limit !== null && uses >= limit) return null;
    uses += 1;
    return uses;
  },
  uncountAiUse: async () => {
    if (uses <= 0) return false;
    uses -= 1;
    return true;
  },
  readDayTokens: async () => dayTokens,
  addDayTokens,
  addProfileTokens: async () => undefined,
}));

const metrics: [string, number | undefined][] = [];
jest.unstable_mockModule('../analytics/metrics.ts', () => ({
  recordMetric: async (metric: string, by?: number) => {
    metrics.push([metric, by]);
  },
}));

const { checkRateLimit, checkRateLimits, rateLimits } = await import('./rate-limit.ts');
const { giveBackAiUse, takeAiUse } = await import('./metering.ts');
const { checkDailyTokens, recordTokens } = await import('./token-meter.ts');

beforeEach(() => {
  windows.clear();
  windowCalls.length = 0;
  uses = 0;
  dayTokens = { tokensIn: 0, tokensOut: 0 };
  added.length = 0;
  addDayTokens.mockClear();
  metrics.length = 0;
});

describe('checkRateLimit', () => {
  const at = Date.parse('2026-11-28T12:00:30.000Z');

  it('counts in the fixed window of the call and refuses the call past the max, with the window end', async () => {
    const { max, windowSeconds } = rateLimits.ai;
    for (let i = 0; i < max; i++) await checkRateLimit('u1', 'ai', at);

    const refusal = await checkRateLimit('u1', 'ai', at).catch((e: unknown) => e);

    const index = Math.floor(at / 1000 / windowSeconds);
    expect(windowCalls[0]?.window).toEqual({ index, seconds: windowSeconds });
    expect(refusal).toMatchObject({ code: 'AI_RATE_LIMITED', status: 429 });
    expect((refusal as { resetAt: Date }).resetAt.toISOString()).toBe('2026-11-28T12:01:00.000Z');
    // The next window counts from zero.
    await expect(checkRateLimit('u1', 'ai', at + windowSeconds * 1000)).resolves.toBeUndefined();
  });

  it('refuses a batch larger than a whole window without counting anything', async () => {
    const { max } = rateLimits.events;

    await expect(checkRateLimit('u1', 'events', at, max + 1)).rejects.toMatchObject({
      code: 'EVENTS_RATE_LIMITED',
    });
    expect(windowCalls).toEqual([]);
  });

  it('stops at the first full bucket of several, counting none after it', async () => {
    for (let i = 0; i < rateLimits.uploads.max; i++) await checkRateLimit('u1', 'uploads', at);
    windowCalls.length = 0;

    await expect(checkRateLimits('u1', ['uploads', 'uploadsHourly'], at)).rejects.toMatchObject({
      code: 'UPLOAD_RATE_LIMITED',
    });
    expect(windowCalls.map((c) => c.bucket)).toEqual(['uploads']);
  });
});

describe('AI uses', () => {
  it(`gives the Free plan ${FREE_AI_SUGGESTION_LIMIT} uses, then AI_LIMIT_REACHED without a metric`, async () => {
    for (let i = 1; i <= FREE_AI_SUGGESTION_LIMIT; i++) {
      await expect(takeAiUse('u1', false)).resolves.toEqual({ used: i, limit: FREE_AI_SUGGESTION_LIMIT });
    }
    await expect(takeAiUse('u1', false)).rejects.toMatchObject({ code: 'AI_LIMIT_REACHED' });
    expect(metrics).toHaveLength(FREE_AI_SUGGESTION_LIMIT);
  });

  it('counts paid uses without a limit', async () => {
    uses = 1000;
    await expect(takeAiUse('u1', true)).resolves.toEqual({ used: 1001, limit: null });
  });

  it('takes a use off the statistics only when one was given back', async () => {
    uses = 1;
    await giveBackAiUse('u1');
    await giveBackAiUse('u1');

    expect([uses, metrics]).toEqual([0, [['aiUses', -1]]]);
  });
});

describe('daily tokens', () => {
  const now = new Date('2026-11-28T22:15:00.000Z');

  it('refuses once the day has spent the budget, until the next UTC day', async () => {
    dayTokens = { tokensIn: AI_DAILY_TOKEN_LIMIT - 1, tokensOut: 0 };
    await expect(checkDailyTokens('u1', now)).resolves.toBeUndefined();

    dayTokens = { tokensIn: AI_DAILY_TOKEN_LIMIT - 10, tokensOut: 10 };
    const refusal = await checkDailyTokens('u1', now).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: 'AI_DAILY_LIMIT' });
    expect((refusal as { resetAt: Date }).resetAt.toISOString()).toBe('2026-11-29T00:00:00.000Z');
  });

  it("adds whole, non-negative tokens to the UTC day's row, kept a day after it ends", async () => {
    await recordTokens('u1', { inputTokens: 10.6, outputTokens: -3 }, now);

    expect(added).toEqual([
      {
        day: '2026-11-28',
        tokens: { tokensIn: 11, tokensOut: 0 },
        expiresAt: Date.parse('2026-11-30T00:00:00.000Z') / 1000,
      },
    ]);
    expect(metrics).toEqual([
      ['aiTokensIn', 11],
      ['aiTokensOut', 0],
    ]);
  });

  it('writes nothing for a call that spent no tokens, and never throws when a write fails', async () => {
    await recordTokens('u1', { inputTokens: 0, outputTokens: 0 }, now);
    expect(addDayTokens).not.toHaveBeenCalled();

    addDayTokens.mockRejectedValueOnce(new Error('table down'));
    await expect(recordTokens('u1', { inputTokens: 1, outputTokens: 1 }, now)).resolves.toBeUndefined();
  });
});
