import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env, readEnv } from '#functions/contract';

/**
 * The document client, created once per process. Endpoints come from the SDK's own settings
 * (AWS_ENDPOINT_URL_DYNAMODB in the local cloud), so the code is the same in both runtimes.
 */
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

/** The single table's name, read when first needed so tests can set it. */
export function tableName(): string {
  const name = readEnv('tableName');
  if (!name) throw new Error(`${env.tableName} is not set`);
  return name;
}

interface DynamoError {
  name?: string;
  message?: string;
  CancellationReasons?: { Code?: string; Message?: string }[];
}

/** Whether a write was refused by its own condition (alone, or at `index` of a transaction when given). */
export function isConditionFailure(error: unknown, index?: number): boolean {
  const e = error as DynamoError;
  if (e.name === 'ConditionalCheckFailedException') return true;
  if (e.name !== 'TransactionCanceledException') return false;
  const reasons = e.CancellationReasons ?? [];
  return index === undefined
    ? reasons.some((r) => r.Code === 'ConditionalCheckFailed')
    : reasons[index]?.Code === 'ConditionalCheckFailed';
}

/** Whether the write lost a race with a transaction on the same item; trying again is safe. */
export function isTransactionConflict(error: unknown): boolean {
  const e = error as DynamoError;
  if (e.name === 'TransactionConflictException') return true;
  return (
    e.name === 'TransactionCanceledException' &&
    (e.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict')
  );
}

const itemSizeMessage = /item size.*exceeded|exceeds? the maximum (allowed )?(item )?size/i;

/** Whether DynamoDB refused an item over its 400 KB limit. */
export function isItemTooLarge(error: unknown): boolean {
  const e = error as DynamoError;
  if (e.name === 'ValidationException') return itemSizeMessage.test(e.message ?? '');
  return (
    e.name === 'TransactionCanceledException' &&
    (e.CancellationReasons ?? []).some(
      (r) => r.Code === 'ValidationError' && itemSizeMessage.test(r.Message ?? ''),
    )
  );
}
