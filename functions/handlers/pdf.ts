import { hasPaidAccess } from '#shared/plans';
import { sendMessage } from '../adapters/sqs.ts';
import { createJob, failJob } from '../domain/jobs.ts';
import type { PdfMessage } from '../domain/pdf-export.ts';
import { getSubscription } from '../domain/profiles.ts';
import { getResume } from '../domain/resumes.ts';
import { AppError } from '../lib/app-error.ts';
import { json, pathParam } from '../lib/http.ts';
import { logger } from '../lib/logger.ts';
import { queueUrl } from '../lib/queues.ts';
import { apiHandler, byRouteKey } from '../runtime/api-handler.ts';

/**
 * `POST /api/resume/{id}/pdf`: paid access only (PRO_REQUIRED otherwise), the caller's own resume only
 * (NOT_FOUND otherwise); answers 202 with a pdf-render job the browser follows to its download link.
 */
export const handler = apiHandler(
  byRouteKey({
    'POST /api/resume/{id}/pdf': async (event) => {
      const { sub, role } = event.caller;
      if (!hasPaidAccess(await getSubscription(sub), role)) {
        throw new AppError('PRO_REQUIRED', 'PDF download needs paid access.');
      }
      const resume = await getResume(sub, pathParam(event, 'id'));
      const job = await createJob(sub, 'pdf-render');
      const message: PdfMessage = { jobId: job.id, sub, resumeId: resume.id };
      try {
        await sendMessage(queueUrl('pdf-render'), JSON.stringify(message));
      } catch (error) {
        // No message, no worker: the job ends now rather than sit queued for a week.
        await failJob(sub, job.id, 'PDF_RENDER_FAILED').catch((e: unknown) =>
          logger.error('could not fail an unsent job', { jobId: job.id, error: e as Error }),
        );
        throw error;
      }
      return json(202, { data: { jobId: job.id } });
    },
  }),
  { auth: 'user' },
);
