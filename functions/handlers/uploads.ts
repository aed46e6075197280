import { importUploadRequestSchema } from '#shared/imports';
import { hasPaidAccess, resumeLimit } from '#shared/plans';
import { checkRateLimits } from '../domain/ai/rate-limit.ts';
import { createImportUpload } from '../domain/import/import-job.ts';
import { getProfile, getSubscription } from '../domain/profiles.ts';
import { AppError } from '../lib/app-error.ts';
import { json } from '../lib/http.ts';
import { parseBody } from '../lib/validate.ts';
import { apiHandler, byRouteKey } from '../runtime/api-handler.ts';

/**
 * `POST /api/uploads`: a resume file the caller is about to import. Answers the import job and a presigned
 * form for one server-made key; at the plan's resume limit it refuses before anything is uploaded, and so it
 * does over the per-user rate limits (429 UPLOAD_RATE_LIMITED).
 */
export const handler = apiHandler(
  byRouteKey({
    'POST /api/uploads': async (event) => {
      const request = parseBody(importUploadRequestSchema, event.json ?? {});
      const { sub, role } = event.caller;
      await checkRateLimits(sub, ['uploads', 'uploadsHourly']);
      const paid = hasPaidAccess(await getSubscription(sub), role);
      const limit = resumeLimit(paid);
      if (limit !== null && ((await getProfile(sub))?.resumeCount ?? 0) >= limit) {
        throw new AppError('RESUME_LIMIT_REACHED', `The plan keeps at most ${limit} resumes.`);
      }
      return json(200, { data: await createImportUpload(sub, request, paid) });
    },
  }),
  { auth: 'user' },
);
