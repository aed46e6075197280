import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { defaultNotificationPreferences, type Profile, type UpdateMe } from '#shared/account';
import type { SubscriptionState } from '#shared/plans';
import { documentClient, tableName } from '../adapters/dynamo.ts';
import { keys, stripKeys } from './keys.ts';

export type { Profile };

export interface NewProfileInput {
  sub: string;
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  locale?: string | undefined;
  /** The `email_verified` attribute at confirmation. */
  emailVerified?: boolean | undefined;
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
    emailVerified: input.emailVerified === true,
    staffRole: null,
    notificationPreferences: { ...defaultNotificationPreferences },
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
        Item: {
          ...keys.profile(input.sub),
          ...keys.profileIndex(input.email),
          entity: 'Profile',
          version: 1,
          ...profile,
        },
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
  return Item ? withDefaults(stripKeys(Item) as unknown as Profile) : null;
}

/** Profiles written before a field existed read with its default. */
function withDefaults(profile: Profile): Profile {
  return {
    ...profile,
    notificationPreferences: { ...defaultNotificationPreferences, ...profile.notificationPreferences },
  };
}

/** Apply a validated account change to the Profile and return the new Profile. */
export async function updateProfile(sub: string, change: UpdateMe): Promise<Profile> {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  const sets = ['#updatedAt = :now'];
  const set = (field: string, value: unknown) => {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  };
  if (change.firstName !== undefined) set('firstName', change.firstName);
  if (change.lastName !== undefined) set('lastName', change.lastName);
  if (change.locale !== undefined) set('locale', change.locale);
  for (const [kind, on] of Object.entries(change.notificationPreferences ?? {})) {
    if (on === undefined) continue;
    names['#prefs'] = 'notificationPreferences';
    names[`#${kind}`] = kind;
    values[`:${kind}`] = on;
    sets.push(`#prefs.#${kind} = :${kind}`);
  }
  const update = (
    expression: string[],
    attrNames: Record<string, string>,
    attrValues: Record<string, unknown>,
  ) =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(sub),
        UpdateExpression: `SET ${expression.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: attrNames,
        ExpressionAttributeValues: attrValues,
        ReturnValues: 'ALL_NEW',
      }),
    );
  try {
    const { Attributes } = await update(sets, names, values);
    return withDefaults(stripKeys(Attributes ?? {}) as unknown as Profile);
  } catch (error) {
    // A Profile written before preferences existed has no map to set a kind in: add the map, then retry.
    if ((error as Error).name !== 'ValidationException' || !change.notificationPreferences) throw error;
    await update(
      ['#prefs = if_not_exists(#prefs, :defaults)'],
      { '#prefs': 'notificationPreferences' },
      { ':defaults': defaultNotificationPreferences },
    );
    const { Attributes } = await update(sets, names, values);
    return withDefaults(stripKeys(Attributes ?? {}) as unknown as Profile);
  }
}

/**
 * Delete every item a user owns (resumes, jobs, connections...) except the Profile, which goes last, on
 * its own: while it exists the account still answers, so a deletion that fails part-way can be retried.
 */
export async function deleteUserItems(sub: string): Promise<number> {
  const doomed: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.user(sub) },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.sk === 'PROFILE') continue;
      doomed.push({ pk: item.pk, sk: item.sk });
      if (typeof item.connectionId === 'string') doomed.push(keys.connectionRef(item.connectionId));
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  for (let i = 0; i < doomed.length; i += 25) {
    let requests = doomed.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 5) throw new Error('could not delete every item of the user');
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const { UnprocessedItems } = await documentClient.send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
      );
      requests = (UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
  return doomed.length;
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

/** Set the Profile's status (account deletion marks it 'deleting' first, and back on a partial failure). */
export async function setProfileStatus(sub: string, status: Profile['status']): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(sub),
      UpdateExpression: 'SET #status = :status, #updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status', '#updatedAt': 'updatedAt' },
      ExpressionAttributeValues: { ':status': status, ':now': new Date().toISOString() },
    }),
  );
}

/** Delete the Profile: the last step of deleting an account. */
export async function deleteProfile(sub: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: keys.profile(sub) }));
}
