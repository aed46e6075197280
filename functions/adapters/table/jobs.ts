import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Job, JobStatus } from '#shared/jobs';
import { documentClient, isConditionFailure, tableName } from '../dynamo.ts';
import { Job as JobEntity } from './entities.ts';
import { stripKeys } from './strip-keys.ts';

/**
 * The Job items: created queued, moved by conditional updates only (a finished job never moves back), and
 * removed by DynamoDB's TTL a week after their last change. The statuses a move may start from are the
 * domain's (functions/domain/jobs.ts); the conditions that hold them are here.
 */

const ENTITY = { entity: JobEntity.name, version: 1 } as const;

/** Jobs are followed for minutes; a week keeps a result for a late visit, then DynamoDB's TTL removes it. */
export const JOB_TTL_SECONDS = 7 * 24 * 60 * 60;

const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + JOB_TTL_SECONDS;

/** The write's condition refused it: the job is missing, finished, or the extra condition did not hold. */
export class JobWriteRefused extends Error {
  override readonly name = 'JobWriteRefused';
}

/** A stored job's attributes, without the table's keys and its TTL. */
export type StoredJob = Record<string, unknown>;

function attributesOf(item: Record<string, unknown>): StoredJob {
  const { ttl: _ttl, ...rest } = stripKeys(item);
  return rest;
}

/** Store a new job (never over an existing one). */
export async function insertJob(sub: string, job: Job, now: Date): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...JobEntity.key({ sub, jobId: job.id }), ...ENTITY, ...job, ttl: expiry(now) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A job's attributes (its `attempt` included), read consistently, or null when there is none. */
export async function readJobItem(sub: string, jobId: string): Promise<StoredJob | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: JobEntity.key({ sub, jobId }), ConsistentRead: true }),
  );
  return Item ? attributesOf(Item) : null;
}

/** Set the job's `attempt` while it is queued or running; JobWriteRefused otherwise. */
export async function setAttempt(sub: string, jobId: string, attempt: unknown): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: JobEntity.key({ sub, jobId }),
        UpdateExpression: 'SET #attempt = :attempt',
        ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running)',
        ExpressionAttributeNames: { '#attempt': 'attempt', '#status': 'status' },
        ExpressionAttributeValues: { ':attempt': attempt, ':queued': 'queued', ':running': 'running' },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error))
      throw new JobWriteRefused(`Job ${jobId} is not running.`, { cause: error });
    throw error;
  }
}

/** Remove the job's `attempt`. */
export async function removeAttempt(sub: string, jobId: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: JobEntity.key({ sub, jobId }),
      UpdateExpression: 'REMOVE #attempt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#attempt': 'attempt' },
    }),
  );
}

/** A move of a job: its new status, the statuses it may come from, and what else it sets. */
export interface JobMove {
  to: JobStatus;
  from: readonly JobStatus[];
  set: string[];
  names?: Record<string, string>;
  values?: Record<string, unknown>;
  /** One more condition the job must meet. */
  extra?: string;
}

/**
 * One conditional write moving the job to `move.to`, only from a status of `move.from` (and `extra`); the
 * TTL counts again from `now`. Returns the job's attributes after it; JobWriteRefused when refused.
 */
export async function moveJob(sub: string, jobId: string, move: JobMove, now: Date): Promise<StoredJob> {
  const fromValues = Object.fromEntries(move.from.map((status, i) => [`:from${i}`, status]));
  const condition = [
    'attribute_exists(pk)',
    `#status IN (${Object.keys(fromValues).join(', ')})`,
    ...(move.extra ? [move.extra] : []),
  ].join(' AND ');
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: JobEntity.key({ sub, jobId }),
        UpdateExpression: `SET ${['#status = :to', '#updatedAt = :now', '#ttl = :ttl', ...move.set].join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: {
          '#status': 'status',
          '#updatedAt': 'updatedAt',
          '#ttl': 'ttl',
          ...move.names,
        },
        ExpressionAttributeValues: {
          ':to': move.to,
          ':now': now.toISOString(),
          ':ttl': expiry(now),
          ...fromValues,
          ...move.values,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return attributesOf(Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) throw new JobWriteRefused(`Job ${jobId} did not move.`, { cause: error });
    throw error;
  }
}
