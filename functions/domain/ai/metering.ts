import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AiUsage } from '#shared/ai';
import { FREE_AI_SUGGESTION_LIMIT } from '#shared/plans';
import { documentClient, isConditionFailure, tableName } from '../../adapters/dynamo.ts';
import { AppError } from '../../lib/app-error.ts';
import { logger } from '../../lib/logger.ts';
import { recordMetric } from '../analytics/metrics.ts';
import { keys } from '../keys.ts';

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
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(sub),
        UpdateExpression: 'SET aiUsageCount = if_not_exists(aiUsageCount, :zero) + :one, updatedAt = :now',
        ConditionExpression:
          limit === null
            ? 'attribute_exists(pk)'
            : 'attribute_exists(pk) AND (attribute_not_exists(aiUsageCount) OR aiUsageCount < :limit)',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':now': new Date().toISOString(),
          ...(limit === null ? {} : { ':limit': limit }),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    await recordMetric('aiUses');
    return { used: Number(Attributes?.aiUsageCount ?? 0), limit };
  } catch (error) {
    if (isConditionFailure(error)) {
      throw new AppError('AI_LIMIT_REACHED', `The Free plan includes ${limit} AI uses.`, { cause: error });
    }
    throw error;
  }
}

/** Give a use back after a failed call; never below zero, and never throws (the failure is what matters). */
export async function giveBackAiUse(sub: string): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(sub),
        UpdateExpression: 'SET aiUsageCount = aiUsageCount - :one, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND aiUsageCount > :zero',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':now': new Date().toISOString() },
      }),
    );
    // Only a use that is kept is an AI use of the day's statistics.
    await recordMetric('aiUses', -1);
  } catch (error) {
    if (!isConditionFailure(error)) logger.error('could not give an AI use back', { error: error as Error });
  }
}
