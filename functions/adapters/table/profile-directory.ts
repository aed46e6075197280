import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../dynamo.ts';
import { batchGet } from './batch-get.ts';
import { Profile, Resume } from './entities.ts';

/**
 * What staff read of every user: the Profiles through gsi1 (all of them in one partition, in e-mail
 * order). The user's own Profile reads and writes are the profiles repository's.
 */

/** The index partition holding every Profile (its sort key, the e-mail, is not needed to name it). */
const everyProfile = Profile.indexKey({ email: '-' }).gsi1pk;
/** The literal start of a user's partition, before the sub. */
const userPartition = Profile.pk.slice(0, Profile.pk.indexOf('{'));

/** Each user's resume count, over the whole index (the statistics' totals). */
export async function resumeCountsOfEveryUser(): Promise<{ sub: string | null; resumeCount: unknown }[]> {
  const users: { sub: string | null; resumeCount: unknown }[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': everyProfile },
        ProjectionExpression: 'pk, resumeCount',
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      users.push({
        sub: typeof item.pk === 'string' ? item.pk.slice(userPartition.length) : null,
        resumeCount: item.resumeCount,
      });
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return users;
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
