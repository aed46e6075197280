import { z } from 'zod';
import { type Job, jobErrorCodeSchema } from '#shared/jobs';

/**
 * The job platform's message and error types, shared by the worker wrapper (functions/runtime/job-worker.ts)
 * and the work functions of the domain.
 */

/** What every job message carries: the job and its owner, whose key the job lives under. */
export const jobMessageSchema = z.object({
  jobId: z.string().min(1).max(64),
  sub: z.string().min(1).max(128),
});
export type JobMessage = z.infer<typeof jobMessageSchema>;

/** What the work function knows besides its message. */
export interface JobContext {
  job: Job;
  receiveCount: number;
  /** This is the queue's last delivery: a failure now fails the job instead of retrying. */
  lastReceive: boolean;
}

/**
 * An error the work function throws to fail the job with its own stable code: on the last receive, or at
 * once when it is `permanent` (another try cannot help, e.g. the resume was deleted).
 */
export class JobError extends Error {
  override readonly name = 'JobError';
  readonly code: string;
  readonly permanent: boolean;

  constructor(code: string, message: string, options: { cause?: unknown; permanent?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.code = jobErrorCodeSchema.parse(code);
    this.permanent = options.permanent ?? false;
  }
}
