import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, isConditionFailure, tableName } from '../dynamo.ts';
import { AiDay, Profile } from './entities.ts';

/**
 * What a user spends on AI: the uses counted on their Profile (`aiUsageCount`, the Free plan's limit), the
 * tokens of each UTC day (AiDay rows, the daily budget) and the token totals on the Profile.
 */

/**
 * Count one AI use on the Profile, conditioned on `limit` (null: no limit); the count after it, or null when
 * the condition refused it (the limit reached, or no Profile).
 */
export async function countAiUse(sub: string, limit: number | null, now: string): Promise<number | null> {
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Profile.key({ sub }),
        UpdateExpression: 'SET aiUsageCount = if_not_exists(aiUsageCount, :zero) + :one, updatedAt = :now',
        ConditionExpression:
          limit === null
            ? 'attribute_exists(pk)'
            : 'attribute_exists(pk) AND (attribute_not_exists(aiUsageCount) OR aiUsageCount < :limit)',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':now': now,
          ...(limit === null ? {} : { ':limit': limit }),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.aiUsageCount ?? 0);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Take one use off the Profile's count, never below zero; false when there was none to take. */
export async function uncountAiUse(sub: string, now: string): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Profile.key({ sub }),
        UpdateExpression: 'SET aiUsageCount = aiUsageCount - :one, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND aiUsageCount > :zero',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The tokens in and out a user spent on one UTC day (`yyyy-mm-dd`), read consistently. */
export async function readDayTokens(
  sub: string,
  day: string,
): Promise<{ tokensIn: number; tokensOut: number }> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: AiDay.key({ sub, day }), ConsistentRead: true }),
  );
  return { tokensIn: Number(Item?.tokensIn ?? 0), tokensOut: Number(Item?.tokensOut ?? 0) };
}

/** Add one call's tokens to the user's row of `day` (kept until `expiresAt`, epoch seconds). */
export async function addDayTokens(
  sub: string,
  day: string,
  tokens: { tokensIn: number; tokensOut: number },
  expiresAt: number,
): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: AiDay.key({ sub, day }),
      UpdateExpression: 'ADD tokensIn :in, tokensOut :out, calls :one SET #ttl = :ttl, entity = :entity',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':in': tokens.tokensIn,
        ':out': tokens.tokensOut,
        ':one': 1,
        ':ttl': expiresAt,
        ':entity': AiDay.name,
      },
    }),
  );
}

/** Add one call's tokens to the Profile's totals. */
export async function addProfileTokens(
  sub: string,
  tokens: { tokensIn: number; tokensOut: number },
): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: Profile.key({ sub }),
      UpdateExpression: 'ADD aiTokensIn :in, aiTokensOut :out, aiCalls :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':in': tokens.tokensIn, ':out': tokens.tokensOut, ':one': 1 },
    }),
  );
}
