import type { AiUsage } from '#shared/ai';
import { FREE_AI_SUGGESTION_LIMIT } from '#shared/plans';
import { countAiUse, uncountAiUse } from '../../adapters/table/ai-usage.ts';
import { AppError } from '../../lib/app-error.ts';
import { logger } from '../../lib/logger.ts';
import { recordMetric } from '../analytics/metrics.ts';

/**
 * AI metering (spec section 6): Free users have FREE_AI_SUGGESTION_LIMIT uses in total, paid users have no
 * limit. A use is taken before the provider is called, in one conditional update, so concurrent requests
 * can never pass the limit together; a call that fails gives its use back.
 */

/** The plan's limit: null for paid access. */
export const aiLimit = (paid: boolean): number | null => (paid ? null : FREE_AI_SUGGESTION_LIMIT);

/** Take one AI use, or throw AI_LIMIT_REACHED. Paid uses are counted too (for the staff statistics). */
export async function takeAiUse(sub: string, paid: boolean): Promise<AiUsage> {
  const limit = aiLimit(paid);
  const used = await countAiUse(sub, limit, new Date().toISOString());
  if (used === null) throw new AppError('AI_LIMIT_REACHED', `The Free plan includes ${limit} AI uses.`);
  await recordMetric('aiUses');
  return { used, limit };
}

/** Give a use back after a failed call; never below zero, and never throws (the failure is what matters). */
export async function giveBackAiUse(sub: string): Promise<void> {
  try {
    // None to give back (already at zero): nothing changes, nothing is logged.
    if (!(await uncountAiUse(sub, new Date().toISOString()))) return;
    // Only a use that is kept is an AI use of the day's statistics.
    await recordMetric('aiUses', -1);
  } catch (error) {
    logger.error('could not give an AI use back', { error: error as Error });
  }
}
