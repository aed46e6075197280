import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, isConditionFailure, tableName } from '../../adapters/dynamo.ts';
import { AppError } from '../../lib/app-error.ts';
import { keys } from '../keys.ts';

/**
 * Per-user rate limits of the AI routes (SECURITY.md): a fixed window counted in the table with one
 * conditional update per call, so every Lambda instance shares it. Paid users are limited too: unlimited
 * uses still must not let one account flood the provider.
 */
export const rateLimits = {
  /** Suggestions, assistant messages and tailoring jobs: calls that reach the model. */
  ai: { max: 12, windowSeconds: 60 },
  /** The match score is plain code but not free: it runs on every keystroke pause of the tailoring form. */
  matchScore: { max: 60, windowSeconds: 60 },
} as const;

export type RateBucket = keyof typeof rateLimits;

/** Count one call in the current window, or throw AI_RATE_LIMITED when the window is full. */
export async function checkRateLimit(sub: string, bucket: RateBucket, nowMs = Date.now()): Promise<void> {
  const { max, windowSeconds } = rateLimits[bucket];
  const window = Math.floor(nowMs / 1000 / windowSeconds);
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateWindow(sub, bucket, window),
        UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': max, ':ttl': (window + 2) * windowSeconds },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) {
      throw new AppError('AI_RATE_LIMITED', `At most ${max} calls every ${windowSeconds} s.`, {
        cause: error,
      });
    }
    throw error;
  }
}
