import { randomUUID } from 'node:crypto';
import {
  type Job,
  type JobStatus,
  type JobStep,
  type JobType,
  jobErrorCodeSchema,
  jobSchema,
  statusesBefore,
  typesWithStep,
} from '#shared/jobs';
import {
  insertJob,
  JOB_TTL_SECONDS,
  type JobMove,
  JobWriteRefused,
  moveJob,
  readJobItem,
  removeAttempt,
  setAttempt,
} from '../adapters/table/jobs.ts';
import { AppError } from '../lib/app-error.ts';
import { pushJob } from './job-events.ts';

export { JOB_TTL_SECONDS };

/**
 * Our job ids are uuids; anything outside letters, digits, '-' and '_' up to 64 characters cannot exist and
 * must not reach DynamoDB (an oversized sort key is a ValidationException, a 500 instead of a 404).
 */
const JOB_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether a string could be one of our job ids. */
export function isJobId(id: string): boolean {
  return JOB_ID.test(id);
}

/** The job ended before this write (a redelivered message or a late worker): nothing was changed. */
export class JobFinishedError extends Error {
  override readonly name = 'JobFinishedError';
  readonly status: JobStatus;

  constructor(jobId: string, status: JobStatus) {
    super(`Job ${jobId} is already ${status}.`);
    this.status = status;
  }
}

const notFound = (cause?: unknown) => new AppError('JOB_NOT_FOUND', 'Job not found.', { cause });

/** An id that cannot be one of ours is a missing job, before anything is asked of the table. */
function checkJobId(jobId: string): void {
  if (!isJobId(jobId)) throw notFound();
}

/**
 * A worker's attempt at a job, kept on the job item while it runs: which receive of the message began it
 * and when. The worker removes it when the attempt gives up for a retry; one left behind when the message
 * comes back means the function running it was stopped (out of memory, out of time) before it could say.
 */
export interface JobAttempt {
  receive: number;
  startedAt: string;
}

function toJob(item: Record<string, unknown>): Job {
  const { attempt: _attempt, ...rest } = item;
  return jobSchema.parse(rest);
}

function attemptOf(item: Record<string, unknown>): JobAttempt | undefined {
  const attempt = item.attempt as Partial<JobAttempt> | undefined;
  if (typeof attempt?.receive !== 'number' || typeof attempt.startedAt !== 'string') return undefined;
  return { receive: attempt.receive, startedAt: attempt.startedAt };
}

/** A new queued job of `type` owned by `sub`. */
export async function createJob(sub: string, type: JobType, now = new Date()): Promise<Job> {
  const at = now.toISOString();
  const job: Job = { id: randomUUID(), type, status: 'queued', steps: [], createdAt: at, updatedAt: at };
  await insertJob(sub, job, now);
  await pushJob(sub, job);
  return job;
}

/** The caller's job; a missing job and someone else's are the same 404. */
export async function getJob(sub: string, jobId: string): Promise<Job> {
  return (await readJob(sub, jobId)).job;
}

/** The job and, for its worker, the attempt that began on it and has not ended (see JobAttempt). */
export async function readJob(sub: string, jobId: string): Promise<{ job: Job; attempt?: JobAttempt }> {
  checkJobId(jobId);
  const Item = await readJobItem(sub, jobId);
  if (!Item) throw notFound();
  const attempt = attemptOf(Item);
  return attempt ? { job: toJob(Item), attempt } : { job: toJob(Item) };
}

/**
 * Record that the worker begins an attempt on the `receive`-th delivery of the job's message; a finished
 * job is refused with JobFinishedError.
 */
export async function beginAttempt(
  sub: string,
  jobId: string,
  receive: number,
  now = new Date(),
): Promise<void> {
  const attempt: JobAttempt = { receive, startedAt: now.toISOString() };
  checkJobId(jobId);
  try {
    await setAttempt(sub, jobId, attempt);
  } catch (error) {
    if (!(error instanceof JobWriteRefused)) throw error;
    const current = await getJob(sub, jobId);
    throw new JobFinishedError(jobId, current.status);
  }
}

/** The attempt ended without finishing the job (its message will be delivered again). */
export async function endAttempt(sub: string, jobId: string): Promise<void> {
  checkJobId(jobId);
  await removeAttempt(sub, jobId);
}

/**
 * One conditional write moving the job to `to`: only from a status `canTransition` allows, so a finished job
 * never moves back. A refused write is read again to tell a missing job (404) from a finished one.
 */
async function transition(
  sub: string,
  jobId: string,
  to: JobStatus,
  update: Omit<JobMove, 'to' | 'from'>,
  now: Date,
): Promise<Job> {
  const from = statusesBefore(to);
  checkJobId(jobId);
  let job: Job;
  try {
    job = toJob(await moveJob(sub, jobId, { to, from, ...update }, now));
  } catch (error) {
    if (!(error instanceof JobWriteRefused)) throw error;
    const current = await getJob(sub, jobId);
    if (!from.includes(current.status)) throw new JobFinishedError(jobId, current.status);
    // Still movable, so the extra condition refused it: the step is not one of this job's type.
    throw new AppError('VALIDATION_FAILED', `A ${current.type} job has no such step.`, { cause: error });
  }
  // Outside the try: only a write that happened is pushed, and pushJob never throws.
  await pushJob(sub, job);
  return job;
}

/** Mark `step` started (and the job running); a finished job is refused with JobFinishedError. */
export async function startStep(sub: string, jobId: string, step: JobStep, now = new Date()): Promise<Job> {
  const types = typesWithStep(step);
  const typeValues = Object.fromEntries(types.map((type, i) => [`:type${i}`, type]));
  return transition(
    sub,
    jobId,
    'running',
    {
      set: ['#steps = list_append(#steps, :step)'],
      names: { '#steps': 'steps', '#type': 'type' },
      values: { ':step': [{ name: step, startedAt: now.toISOString() }], ...typeValues },
      extra:
        types.length > 0 ? `#type IN (${Object.keys(typeValues).join(', ')})` : 'attribute_not_exists(pk)',
    },
    now,
  );
}

/** Mark the job succeeded with its result; a finished job is refused with JobFinishedError. */
export async function finishJob(sub: string, jobId: string, result: unknown, now = new Date()): Promise<Job> {
  return transition(
    sub,
    jobId,
    'succeeded',
    { set: ['#result = :result'], names: { '#result': 'result' }, values: { ':result': result ?? null } },
    now,
  );
}

/** Mark the job failed with a stable code; a finished job is refused with JobFinishedError. */
export async function failJob(sub: string, jobId: string, errorCode: string, now = new Date()): Promise<Job> {
  const code = jobErrorCodeSchema.parse(errorCode);
  return transition(
    sub,
    jobId,
    'failed',
    {
      set: ['#errorCode = :errorCode'],
      names: { '#errorCode': 'errorCode' },
      values: { ':errorCode': code },
    },
    now,
  );
}
