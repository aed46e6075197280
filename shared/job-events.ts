import { z } from 'zod';
import { jobSchema } from './jobs.ts';

/**
 * What the server pushes over the WebSocket whenever a job changes: the whole job, so the browser replaces
 * its copy instead of merging partial updates that may arrive out of order.
 */
export const jobEventSchema = z.strictObject({
  type: z.literal('job'),
  job: jobSchema,
});
export type JobEvent = z.infer<typeof jobEventSchema>;
