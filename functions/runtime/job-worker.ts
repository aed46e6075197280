import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { maxReceiveCount as receivesBeforeDlq } from '#functions/contract';
import { type JobType, jobErrorCodeSchema } from '#shared/jobs';
import { beginAttempt, endAttempt, failJob, finishJob, JobFinishedError, readJob } from '../domain/jobs.ts';
import { AppError } from '../lib/app-error.ts';
import { type JobContext, JobError, type JobMessage, jobMessageSchema } from '../lib/job-message.ts';
import { logger } from '../lib/logger.ts';

export interface WorkerOptions<M extends JobMessage> {
  /** The manifest queue the worker consumes; its name is the job type. */
  queue: JobType;
  /** The message body's schema: `{jobId, sub}` plus what the job type needs. */
  schema: z.ZodType<M>;
  /** The code a job fails with when the work throws anything without a code of its own. */
  failureCode: string;
  /**
   * The code a job fails with when an earlier delivery's attempt never ended: the function running it was
   * stopped (out of memory or time), and running the same work again would only be stopped again.
   * Defaults to `failureCode`.
   */
  stoppedCode?: string;
  /**
   * Messages to acknowledge and drop without a job (e.g. S3's `s3:TestEvent` on a queue fed by bucket
   * events); checked before the schema.
   */
  ignore?: (body: unknown) => boolean;
  /** The work; what it returns becomes the job's result. */
  work: (message: M, context: JobContext) => Promise<unknown>;
}

type Outcome = 'done' | 'retry';

/** The code a failure is recorded with: the thrower's own when it has one, else the worker's. */
function codeOf(error: unknown, fallback: string): string {
  if (error instanceof JobError || error instanceof AppError) return error.code;
  return fallback;
}

/**
 * One wrapper for every SQS consumer: the body validated by schema, idempotent per job id (a finished job
 * is skipped, never run again), partial batch failures, and on the last receive the job is failed with its
 * code and the message acknowledged, so a job never hangs in `running` while its message sits in the DLQ.
 */
export function jobWorker<M extends JobMessage>(options: WorkerOptions<M>) {
  const maxReceiveCount = receivesBeforeDlq[options.queue];
  if (maxReceiveCount === undefined) throw new Error(`No queue ${options.queue} in the contract.`);
  const failureCode = jobErrorCodeSchema.parse(options.failureCode);
  const stoppedCode = jobErrorCodeSchema.parse(options.stoppedCode ?? options.failureCode);

  async function processRecord(record: SQSRecord): Promise<Outcome> {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      body = undefined;
    }
    const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
    const lastReceive = receiveCount >= maxReceiveCount;
    if (options.ignore?.(body)) {
      logger.info('message dropped: not a job', { queue: options.queue, messageId: record.messageId });
      return 'done';
    }
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      // Reported, not thrown: the rest of the batch goes on, and SQS moves this one to the DLQ in time.
      logger.error('job message refused by its schema', {
        queue: options.queue,
        messageId: record.messageId,
        receiveCount,
        issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      });
      // When the message still names its job, the job ends on the last receive rather than hanging.
      const named = jobMessageSchema.safeParse(body);
      if (!lastReceive || !named.success) return 'retry';
      return (await failQuietly(named.data, failureCode, record.messageId)) ? 'done' : 'retry';
    }
    const message = parsed.data;
    const log = { queue: options.queue, jobId: message.jobId, messageId: record.messageId, receiveCount };

    let begun = false;
    try {
      const { job, attempt } = await readJob(message.sub, message.jobId);
      if (job.status === 'succeeded' || job.status === 'failed') {
        logger.info('job already finished; redelivery skipped', { ...log, status: job.status });
        return 'done';
      }
      if (attempt && attempt.receive < receiveCount) {
        // An earlier delivery began and neither finished nor gave up: its function was stopped mid-work.
        logger.error('job attempt never ended (its worker was stopped); the job fails', {
          ...log,
          code: stoppedCode,
          attempt,
        });
        return (await failQuietly(message, stoppedCode, record.messageId)) ? 'done' : 'retry';
      }
      await beginAttempt(message.sub, message.jobId, receiveCount);
      begun = true;
      const result = await options.work(message, { job, receiveCount, lastReceive });
      await finishJob(message.sub, message.jobId, result);
      return 'done';
    } catch (error) {
      if (error instanceof JobFinishedError) {
        logger.info('job finished elsewhere; nothing more to do', { ...log, status: error.status });
        return 'done';
      }
      if (error instanceof AppError && error.code === 'JOB_NOT_FOUND') {
        // No job to report to (expired, or a message that never had one): retrying cannot help.
        logger.warn('job message for a job that does not exist', log);
        return 'done';
      }
      const permanent = error instanceof JobError && error.permanent;
      if (!lastReceive && !permanent) {
        logger.warn('job attempt failed; SQS will deliver it again', { ...log, error: error as Error });
        // The attempt ended here, so the next delivery tries again rather than taking it for a stopped one.
        if (begun) {
          await endAttempt(message.sub, message.jobId).catch((cause: unknown) =>
            logger.error('could not end the job attempt', { ...log, error: cause as Error }),
          );
        }
        return 'retry';
      }
      const code = codeOf(error, failureCode);
      logger.error(permanent ? 'job failed for good' : 'job failed on its last receive', {
        ...log,
        code,
        error: error as Error,
      });
      return (await failQuietly(message, code, record.messageId)) ? 'done' : 'retry';
    }
  }

  /** Mark the job failed; false when that write itself failed, so the message is retried. */
  async function failQuietly(message: JobMessage, code: string, messageId: string): Promise<boolean> {
    try {
      await failJob(message.sub, message.jobId, code);
      return true;
    } catch (error) {
      if (error instanceof JobFinishedError) return true;
      if (error instanceof AppError && error.code === 'JOB_NOT_FOUND') return true;
      logger.error('could not mark the job failed', {
        queue: options.queue,
        jobId: message.jobId,
        messageId,
        error: error as Error,
      });
      return false;
    }
  }

  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const outcomes = await Promise.all(
      event.Records.map(async (record) => ({ record, outcome: await processRecord(record) })),
    );
    return {
      batchItemFailures: outcomes
        .filter(({ outcome }) => outcome === 'retry')
        .map(({ record }) => ({ itemIdentifier: record.messageId })),
    };
  };
}
