import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SubscriptionState } from '#shared/plans';
import { documentClient, tableName } from '../adapters/dynamo.ts';
import { keys, stripKeys } from './keys.ts';

export interface Profile {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
  resumeCount: number;
  aiUsageCount: number;
  status: 'active' | 'disabled';
  createdAt: string;
  updatedAt: string;
}

export interface NewProfileInput {
  sub: string;
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  locale?: string | undefined;
}

/** Build a Profile for a newly confirmed user; its id is the user's sub. */
export function makeProfile(input: NewProfileInput, now = new Date().toISOString()): Profile {
  return {
    id: input.sub,
    userId: input.sub,
    email: input.email,
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    locale: input.locale === 'pt-BR' ? 'pt-BR' : 'en',
    resumeCount: 0,
    aiUsageCount: 0,
    status: 'active',
    createdAt: now,
    updatedAt: now,
  };
}

/** Create the user's Profile once; a second call (a retried trigger) leaves the first one in place. */
export async function createProfile(input: NewProfileInput): Promise<{ created: boolean }> {
  const profile = makeProfile(input);
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.profile(input.sub), entity: 'Profile', version: 1, ...profile },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { created: true };
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return { created: false };
    throw error;
  }
}

/** Read a user's Profile, or null when there is none (a deleted or never-confirmed user). */
export async function getProfile(sub: string): Promise<Profile | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: keys.profile(sub) }),
  );
  return Item ? (stripKeys(Item) as unknown as Profile) : null;
}

/** Read a user's Subscription, or null when the user never subscribed. */
export async function getSubscription(
  sub: string,
): Promise<(SubscriptionState & Record<string, unknown>) | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: keys.subscription(sub) }),
  );
  return Item ? (stripKeys(Item) as unknown as SubscriptionState & Record<string, unknown>) : null;
}
