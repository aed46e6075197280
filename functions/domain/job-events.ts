import type { JobEvent } from '#shared/job-events';
import type { Job } from '#shared/jobs';
import { logger } from '../lib/logger.ts';
import { sendToUser } from './push.ts';

/**
 * Push the job as it now is to every open WebSocket connection of its owner. Best effort: the job item is
 * the truth and the browser polls it while its socket is down, so a failed push is logged, never thrown.
 */
export async function pushJob(sub: string, job: Job): Promise<void> {
  const event: JobEvent = { type: 'job', job };
  try {
    await sendToUser(sub, event);
  } catch (error) {
    logger.warn('job push failed; the browser will see the change by polling', {
      jobId: job.id,
      status: job.status,
      error: error as Error,
    });
  }
}
