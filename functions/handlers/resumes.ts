import { z } from 'zod';
import { hasPaidAccess, resumeLimit } from '#shared/plans';
import {
  createdResumeFields,
  createResumeSchema,
  duplicateResumeSchema,
  type Resume,
  resumeLanguages,
  resumePatchSchema,
} from '#shared/resume';
import { exportJsonResume, importJsonResume } from '../domain/json-resume.ts';
import { getSubscription } from '../domain/profiles.ts';
import {
  createResume,
  deleteResume,
  duplicateResume,
  getResume,
  listResumes,
  updateResume,
} from '../domain/resumes.ts';
import { AppError } from '../lib/app-error.ts';
import { attachment, etag, ifMatchRevision, json, noContent, pathParam } from '../lib/http.ts';
import { parseBody, parseQuery } from '../lib/validate.ts';
import { type ApiEvent, apiHandler, byRouteKey } from '../runtime/api-handler.ts';

const importQuerySchema = z.object({
  language: z.enum(resumeLanguages).optional(),
  /** The imported file's name: the new resume is named after it (and its job title). */
  fileName: z.string().trim().max(255).optional(),
});
const exportQuerySchema = z.object({ format: z.literal('json-resume') });

/** A `{userId}` in the path must be the caller; anything else looks like a missing resource. */
function requireSelf(event: ApiEvent, userId: string): void {
  if (userId !== event.caller.sub) throw new AppError('NOT_FOUND', 'Not found.');
}

/** Paid access from the stored subscription and the role, read only when a rule needs it. */
const paidAccess = (event: ApiEvent) => async () =>
  hasPaidAccess(await getSubscription(event.caller.sub), event.caller.role);

/** How many resumes the caller may keep (null: unlimited). */
const limitFor = async (event: ApiEvent) => resumeLimit(await paidAccess(event)());

const withEtag = (resume: Resume) => ({ etag: etag(resume.revision) });

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
      const resume = await createResume(event.caller.sub, input, await limitFor(event));
      return json(201, { data: { ...resume, ...createdResumeFields(resume) } }, withEtag(resume));
    },
    'GET /api/resume/all/{userId}': async (event) => {
      requireSelf(event, pathParam(event, 'userId'));
      return json(200, { data: await listResumes(event.caller.sub) });
    },
    'GET /api/resume/id/{id}': async (event) => {
      const resume = await getResume(event.caller.sub, pathParam(event, 'id'));
      return json(200, { data: resume }, withEtag(resume));
    },
    'PATCH /api/resume/{id}': async (event) => {
      const expectedRevision = ifMatchRevision(event);
      const patch = parseBody(resumePatchSchema, event.json ?? {});
      const resume = await updateResume(event.caller.sub, pathParam(event, 'id'), patch, {
        expectedRevision,
        paidAccess: paidAccess(event),
      });
      const lean = event.queryStringParameters?.lean === 'true';
      const { id, updatedAt, revision } = resume;
      return json(200, { data: lean ? { id, updatedAt, revision } : resume }, withEtag(resume));
    },
    'DELETE /api/resume/{id}': async (event) => {
      await deleteResume(event.caller.sub, pathParam(event, 'id'));
      return noContent();
    },
    'POST /api/resume/{id}/duplicate': async (event) => {
      const { title } = parseBody(duplicateResumeSchema, event.json ?? {});
      const paid = await paidAccess(event)();
      const resume = await duplicateResume(event.caller.sub, pathParam(event, 'id'), {
        title,
        limit: resumeLimit(paid),
        paid,
      });
      return json(201, { data: resume }, withEtag(resume));
    },
    'POST /api/resume/import/json-resume': async (event) => {
      const { language, fileName } = parseQuery(importQuerySchema, event);
      const resume = await importJsonResume(event.caller.sub, event.json, {
        language,
        fileName,
        limit: await limitFor(event),
        paidAccess: paidAccess(event),
      });
      return json(201, { data: resume }, withEtag(resume));
    },
    'GET /api/resume/{id}/export': async (event) => {
      parseQuery(exportQuerySchema, event);
      const { title, document } = await exportJsonResume(event.caller.sub, pathParam(event, 'id'));
      return json(200, document, { 'content-disposition': attachment(title, 'json') });
    },
  }),
  { auth: 'user' },
);
