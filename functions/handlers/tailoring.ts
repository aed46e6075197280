import { runTailoring, tailoringMessageSchema } from '../domain/ai/tailoring-job.ts';
import { jobWorker } from '../runtime/job-worker.ts';

/** The tailoring queue's consumer: a resume matched to a job description, changes proposed and grounded. */
export const handler = jobWorker({
  queue: 'tailoring',
  schema: tailoringMessageSchema,
  failureCode: 'TAILORING_FAILED',
  work: (message, context) => runTailoring(message, context),
});
