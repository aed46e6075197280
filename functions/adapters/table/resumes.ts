import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Resume } from '#shared/resume';
import { retryOnConflict } from '../../lib/retry.ts';
import {
  documentClient,
  isConditionFailure,
  isItemTooLarge,
  isTransactionConflict,
  tableName,
} from '../dynamo.ts';
import { AssistantHistory, Profile, Resume as ResumeEntity } from './entities.ts';
import { stripKeys } from './strip-keys.ts';

/**
 * The Resume items of a user, and the Profile's `resumeCount` their creates and deletes keep in the same
 * transaction (so concurrent creates can never pass a plan's limit). Stored attributes go out without the
 * table's keys; what a resume is made of is the domain's (functions/domain/resumes.ts).
 */

const ENTITY = { entity: ResumeEntity.name, version: 1 } as const;

/**
 * DynamoDB refuses items over 400 KB (409,600 bytes, names and values in UTF-8). The item's JSON is a
 * little larger than DynamoDB's own count (quotes, commas, braces), and the bound keeps a margin below it.
 */
export const MAX_RESUME_ITEM_BYTES = 390_000;

/** How many times a write retries after losing a race, before answering WRITE_CONFLICT. */
export const WRITE_ATTEMPTS = 8;

/**
 * The item would not fit: `bound` when it is over MAX_RESUME_ITEM_BYTES (nothing was sent), `dynamodb` when
 * DynamoDB refused it for its size.
 */
export class ResumeTooLarge extends Error {
  override readonly name = 'ResumeTooLarge';
  readonly refusedBy: 'bound' | 'dynamodb';

  constructor(refusedBy: 'bound' | 'dynamodb', options?: { cause?: unknown }) {
    super(`The resume item is too large (${refusedBy}).`, options);
    this.refusedBy = refusedBy;
  }
}

const raw = Symbol('stored item');

/** A resume as read: its attributes (no keys) and, for writing it back, the item as stored. */
export interface StoredResume {
  attributes: Record<string, unknown>;
  readonly [raw]: { item: Record<string, unknown>; key: { pk: string; sk: string } };
}

function assertFits(item: Record<string, unknown>): void {
  if (Buffer.byteLength(JSON.stringify(item), 'utf8') > MAX_RESUME_ITEM_BYTES) {
    throw new ResumeTooLarge('bound');
  }
}

/** A transaction cancelled by a conflict is retried, unless its first item's condition already decided. */
const conflictOnly = (error: unknown) => isTransactionConflict(error) && !isConditionFailure(error, 0);

/**
 * Store a new resume and count it on the Profile in one transaction, conditioned on the plan's `limit`
 * (null: unlimited). Transaction conflicts are retried; 'limit-reached' when the count condition refused.
 */
export async function insertResume(
  sub: string,
  resume: Resume,
  limit: number | null,
): Promise<'created' | 'limit-reached'> {
  const now = resume.updatedAt;
  const item = { ...ResumeEntity.key({ sub, id: resume.id }), ...ENTITY, ...resume, createdAt: now };
  assertFits(item);
  const countCondition =
    limit === null ? '' : ' AND (attribute_not_exists(resumeCount) OR resumeCount < :limit)';
  // A fresh command per try: nothing of a failed try's request is reused.
  const write = () =>
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: Profile.key({ sub }),
            UpdateExpression: 'SET resumeCount = if_not_exists(resumeCount, :zero) + :one, updatedAt = :now',
            ConditionExpression: `attribute_exists(pk)${countCondition}`,
            ExpressionAttributeValues: {
              ':zero': 0,
              ':one': 1,
              ':now': now,
              ...(limit === null ? {} : { ':limit': limit }),
            },
          },
        },
        { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    });
  try {
    await retryOnConflict(() => documentClient.send(write()), conflictOnly, { attempts: WRITE_ATTEMPTS });
    return 'created';
  } catch (error) {
    if (isConditionFailure(error, 0)) return 'limit-reached';
    if (isItemTooLarge(error)) throw new ResumeTooLarge('dynamodb', { cause: error });
    throw error;
  }
}

/** Every resume of a user as stored (attributes, no keys), one Query page after another. */
export async function listResumeAttributes(sub: string): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  await forEachResumePage(sub, { consistent: false }, (page) => {
    for (const item of page) found.push(item);
  });
  return found;
}

/**
 * Read a user's resumes page by page (`consistent`: a strongly consistent Query), handing each page's
 * attributes to `visit`; nothing of a page is kept after it.
 */
export async function forEachResumePage(
  sub: string,
  options: { consistent: boolean },
  visit: (attributes: Record<string, unknown>[]) => void,
): Promise<void> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': ResumeEntity.partition({ sub }),
          ':prefix': ResumeEntity.skPrefix,
        },
        ...(options.consistent ? { ConsistentRead: true } : {}),
        ExclusiveStartKey,
      }),
    );
    visit((page.Items ?? []).map((item) => stripKeys(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** One resume, read consistently, or null when there is none. */
export async function readResume(sub: string, id: string): Promise<StoredResume | null> {
  const key = ResumeEntity.key({ sub, id });
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return Item ? { attributes: stripKeys(Item), [raw]: { item: Item, key } } : null;
}

/**
 * Write `next` over the resume `read` was, conditioned on the revision read: 'lost-race' when it was
 * deleted or written in between. Attributes `next` does not name (createdAt, entity, anything a later
 * feature adds) are kept.
 */
export async function replaceResume(read: StoredResume, next: Resume): Promise<'written' | 'lost-race'> {
  const { item: stored, key } = read[raw];
  const item = { ...stored, ...next, ...key };
  assertFits(item);
  const storedRevision = stored.revision;
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression:
          typeof storedRevision === 'number'
            ? 'attribute_exists(pk) AND revision = :read'
            : 'attribute_exists(pk) AND attribute_not_exists(revision)',
        ...(typeof storedRevision === 'number'
          ? { ExpressionAttributeValues: { ':read': storedRevision } }
          : {}),
      }),
    );
    return 'written';
  } catch (error) {
    if (isItemTooLarge(error)) throw new ResumeTooLarge('dynamodb', { cause: error });
    if (isConditionFailure(error) || isTransactionConflict(error)) return 'lost-race';
    throw error;
  }
}

/**
 * Delete a resume and its assistant conversation and give its slot back on the Profile, in one
 * transaction (conflicts retried); false when the resume was not there.
 */
export async function deleteResumeAndConversation(sub: string, id: string): Promise<boolean> {
  // A fresh command per try: nothing of a failed try's request is reused.
  const write = () =>
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: ResumeEntity.key({ sub, id }),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: Profile.key({ sub }),
            // No condition on the count: a count that drifted must never stop a user deleting a resume.
            UpdateExpression: 'SET resumeCount = if_not_exists(resumeCount, :one) - :one, updatedAt = :now',
            ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString() },
          },
        },
        // The assistant's conversation about this resume goes with it.
        { Delete: { TableName: tableName(), Key: AssistantHistory.key({ sub, resumeId: id }) } },
      ],
    });
  try {
    await retryOnConflict(() => documentClient.send(write()), conflictOnly, { attempts: WRITE_ATTEMPTS });
    return true;
  } catch (error) {
    if (isConditionFailure(error, 0)) return false;
    throw error;
  }
}
