import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { type createResumeSchema, newResume, type Resume, type ResumePatch } from '#shared/resume';
import { documentClient, tableName } from '../adapters/dynamo.ts';
import { AppError } from '../lib/app-error.ts';
import { keys, stripKeys } from './keys.ts';

const ENTITY = { entity: 'Resume', version: 1 } as const;

function toResume(item: Record<string, unknown>): Resume {
  const { createdAt: _createdAt, ...rest } = stripKeys(item);
  return rest as unknown as Resume;
}

function isConditionFailure(error: unknown, index?: number): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (e.name === 'ConditionalCheckFailedException') return true;
  if (e.name !== 'TransactionCanceledException') return false;
  const reasons = e.CancellationReasons ?? [];
  return index === undefined
    ? reasons.some((r) => r.Code === 'ConditionalCheckFailed')
    : reasons[index]?.Code === 'ConditionalCheckFailed';
}

/**
 * Create a resume and count it against the owner's plan in one transaction, so concurrent creates can
 * never pass the limit. `limit` null means unlimited.
 */
export async function createResume(
  sub: string,
  input: z.output<typeof createResumeSchema>,
  limit: number | null,
): Promise<Resume> {
  const now = new Date().toISOString();
  const resume = newResume(input, { id: randomUUID(), profileId: sub, now });
  const countCondition =
    limit === null ? '' : ' AND (attribute_not_exists(resumeCount) OR resumeCount < :limit)';
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.profile(sub),
              UpdateExpression:
                'SET resumeCount = if_not_exists(resumeCount, :zero) + :one, updatedAt = :now',
              ConditionExpression: `attribute_exists(pk)${countCondition}`,
              ExpressionAttributeValues: {
                ':zero': 0,
                ':one': 1,
                ':now': now,
                ...(limit === null ? {} : { ':limit': limit }),
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.resume(sub, resume.id), ...ENTITY, ...resume, createdAt: now },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error, 0)) {
      throw new AppError('RESUME_LIMIT_REACHED', `The Free plan allows ${limit} resumes.`, { cause: error });
    }
    throw error;
  }
  return resume;
}

/** All of a user's resumes, newest first. */
export async function listResumes(sub: string): Promise<Resume[]> {
  const resumes: Resume[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(sub), ':prefix': keys.resumePrefix },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) resumes.push(toResume(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return resumes.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** One of the caller's resumes; someone else's is indistinguishable from a missing one. */
export async function getResume(sub: string, id: string): Promise<Resume> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: keys.resume(sub, id), ConsistentRead: true }),
  );
  if (!Item) throw new AppError('RESUME_NOT_FOUND', 'Resume not found.');
  return toResume(Item);
}

/** Apply a validated patch; server-owned fields (id, profileId, updatedAt) are never taken from it. */
export async function updateResume(sub: string, id: string, patch: ResumePatch): Promise<Resume> {
  if (patch.id !== undefined && patch.id !== id) {
    throw new AppError('VALIDATION_FAILED', 'The body id does not match the path.', {
      issues: [{ path: 'id', message: 'must match the resume id in the path' }],
    });
  }
  const { id: _id, profileId: _profileId, updatedAt: _updatedAt, ...content } = patch;
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  const sets = ['#updatedAt = :now'];
  for (const [field, value] of Object.entries(content)) {
    if (value === undefined) continue;
    if (field === 'personalInfo' || field === 'sectionTitle') {
      // Field by field: a PATCH naming one personal detail leaves the others as they are.
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        if (inner === undefined) continue;
        names[`#${field}`] = field;
        names[`#${field}_${key}`] = key;
        values[`:${field}_${key}`] = inner;
        sets.push(`#${field}.#${field}_${key} = :${field}_${key}`);
      }
      continue;
    }
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.resume(sub, id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toResume(Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error))
      throw new AppError('RESUME_NOT_FOUND', 'Resume not found.', { cause: error });
    throw error;
  }
}

/** Delete a resume and give its slot back to the owner's plan, in one transaction. */
export async function deleteResume(sub: string, id: string): Promise<void> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.resume(sub, id),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.profile(sub),
              // No condition on the count: a count that drifted must never stop a user deleting a resume.
              UpdateExpression: 'SET resumeCount = if_not_exists(resumeCount, :one) - :one, updatedAt = :now',
              ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString() },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error, 0))
      throw new AppError('RESUME_NOT_FOUND', 'Resume not found.', { cause: error });
    throw error;
  }
}
