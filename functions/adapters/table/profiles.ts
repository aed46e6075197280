import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { defaultNotificationPreferences, type UpdateMe } from '#shared/account';
import { documentClient, tableName } from '../dynamo.ts';
import { ConnectionRef, Profile } from './entities.ts';
import { stripKeys } from './strip-keys.ts';

/**
 * A user's own Profile (read on every authenticated request, written by the account routes) and the
 * deletion of everything in their partition. What staff read of every user through gsi1 is
 * profile-directory.ts's; the Subscription and the Stripe customer lookup are billing.ts's.
 */

/** The Profile's place in gsi1: every user in one partition, in order of the lower-case e-mail. */
const indexKey = (email: string) => Profile.indexKey({ email: email.trim().toLowerCase() });

/** Store a new Profile; false when the user already has one (a retried trigger), which is left in place. */
export async function insertProfile(
  sub: string,
  email: string,
  profile: Record<string, unknown>,
): Promise<boolean> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...Profile.key({ sub }), ...indexKey(email), entity: Profile.name, version: 1, ...profile },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The Profile's attributes (no keys), or null when there is none. */
export async function readProfile(sub: string): Promise<Record<string, unknown> | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: Profile.key({ sub }) }),
  );
  return Item ? stripKeys(Item) : null;
}

/**
 * Set the fields of an account change (and `updatedAt`) on an existing Profile; its attributes after it. A
 * Profile written before notification preferences existed has no map to set one in: the map is added with
 * its defaults, then the change is written again.
 */
export async function updateProfileFields(
  sub: string,
  change: UpdateMe,
  now: string,
): Promise<Record<string, unknown>> {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':now': now };
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
        Key: Profile.key({ sub }),
        UpdateExpression: `SET ${expression.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: attrNames,
        ExpressionAttributeValues: attrValues,
        ReturnValues: 'ALL_NEW',
      }),
    );
  try {
    const { Attributes } = await update(sets, names, values);
    return stripKeys(Attributes ?? {});
  } catch (error) {
    if ((error as Error).name !== 'ValidationException' || !change.notificationPreferences) throw error;
    await update(
      ['#prefs = if_not_exists(#prefs, :defaults)'],
      { '#prefs': 'notificationPreferences' },
      { ':defaults': defaultNotificationPreferences },
    );
    const { Attributes } = await update(sets, names, values);
    return stripKeys(Attributes ?? {});
  }
}

/** Set the status of an existing Profile. */
export async function writeProfileStatus(sub: string, status: string, now: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: Profile.key({ sub }),
      UpdateExpression: 'SET #status = :status, #updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status', '#updatedAt': 'updatedAt' },
      ExpressionAttributeValues: { ':status': status, ':now': now },
    }),
  );
}

export async function deleteProfileItem(sub: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: Profile.key({ sub }) }));
}

/**
 * Delete every item in the user's partition except the Profile, and the reverse record of each of their
 * connections (outside the partition); how many items were deleted. Batches of 25, unprocessed ones
 * retried with backoff.
 */
export async function deleteUserItemsExceptProfile(sub: string): Promise<number> {
  const doomed: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': Profile.partition({ sub }) },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.sk === Profile.sk) continue;
      doomed.push({ pk: item.pk, sk: item.sk });
      // A connection's reverse record lives outside the partition: it goes with the connection.
      if (typeof item.connectionId === 'string')
        doomed.push(ConnectionRef.key({ connectionId: item.connectionId }));
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
