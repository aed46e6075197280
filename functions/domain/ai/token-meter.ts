import { AI_DAILY_TOKEN_LIMIT } from '#shared/plans';
import { addDayTokens, addProfileTokens, readDayTokens } from '../../adapters/table/ai-usage.ts';
import { AppError } from '../../lib/app-error.ts';
import { logger } from '../../lib/logger.ts';
import { recordMetric } from '../analytics/metrics.ts';
import type { TokenUsage } from './provider.ts';

/**
 * What the AI costs, per user and per day: every Claude call's tokens in and out are added to the user's
 * row of the UTC day (kept two days), to their profile's totals (the metering row) and to the day's stats
 * (`aiTokensIn`, `aiTokensOut`, which staff see). A call starts only while the day's total is under
 * AI_DAILY_TOKEN_LIMIT; the call that crosses it may finish, so a day can end over the limit by at most one
 * call (its prompt budget plus its max_tokens).
 */

/** The UTC day of a time (`yyyy-mm-dd`). */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The start of the next UTC day: when the day's tokens count from zero again. */
export function nextUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** The tokens a user spent today (in + out). */
export async function tokensToday(sub: string, now = new Date()): Promise<number> {
  const { tokensIn, tokensOut } = await readDayTokens(sub, utcDay(now));
  return tokensIn + tokensOut;
}

/** Throws 429 AI_DAILY_LIMIT, with the time it resets, when the user's tokens of the day are spent. */
export async function checkDailyTokens(sub: string, now = new Date()): Promise<void> {
  if ((await tokensToday(sub, now)) < AI_DAILY_TOKEN_LIMIT) return;
  throw new AppError('AI_DAILY_LIMIT', `At most ${AI_DAILY_TOKEN_LIMIT} AI tokens a day.`, {
    resetAt: nextUtcDay(now),
  });
}

/** Adds one call's tokens to the day, the profile and the stats. Never throws: the call's answer matters. */
export async function recordTokens(sub: string, usage: TokenUsage, now = new Date()): Promise<void> {
  const tokensIn = Math.max(0, Math.round(usage.inputTokens));
  const tokensOut = Math.max(0, Math.round(usage.outputTokens));
  if (tokensIn + tokensOut === 0) return;
  const tokens = { tokensIn, tokensOut };
  try {
    await Promise.all([
      // The day's row is kept until a day after the day ends.
      addDayTokens(sub, utcDay(now), tokens, Math.floor(nextUtcDay(now).getTime() / 1000) + 86_400),
      addProfileTokens(sub, tokens),
      recordMetric('aiTokensIn', tokensIn),
      recordMetric('aiTokensOut', tokensOut),
    ]);
  } catch (error) {
    logger.error('could not record AI tokens', { error: error as Error, tokensIn, tokensOut });
  }
}

/**
 * Call options that meter the call for `sub`: pass `options` to the provider, then await `recorded()` once
 * it has answered or failed (a failed call's tokens were spent too).
 */
export function metered(sub: string): {
  options: { onUsage: (usage: TokenUsage) => void };
  recorded: () => Promise<void>;
} {
  const pending: Promise<void>[] = [];
  return {
    options: { onUsage: (usage) => void pending.push(recordTokens(sub, usage)) },
    recorded: async () => {
      await Promise.all(pending);
    },
  };
}
