import { z } from 'zod';

/**
 * Slow work (import, tailoring, cover letters, PDF export) runs as a job: the API answers 202 with its id,
 * an SQS worker does the work, and the browser follows the job by WebSocket push or by polling
 * `GET /api/jobs/{jobId}`. These are the shapes both sides agree on.
 */

export const jobTypes = ['import', 'tailoring', 'cover-letter', 'pdf-render'] as const;
export type JobType = (typeof jobTypes)[number];

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** The progress steps the spec shows for each job type, in the order the worker passes them. */
export const jobSteps = {
  import: ['uploading', 'parsing', 'saving', 'finalizing'],
  tailoring: ['parsing job description', 'analyzing resume', 'generating suggestions', 'finalizing'],
  'cover-letter': ['analyzing', 'matching', 'writing', 'finalizing'],
  'pdf-render': ['rendering', 'storing'],
} as const satisfies Record<JobType, readonly string[]>;

export type JobStep = (typeof jobSteps)[JobType][number];

/** Every step name of every type, once each. */
export const jobStepNames = [...new Set(Object.values(jobSteps).flat())] as readonly JobStep[];

/** Whether `step` is one of the steps of jobs of `type`. */
export function isStepOf(type: JobType, step: string): step is JobStep {
  return (jobSteps[type] as readonly string[]).includes(step);
}

/** The job types that have a step of this name (a step such as 'finalizing' is shared by several). */
export function typesWithStep(step: string): JobType[] {
  return jobTypes.filter((type) => isStepOf(type, step));
}

/** Statuses a job never leaves: the user has seen the end. */
export const finishedStatuses = ['succeeded', 'failed'] as const satisfies readonly JobStatus[];

/** Whether a job in this status is finished. */
export function isFinished(status: JobStatus): boolean {
  return (finishedStatuses as readonly JobStatus[]).includes(status);
}

/**
 * Whether a job may move from `from` to `to`. A finished job never moves again, nothing goes back to
 * queued, and running → running is a new step. A queued job may end directly: a worker with nothing to
 * report finishes without a step, and the last receive fails a job that never started.
 */
export function canTransition(from: JobStatus, to: JobStatus): boolean {
  if (isFinished(from)) return false;
  return to !== 'queued';
}

/** The statuses from which a job may move to `to` (the condition of every job write). */
export function statusesBefore(to: JobStatus): JobStatus[] {
  return jobStatuses.filter((from) => canTransition(from, to));
}

/**
 * A stable, machine-readable failure code (e.g. `PDF_RENDER_FAILED`): the SPA translates it, so it is a
 * code, never a message, and never holds user data.
 */
export const jobErrorCodeSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'an upper-case code such as PDF_RENDER_FAILED');

export const jobStepEntrySchema = z.strictObject({
  name: z.enum(jobStepNames as [JobStep, ...JobStep[]]),
  startedAt: z.iso.datetime(),
});
export type JobStepEntry = z.infer<typeof jobStepEntrySchema>;

export const jobSchema = z
  .strictObject({
    id: z.string().min(1).max(64),
    type: z.enum(jobTypes),
    status: z.enum(jobStatuses),
    /** Steps in the order they started; a step ends when the next one starts or the job ends. */
    steps: z.array(jobStepEntrySchema),
    /** What the worker produced (for example a download link); any JSON, present once succeeded. */
    result: z.unknown().optional(),
    /** Why the job failed; present once failed. */
    errorCode: jobErrorCodeSchema.optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .superRefine((job, ctx) => {
    job.steps.forEach((entry, index) => {
      if (!isStepOf(job.type, entry.name)) {
        ctx.addIssue({ code: 'custom', path: ['steps', index, 'name'], message: `not a ${job.type} step` });
      }
    });
    if (job.status === 'failed' && job.errorCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['errorCode'], message: 'a failed job has an error code' });
    }
    if (job.status !== 'failed' && job.errorCode !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['errorCode'], message: 'only a failed job has an error code' });
    }
  });
export type Job = z.infer<typeof jobSchema>;
