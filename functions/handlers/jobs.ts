import { getJob } from '../domain/jobs.ts';
import { json, pathParam } from '../lib/http.ts';
import { apiHandler, byRouteKey } from '../runtime/api-handler.ts';

/** Job status for the browser's polling fallback; the owner only, anyone else gets the same 404 as no job. */
export const handler = apiHandler(
  byRouteKey({
    'GET /api/jobs/{jobId}': async (event) =>
      json(200, { data: await getJob(event.caller.sub, pathParam(event, 'jobId')) }),
  }),
  { auth: 'user' },
);
