import { z } from 'zod';
import { requireEnv } from '#functions/contract';
import { importReviewOf } from '#shared/import-review';
import {
  IMPORT_UPLOAD_EXPIRES_SECONDS,
  type ImportKind,
  type ImportResult,
  type ImportUpload,
  type ImportUploadRequest,
  importFileTypes,
  importKindOfContentType,
  importKinds,
} from '#shared/imports';
import { resumeLimit } from '#shared/plans';
import { resumeLanguages } from '#shared/resume';
import { importedResumeTitle, titleDate } from '#shared/resume-title';
import { deleteObject, getObject, presignUpload, userPrefix } from '../../adapters/s3.ts';
import {
  deleteImportRequest,
  putImportRequest,
  readImportRequest,
} from '../../adapters/table/import-requests.ts';
import { AppError } from '../../lib/app-error.ts';
import { JobError } from '../../lib/job-message.ts';
import { logger } from '../../lib/logger.ts';
import { AiError, getAiProvider } from '../ai/index.ts';
import { checkRateLimit } from '../ai/rate-limit.ts';
import { checkDailyTokens, metered } from '../ai/token-meter.ts';
import { createJob, isJobId, startStep } from '../jobs.ts';
import { createResumeFromContent } from '../resumes.ts';
import { resumeTitle } from './parse-file.ts';
import { fieldsToRefine, refineParse } from './refine.ts';
import { parseInSandbox } from './sandbox.ts';
import { ImportError, type ParsedResume } from './types.ts';

/**
 * An import from start to end: `POST /api/uploads` makes the job, a record of what was asked and a presigned
 * form for one server-made key; the browser POSTs the file to S3; S3's object-created event reaches the
 * import queue; the worker finds the job from the key, checks and parses the file in a sandbox, and saves
 * the resume. The uploaded file is deleted once read.
 */

/** Where an upload goes: under the user's prefix (expiring, emptied on account deletion), named by its job. */
export const importKey = (sub: string, jobId: string, kind: ImportKind) =>
  `${userPrefix(sub)}imports/${jobId}.${importFileTypes[kind].extensions[0]}`;

const IMPORT_KEY = /^users\/([^/]+)\/imports\/([A-Za-z0-9_-]{1,64})\.([a-z]+)$/;

/** The upload request as the server recorded it: the worker trusts this, never what S3 was sent. */
const importRequestSchema = z.object({
  kind: z.enum(importKinds),
  language: z.enum(resumeLanguages).optional(),
  /** Paid access when the upload was asked for (the worker has no token to decide it again). */
  paid: z.boolean(),
  key: z.string(),
  /** The uploaded file's own name, which the new resume is named after. */
  fileName: z.string().max(255).optional(),
});
type ImportRequest = z.infer<typeof importRequestSchema>;

/** Start an import for the caller: the job (in its 'uploading' step), the request record, the upload form. */
export async function createImportUpload(
  sub: string,
  request: ImportUploadRequest,
  paid: boolean,
): Promise<ImportUpload> {
  const kind = importKindOfContentType(request.contentType);
  if (!kind) throw new Error(`No import kind for ${request.contentType}`);
  const job = await createJob(sub, 'import');
  const key = importKey(sub, job.id, kind);
  const record: ImportRequest = {
    kind,
    paid,
    key,
    ...(request.language ? { language: request.language } : {}),
    ...(request.fileName ? { fileName: request.fileName } : {}),
  };
  await putImportRequest(sub, job.id, record);
  await startStep(sub, job.id, 'uploading');
  const { maxBytes, contentType } = importFileTypes[kind];
  const form = await presignUpload({
    bucket: requireEnv('uploadsBucket'),
    key,
    contentType,
    maxBytes,
    expiresSeconds: IMPORT_UPLOAD_EXPIRES_SECONDS,
  });
  return { jobId: job.id, url: form.url, fields: form.fields, maxBytes };
}

// -----------------------------------------------------------------------------------------------------
// The worker's side: S3 event notifications on the import queue.

const s3RecordSchema = z.object({
  eventName: z.string(),
  s3: z.object({
    bucket: z.object({ name: z.string() }),
    object: z.object({ key: z.string(), size: z.number().optional() }),
  }),
});

/** An S3 event message with exactly one record (S3 sends one record per message). */
const s3EventSchema = z.object({ Records: z.array(s3RecordSchema).length(1) });

/** S3 writes keys URL-encoded in events, with '+' for spaces. */
const decodeKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

/** The job message an object-created event of an import upload stands for. */
export const importMessageSchema = s3EventSchema.transform((event, ctx) => {
  const record = event.Records[0];
  const key = record ? decodeKey(record.s3.object.key) : '';
  const match = IMPORT_KEY.exec(key);
  if (!record || !match?.[1] || !match[2] || !isJobId(match[2])) {
    ctx.addIssue({ code: 'custom', message: 'not an import upload' });
    return z.NEVER;
  }
  return { sub: match[1], jobId: match[2], bucket: record.s3.bucket.name, key };
});
export type ImportMessage = z.output<typeof importMessageSchema>;

/**
 * Messages the worker acknowledges and drops: the `s3:TestEvent` S3 sends when the notification is set up,
 * and events that are not an import upload's creation (other keys, removals).
 */
export function isIgnoredImportEvent(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  if ((body as { Event?: unknown }).Event === 's3:TestEvent') return true;
  const event = s3EventSchema.safeParse(body);
  if (!event.success) return false;
  const record = event.data.Records[0];
  return !record?.eventName.startsWith('ObjectCreated:') || !importMessageSchema.safeParse(body).success;
}

async function readRequest(sub: string, jobId: string): Promise<ImportRequest | null> {
  const parsed = importRequestSchema.safeParse((await readImportRequest(sub, jobId)) ?? {});
  return parsed.success ? parsed.data : null;
}

const permanent = (code: string, message: string, cause?: unknown) =>
  new JobError(code, message, { permanent: true, cause });

/**
 * The import worker's work for one uploaded file. Everything about the file is checked again here (local
 * S3 does not enforce the upload policy): the key must be the one recorded for the job, the stored type
 * the recorded kind's, the size within its limit, the bytes that kind's.
 */
export async function runImport(message: ImportMessage): Promise<ImportResult> {
  const { sub, jobId, bucket, key } = message;
  const request = await readRequest(sub, jobId);
  if (!request || request.key !== key || bucket !== requireEnv('uploadsBucket')) {
    throw permanent('IMPORT_FAILED', 'No import was asked for this key.');
  }
  try {
    return await importFile(message, request);
  } catch (error) {
    // A file that failed for good is not kept; one that may succeed on the next delivery is.
    if (error instanceof JobError && error.permanent) await deleteUpload(sub, jobId, bucket, key);
    throw error;
  }
}

async function importFile(message: ImportMessage, request: ImportRequest): Promise<ImportResult> {
  const { sub, jobId, bucket, key } = message;
  await startStep(sub, jobId, 'parsing');
  const { contentType, maxBytes } = importFileTypes[request.kind];
  const stored = await getObject(bucket, key, maxBytes);
  if (!stored) throw permanent('IMPORT_FAILED', 'The uploaded file is gone.');
  if (stored.size > maxBytes) throw permanent('IMPORT_TOO_LARGE', 'The upload is over its limit.');
  if (stored.contentType.split(';')[0]?.trim().toLowerCase() !== contentType) {
    throw permanent('IMPORT_INVALID_TYPE', `The upload was stored as ${stored.contentType}.`);
  }

  let parsed: ParsedResume;
  try {
    parsed = await parseInSandbox(
      stored.bytes,
      request.kind,
      request.language ? { language: request.language } : {},
    );
  } catch (error) {
    if (error instanceof ImportError) throw permanent(error.code, error.message, error);
    throw error;
  }

  parsed = await refined(sub, jobId, parsed);

  await startStep(sub, jobId, 'saving');
  // What to check goes with the resume (item ids, not indexes), so the editor marks it after a reload too.
  const importReview = importReviewOf(parsed.content, parsed);
  // Named by its job title and the file it came from, not by the first name the parser read ("Dr.'s Resume").
  const language = parsed.content.settings.language;
  const title = importedResumeTitle({
    jobTitle: parsed.content.personalInfo.jobTitle,
    fileName: request.fileName,
    dateLabel: titleDate(new Date(), language, 'UTC'),
    language,
  });
  const content = { ...parsed.content, title, ...(importReview ? { importReview } : {}) };
  const resume = await createResumeFromContent(sub, content, {
    limit: resumeLimit(request.paid),
    paidAccess: async () => request.paid,
  }).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === 'RESUME_LIMIT_REACHED')
      throw permanent(code, 'The plan limit was reached meanwhile.', error);
    throw error;
  });

  await startStep(sub, jobId, 'finalizing');
  await deleteUpload(sub, jobId, bucket, key);
  return {
    resumeId: resume.id,
    title: resume.title,
    kind: request.kind,
    uncertain: parsed.uncertain,
    ocr: parsed.ocr === true,
  };
}

/**
 * The parse with its uncertain fields refined by Claude, when a key is configured and the user is within
 * the refinement's rate limit; otherwise, or when the call fails, the parse as it was. The picks are
 * checked against the document's text in refine.ts, and the fields keep their check marks.
 */
async function refined(sub: string, jobId: string, parsed: ParsedResume): Promise<ParsedResume> {
  if (!parsed.text || fieldsToRefine(parsed).length === 0) return parsed;
  const provider = await getAiProvider();
  if (provider.name !== 'claude') return parsed;
  try {
    await checkRateLimit(sub, 'importRefine');
    await checkDailyTokens(sub);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'AI_RATE_LIMITED' || error.code === 'AI_DAILY_LIMIT')) {
      logger.info('import refinement skipped: over a limit', { jobId, code: error.code });
      return parsed;
    }
    throw error;
  }
  const meter = metered(sub);
  try {
    const { content, asked, changed, rejected } = await refineParse(parsed, provider, meter.options).finally(
      meter.recorded,
    );
    logger.info('import refined', { jobId, asked, changed: changed.length, rejected });
    const { firstName } = content.personalInfo;
    const title = changed.includes('personalInfo.firstName')
      ? resumeTitle(firstName, parsed.language, content.title)
      : content.title;
    return { ...parsed, content: { ...content, title } };
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
    logger.warn('import refinement failed; the parse stands', { jobId, code: error.code });
    return parsed;
  }
}

/** The uploaded file and the request record are removed once the resume exists; a failure only logs. */
async function deleteUpload(sub: string, jobId: string, bucket: string, key: string): Promise<void> {
  await Promise.all([deleteObject(bucket, key), deleteImportRequest(sub, jobId)]).catch((error: unknown) =>
    logger.warn('could not delete a read upload', { jobId, error: error as Error }),
  );
}
