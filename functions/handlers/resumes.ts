import { hasPaidAccess, resumeLimit } from '#shared/plans';
import { createdResumeFields, createResumeSchema, resumePatchSchema } from '#shared/resume';
import { getSubscription } from '../domain/profiles.ts';
import { createResume, deleteResume, getResume, listResumes, updateResume } from '../domain/resumes.ts';
import { AppError } from '../lib/app-error.ts';
import { type ApiEvent, apiHandler, byRouteKey, json, noContent, pathParam } from '../lib/http.ts';
import { parseBody } from '../lib/validate.ts';

/** A `{userId}` in the path must be the caller; anything else looks like a missing resource. */
function requireSelf(event: ApiEvent, userId: string): void {
  if (userId !== event.caller.sub) throw new AppError('NOT_FOUND', 'Not found.');
}

export const handler = apiHandler(
  byRouteKey({
    'POST /api/resume/create/{userId}': async (event) => {
      const userId = pathParam(event, 'userId');
      requireSelf(event, userId);
      const input = parseBody(createResumeSchema, event.json ?? {});
      if (input.userId !== userId) {
        throw new AppError('VALIDATION_FAILED', 'userId must match the path.', {
          issues: [{ path: 'userId', message: 'must match the user in the path' }],
        });
      }
      const subscription = await getSubscription(event.caller.sub);
      const limit = resumeLimit(hasPaidAccess(subscription, event.caller.role));
      const resume = await createResume(event.caller.sub, input, limit);
      return json(201, { data: { ...resume, ...createdResumeFields(resume) } });
    },
    'GET /api/resume/all/{userId}': async (event) => {
      requireSelf(event, pathParam(event, 'userId'));
      return json(200, { data: await listResumes(event.caller.sub) });
    },
    'GET /api/resume/id/{id}': async (event) => {
      return json(200, { data: await getResume(event.caller.sub, pathParam(event, 'id')) });
    },
    'PATCH /api/resume/{id}': async (event) => {
      const patch = parseBody(resumePatchSchema, event.json ?? {});
      const resume = await updateResume(event.caller.sub, pathParam(event, 'id'), patch);
      const lean = event.queryStringParameters?.lean === 'true';
      return json(200, { data: lean ? { id: resume.id, updatedAt: resume.updatedAt } : resume });
    },
    'DELETE /api/resume/{id}': async (event) => {
      await deleteResume(event.caller.sub, pathParam(event, 'id'));
      return noContent();
    },
  }),
  { auth: 'user' },
);
