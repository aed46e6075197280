import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { FieldIssue } from '#shared/errors';
import {
  createResumeSchema,
  DEFAULT_TEMPLATE_ID,
  newResume,
  normaliseResume,
  type Resume,
  type ResumeContent,
  type ResumePatch,
  resumeContentSchema,
  resumeSchema,
} from '#shared/resume';
import { isProTemplate, templateIds } from '#shared/templates/registry';
import {
  deleteResumeAndConversation,
  insertResume as insertResumeItem,
  listResumeAttributes,
  MAX_RESUME_ITEM_BYTES,
  ResumeTooLarge,
  readResume,
  replaceResume,
  type StoredResume,
  WRITE_ATTEMPTS,
} from '../adapters/table/resumes.ts';
import { AppError } from '../lib/app-error.ts';
import { logger } from '../lib/logger.ts';
import { retryOnConflict } from '../lib/retry.ts';
import { recordMetric } from './analytics/metrics.ts';
import { isPhotoId } from './photos.ts';

/**
 * Our resume ids are uuids; letters, digits, '-' and '_' up to 64 characters covers every id we ever made.
 * Anything else cannot exist, and must not reach DynamoDB (sort keys over 1 KB are a ValidationException).
 */
const RESUME_ID = /^[A-Za-z0-9_-]{1,64}$/;

export { MAX_RESUME_ITEM_BYTES };

const notFound = (cause?: unknown) => new AppError('RESUME_NOT_FOUND', 'Resume not found.', { cause });

/** An id that cannot be one of ours is a missing resume, before anything is asked of the table. */
function checkResumeId(id: string): void {
  if (!RESUME_ID.test(id)) throw notFound();
}

/** A stored item as a resume of today's shape; fields added since it was written take their defaults. */
function toResume(item: Record<string, unknown>): Resume {
  try {
    return normaliseResume(item);
  } catch (error) {
    // A field written under older rules that today's schema refuses reads as its default, rather than
    // making the whole resume unreadable.
    logger.warn('stored resume repaired on read', { error: error as Error });
    const repaired = Object.fromEntries(
      Object.entries(resumeSchema.shape).map(([key, schema]) => [
        key,
        schema.safeParse(item[key]).success ? item[key] : undefined,
      ]),
    );
    return normaliseResume(repaired);
  }
}

/**
 * The editable content of a resume (what a duplicate or a tailored copy starts from), without its
 * server-owned fields, and without what its import left to check: a copy is the user's own new resume.
 */
export function contentOf(resume: Resume): ResumeContent {
  const {
    id: _id,
    profileId: _profileId,
    updatedAt: _updatedAt,
    revision: _revision,
    importReview: _importReview,
    ...content
  } = resume;
  return content;
}

/** The repository's size refusal as the API's RESUME_TOO_LARGE; any other error as it was. */
function sizeRefusal(error: unknown): unknown {
  if (!(error instanceof ResumeTooLarge)) return error;
  return error.refusedBy === 'bound'
    ? new AppError(
        'RESUME_TOO_LARGE',
        `The resume would be larger than ${MAX_RESUME_ITEM_BYTES} bytes; nothing was saved.`,
      )
    : new AppError('RESUME_TOO_LARGE', 'The resume is larger than the database allows.', {
        cause: error.cause,
      });
}

function invalid(issues: FieldIssue[]): AppError {
  return new AppError('VALIDATION_FAILED', 'The resume is not valid.', { issues });
}

/**
 * Values a client may only set to what we know: a template of the registry and a photo id we handed out.
 * A value equal to the stored one passes, so a resume saved under older rules can still be saved whole.
 */
function checkChoices(
  next: { template?: string | undefined; photo?: string | undefined },
  stored?: { template: string; photo: string },
): void {
  const issues: FieldIssue[] = [];
  if (
    next.template !== undefined &&
    next.template !== stored?.template &&
    !templateIds.includes(next.template)
  ) {
    issues.push({ path: 'template', message: 'unknown template' });
  }
  if (
    next.photo !== undefined &&
    next.photo !== '' &&
    next.photo !== stored?.photo &&
    !isPhotoId(next.photo)
  ) {
    issues.push({ path: 'personalInfo.photo', message: 'must be empty or a photo id from POST /api/photos' });
  }
  if (issues.length > 0) throw invalid(issues);
}

/** A Pro template can be chosen with paid access only; `paidAccess` is asked only when it matters. */
async function checkTemplateAccess(
  template: string | undefined,
  stored: string | undefined,
  paidAccess: () => Promise<boolean>,
): Promise<void> {
  if (template === undefined || template === stored || !isProTemplate(template)) return;
  if (!(await paidAccess())) {
    throw new AppError('PRO_REQUIRED', `The template ${template} needs paid access.`);
  }
}

/**
 * Store a new resume and count it against the owner's plan in one transaction, so concurrent creates can
 * never pass the limit. `limit` null means unlimited. Transaction conflicts are retried.
 */
async function insertResume(sub: string, resume: Resume, limit: number | null): Promise<Resume> {
  let outcome: 'created' | 'limit-reached';
  try {
    outcome = await insertResumeItem(sub, resume, limit);
  } catch (error) {
    throw sizeRefusal(error);
  }
  if (outcome === 'limit-reached') {
    throw new AppError('RESUME_LIMIT_REACHED', `The Free plan allows ${limit} resumes.`);
  }
  await recordMetric('resumesCreated');
  return resume;
}

const newIds = (sub: string) => ({ id: randomUUID(), profileId: sub, now: new Date().toISOString() });

/** Create a resume from the spec's create payload, counted against the plan's limit (null: unlimited). */
export async function createResume(
  sub: string,
  input: z.output<typeof createResumeSchema>,
  limit: number | null,
): Promise<Resume> {
  return insertResume(sub, newResume(input, newIds(sub)), limit);
}

/**
 * Create a resume from full content (an import, a seeded sample), counted against the plan's limit. The
 * content is validated like a client's: a Pro template needs paid access, a photo must be one of ours.
 */
export async function createResumeFromContent(
  sub: string,
  content: unknown,
  options: { limit: number | null; paidAccess: () => Promise<boolean> },
): Promise<Resume> {
  const parsed = resumeContentSchema.safeParse(content);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  }
  checkChoices({ template: parsed.data.template, photo: parsed.data.personalInfo.photo });
  await checkTemplateAccess(parsed.data.template, undefined, options.paidAccess);
  const input = createResumeSchema.parse({ userId: sub });
  return insertResume(sub, newResume(input, newIds(sub), parsed.data), options.limit);
}

/**
 * Copy one of the caller's resumes under a new id (revision 1), counted against the plan's limit. Without a
 * title the copy keeps the original's: the SPA names copies in the user's language ("{title} (copy)").
 */
export async function duplicateResume(
  sub: string,
  id: string,
  options: { title?: string | undefined; limit: number | null; paid: boolean },
): Promise<Resume> {
  const source = await getResume(sub, id);
  const input = createResumeSchema.parse({ userId: sub, title: options.title?.trim() || source.title });
  const content = contentOf(source);
  // A copy is a new choice of template: without paid access a Pro template becomes the Simple one.
  if (!options.paid && isProTemplate(content.template)) content.template = DEFAULT_TEMPLATE_ID;
  return insertResume(sub, newResume(input, newIds(sub), content), options.limit);
}

/** All of a user's resumes, newest first. */
export async function listResumes(sub: string): Promise<Resume[]> {
  const resumes = (await listResumeAttributes(sub)).map(toResume);
  return resumes.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

async function readItem(sub: string, id: string): Promise<StoredResume> {
  checkResumeId(id);
  const stored = await readResume(sub, id);
  if (!stored) throw notFound();
  return stored;
}

/** One of the caller's resumes; someone else's is indistinguishable from a missing one. */
export async function getResume(sub: string, id: string): Promise<Resume> {
  return toResume((await readItem(sub, id)).attributes);
}

/** The resume a patch leads to: personalInfo, sectionTitle and settings field by field, the rest whole. */
function applyPatch(current: Resume, patch: ResumePatch, now: string): Resume {
  const {
    id: _id,
    profileId: _profileId,
    updatedAt: _updatedAt,
    revision: _revision,
    personalInfo,
    sectionTitle,
    settings,
    ...whole
  } = patch;
  const defined = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
  return {
    ...current,
    ...defined(whole),
    personalInfo: { ...current.personalInfo, ...defined(personalInfo ?? {}) },
    sectionTitle: { ...current.sectionTitle, ...defined(sectionTitle ?? {}) },
    settings: { ...current.settings, ...defined(settings ?? {}) },
    revision: current.revision + 1,
    updatedAt: now,
  };
}

/** Thrown inside the update loop when the item moved between our read and our write. */
class LostRace extends Error {
  override readonly name = 'LostRace';
}

export interface UpdateOptions {
  /** The revision the client last saw (`If-Match`): a different stored one is 412. Absent: last write wins. */
  expectedRevision?: number | undefined;
  /** Whether the caller has paid access; asked only when the patch chooses a Pro template. */
  paidAccess: () => Promise<boolean>;
}

/**
 * Apply a validated patch: read, merge, then write conditioned on the revision read, so no concurrent write
 * is ever silently lost. Server-owned fields (id, profileId, updatedAt, revision) are never taken from it.
 */
export async function updateResume(
  sub: string,
  id: string,
  patch: ResumePatch,
  options: UpdateOptions,
): Promise<Resume> {
  checkResumeId(id);
  if (patch.id !== undefined && patch.id !== id) {
    throw invalid([{ path: 'id', message: 'must match the resume id in the path' }]);
  }
  let paid: Promise<boolean> | undefined;
  const paidAccess = () => {
    paid ??= options.paidAccess();
    return paid;
  };
  const attempt = async () => {
    const stored = await readItem(sub, id);
    const current = toResume(stored.attributes);
    if (options.expectedRevision !== undefined && current.revision !== options.expectedRevision) {
      throw new AppError(
        'REVISION_CONFLICT',
        `The resume is at revision ${current.revision}, not ${options.expectedRevision}.`,
      );
    }
    checkChoices(
      { template: patch.template, photo: patch.personalInfo?.photo },
      { template: current.template, photo: current.personalInfo.photo },
    );
    await checkTemplateAccess(patch.template, current.template, paidAccess);
    const next = applyPatch(current, patch, new Date().toISOString());
    // Attributes this code does not know (createdAt, entity, anything a later feature adds) are kept.
    let outcome: 'written' | 'lost-race';
    try {
      outcome = await replaceResume(stored, next);
    } catch (error) {
      throw sizeRefusal(error);
    }
    // Deleted or written in between: the next attempt reads again and answers 404, 412 or retries.
    if (outcome === 'lost-race') throw new LostRace();
    return next;
  };
  return retryOnConflict(attempt, (error) => error instanceof LostRace, { attempts: WRITE_ATTEMPTS });
}

/** Delete a resume (and its assistant conversation) and give its slot back to the plan, in one transaction. */
export async function deleteResume(sub: string, id: string): Promise<void> {
  checkResumeId(id);
  if (!(await deleteResumeAndConversation(sub, id))) throw notFound();
}
