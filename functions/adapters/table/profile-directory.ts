import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, isConditionFailure, tableName } from '../dynamo.ts';
import { batchGet } from './batch-get.ts';
import { Profile, Resume } from './entities.ts';

/**
 * What staff read of every user: the Profiles through gsi1 (all of them in one partition, in e-mail
 * order), the names the audit log shows, and the staff role and e-mail verification kept on the Profile
 * in step with Cognito. The user's own Profile reads and writes are the profiles repository's
 * (profiles.ts).
 */

/** The index partition holding every Profile (its sort key, the e-mail, is not needed to name it). */
const everyProfilePartition = Profile.indexKey({ email: '-' }).gsi1pk;
/** The literal start of a user's partition, before the sub. */
const userPartition = Profile.pk.slice(0, Profile.pk.indexOf('{'));

/** Every Profile's item as the projection reads it, page after page of the index, in e-mail order. */
async function readEveryProfile(projection: {
  ProjectionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
}): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': everyProfilePartition },
        ...(projection.ExpressionAttributeNames
          ? { ExpressionAttributeNames: projection.ExpressionAttributeNames }
          : {}),
        ProjectionExpression: projection.ProjectionExpression,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** These fields of every Profile, in e-mail order. */
export async function everyProfile<F extends string>(fields: readonly F[]): Promise<Record<F, unknown>[]> {
  const names = Object.fromEntries(fields.map((f) => [`#${f}`, f]));
  const items = await readEveryProfile({
    ExpressionAttributeNames: names,
    ProjectionExpression: Object.keys(names).join(', '),
  });
  return items as Record<F, unknown>[];
}

/** Each user's resume count, over the whole index (the statistics' totals). */
export async function resumeCountsOfEveryUser(): Promise<{ sub: string | null; resumeCount: unknown }[]> {
  const items = await readEveryProfile({ ProjectionExpression: 'pk, resumeCount' });
  return items.map((item) => ({
    sub: typeof item.pk === 'string' ? item.pk.slice(userPartition.length) : null,
    resumeCount: item.resumeCount,
  }));
}

/** How staff screens name a user. */
export interface PersonName {
  email: unknown;
  firstName: unknown;
  lastName: unknown;
}

/**
 * The e-mail and names of each user, and the title of each resume (`{userId, resumeId}`), read at once;
 * users and resumes that are gone are absent. Best effort: a few tries for what DynamoDB leaves unread.
 */
export async function namesOf(
  userIds: readonly string[],
  resumes: readonly { userId: string; resumeId: string }[],
): Promise<{ people: Map<string, PersonName>; titles: Map<string, unknown> }> {
  const resumeKeys = new Map<string, Record<string, string>>();
  for (const { userId, resumeId } of resumes) {
    resumeKeys.set(`${userId}#${resumeId}`, Resume.key({ sub: userId, id: resumeId }));
  }
  const [profiles, titles] = await Promise.all([
    batchGet(
      userIds.map((sub) => Profile.key({ sub })),
      { projection: '#id, email, firstName, lastName', names: { '#id': 'id' } },
    ),
    batchGet([...resumeKeys.values()], { projection: 'pk, sk, title', names: {} }),
  ]);
  return {
    people: new Map(profiles.map((p) => [String(p.id), p as unknown as PersonName])),
    titles: new Map(
      titles.map((r) => [
        `${String(r.pk).slice(userPartition.length)}#${String(r.sk).slice(Resume.skPrefix.length)}`,
        r.title,
      ]),
    ),
  };
}

/** What the API reads on the Profile to decide a role, as Cognito last reported it. */
export interface StoredStaffState {
  staffRole: unknown;
  emailVerified: unknown;
}

/** The staff role and e-mail verification on a user's Profile (strongly consistent), or null. */
export async function readStaffState(sub: string): Promise<StoredStaffState | null> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: Profile.key({ sub }),
      ProjectionExpression: 'staffRole, emailVerified',
      ConsistentRead: true,
    }),
  );
  return Item ? { staffRole: Item.staffRole, emailVerified: Item.emailVerified } : null;
}

/** Write the staff state fields given onto an existing Profile; false when there is no Profile. */
export async function writeStaffState(
  sub: string,
  change: { staffRole?: string | null; emailVerified?: boolean },
): Promise<boolean> {
  const sets = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  if ('staffRole' in change) {
    sets.push('staffRole = :role');
    values[':role'] = change.staffRole;
  }
  if ('emailVerified' in change) {
    sets.push('emailVerified = :verified');
    values[':verified'] = change.emailVerified;
  }
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Profile.key({ sub }),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  return true;
}

/** Grant a staff role (or revoke it with null) on an existing Profile; false when there is no Profile. */
export async function writeStaffRole(sub: string, role: string | null): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Profile.key({ sub }),
        UpdateExpression: 'SET #staffRole = :role, #updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#staffRole': 'staffRole', '#updatedAt': 'updatedAt' },
        ExpressionAttributeValues: { ':role': role, ':now': new Date().toISOString() },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
  return true;
}
