import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FeatureFlagState } from '#shared/flags';
import { documentClient, tableName } from '../dynamo.ts';
import { Flag } from './entities.ts';

/** A feature flag as stored (`FLAG` / `{name}`); fields other writers may have left are typed loosely. */
export interface StoredFlag {
  name: string;
  enabled: unknown;
  updatedAt?: unknown;
  updatedBy?: unknown;
}

/** Every stored flag: the whole partition in one Query. */
export async function readStoredFlags(): Promise<StoredFlag[]> {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': Flag.partition({}) },
    }),
  );
  return Items.map((item) => ({
    name: String(item.sk),
    enabled: item.enabled,
    updatedAt: item.updatedAt,
    updatedBy: item.updatedBy,
  }));
}

/** Write a flag's state whole. */
export async function putFlag(state: FeatureFlagState): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...Flag.key({ name: state.name }), entity: Flag.name, ...state },
    }),
  );
}
