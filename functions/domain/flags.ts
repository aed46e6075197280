import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type FeatureFlagName,
  type FeatureFlagState,
  type FeatureFlags,
  featureFlagDefaults,
  featureFlagNames,
} from '#shared/flags';
import { documentClient, tableName } from '../adapters/dynamo.ts';
import { analyticsKeys } from './analytics/keys.ts';

/**
 * Feature flags (`pk=FLAG`, `sk={name}`): one partition read in a single query. A stored item whose name
 * is no longer a flag is ignored, and a flag never written reads as its default.
 */
export async function listFlags(): Promise<FeatureFlagState[]> {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': analyticsKeys.flagPartition },
    }),
  );
  const stored = new Map(Items.map((item) => [String(item.sk), item]));
  return featureFlagNames.map((name) => {
    const item = stored.get(name);
    if (typeof item?.enabled !== 'boolean') return { name, enabled: featureFlagDefaults[name] };
    return {
      name,
      enabled: item.enabled,
      ...(typeof item.updatedAt === 'string' ? { updatedAt: item.updatedAt } : {}),
      ...(typeof item.updatedBy === 'string' ? { updatedBy: item.updatedBy } : {}),
    };
  });
}

/** Every flag's value, as the SPA reads them. */
export async function flagValues(): Promise<FeatureFlags> {
  const flags = await listFlags();
  return Object.fromEntries(flags.map((f) => [f.name, f.enabled])) as FeatureFlags;
}

/** Set a flag; `updatedBy` names the staff member, so the flags screen shows who changed it. */
export async function setFlag(
  name: FeatureFlagName,
  enabled: boolean,
  updatedBy: string,
  now = new Date(),
): Promise<FeatureFlagState> {
  const state: FeatureFlagState = { name, enabled, updatedAt: now.toISOString(), updatedBy };
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...analyticsKeys.flag(name), entity: 'FeatureFlag', ...state },
    }),
  );
  return state;
}
