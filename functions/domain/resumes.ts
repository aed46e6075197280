import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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
  documentClient,
  isConditionFailure,
  isItemTooLarge,
  isTransactionConflict,
  tableName,
} from '../adapters/dynamo.ts';
import { AppError } from '../lib/app-error.ts';
import { logger } from '../lib/logger.ts';
import { retryOnConflict } from '../lib/retry.ts';
import { recordMetric } from './analytics/metrics.ts';
import { keys, stripKeys } from './keys.ts';
import { isPhotoId } from './photos.ts';

const ENTITY = { entity: 'Resume', version: 1 } as const;

/**
 * Our resume ids are uuids; letters, digits, '-' and '_' up to 64 characters covers every id we ever made.
 * Anything else cannot exist, and must not reach DynamoDB (sort keys over 1 KB are a ValidationException).
 */
const RESUME_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * DynamoDB refuses items over 400 KB (409,600 bytes, names and values in UTF-8). The item's JSON is a
 * little larger than DynamoDB's own count (quotes, commas, braces), and the bound keeps a margin below it.
 */
export const MAX_RESUME_ITEM_BYTES = 390_000;

/** How many times a write re-reads and retries after losing a race, before answering WRITE_CONFLICT. */
const WRITE_ATTEMPTS = 8;

/** A transaction cancelled by a conflict is retried, unless its first item's condition already decided. */
const conflictOnly = (error: unknown) => isTransactionConflict(error) && !isConditionFailure(error, 0);

const notFound = (cause?: unknown) => new AppError('RESUME_NOT_FOUND', 'Resume not found.', { cause });

function resumeKey(sub: string, id: string) {
  if (!RESUME_ID.test(id)) throw notFound();
  return keys.resume(sub, id);
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

function itemBytes(item: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(item), 'utf8');
}

function assertFits(item: Record<string, unknown>): void {
  if (itemBytes(item) > MAX_RESUME_ITEM_BYTES) {
    throw new AppError(
      'RESUME_TOO_LARGE',
      `The resume would be larger than ${MAX_RESUME_ITEM_BYTES} bytes; nothing was saved.`,
    );
  }
}

function tooLarge(cause: unknown): AppError {
  return new AppError('RESUME_TOO_LARGE', 'The resume is larger than the database allows.', { cause });
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
  const now = resume.updatedAt;
  const item = { ...keys.resume(sub, resume.id), ...ENTITY, ...resume, createdAt: now };
  assertFits(item);
  const countCondition =
    limit === null ? '' : ' AND (attribute_not_exists(resumeCount) OR resumeCount < :limit)';
  // A fresh command per try: nothing of a failed try's request is reused.
  const write = () =>
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.profile(sub),
            UpdateExpression: 'SET resumeCount = if_not_exists(resumeCount, :zero) + :one, updatedAt = :now',
            ConditionExpression: `attribute_exists(pk)${countCondition}`,
            ExpressionAttributeValues: {
              ':zero': 0,
              ':one': 1,
              ':now': now,
              ...(limit === null ? {} : { ':limit': limit }),
            },
          },
        },
        { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    });
  try {
    await retryOnConflict(() => documentClient.send(write()), conflictOnly, { attempts: WRITE_ATTEMPTS });
  } catch (error) {
    if (isConditionFailure(error, 0)) {
      throw new AppError('RESUME_LIMIT_REACHED', `The Free plan allows ${limit} resumes.`, { cause: error });
    }
    if (isItemTooLarge(error)) throw tooLarge(error);
    throw error;
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
  const resumes: Resume[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(sub), ':prefix': keys.resumePrefix },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) resumes.push(toResume(stripKeys(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return resumes.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

async function readItem(sub: string, id: string): Promise<Record<string, unknown>> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: resumeKey(sub, id), ConsistentRead: true }),
  );
  if (!Item) throw notFound();
  return Item;
}

/** One of the caller's resumes; someone else's is indistinguishable from a missing one. */
export async function getResume(sub: string, id: string): Promise<Resume> {
  return toResume(stripKeys(await readItem(sub, id)));
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
  const key = resumeKey(sub, id);
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
    const current = toResume(stripKeys(stored));
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
    const item = { ...stored, ...next, ...key };
    assertFits(item);
    const storedRevision = stored.revision;
    try {
      await documentClient.send(
        new PutCommand({
          TableName: tableName(),
          Item: item,
          ConditionExpression:
            typeof storedRevision === 'number'
              ? 'attribute_exists(pk) AND revision = :read'
              : 'attribute_exists(pk) AND attribute_not_exists(revision)',
          ...(typeof storedRevision === 'number'
            ? { ExpressionAttributeValues: { ':read': storedRevision } }
            : {}),
        }),
      );
    } catch (error) {
      if (isItemTooLarge(error)) throw tooLarge(error);
      // Deleted or written in between: the next attempt reads again and answers 404, 412 or retries.
      if (isConditionFailure(error) || isTransactionConflict(error)) throw new LostRace();
      throw error;
    }
    return next;
  };
  return retryOnConflict(attempt, (error) => error instanceof LostRace, { attempts: WRITE_ATTEMPTS });
}

/** Delete a resume (and its assistant conversation) and give its slot back to the plan, in one transaction. */
export async function deleteResume(sub: string, id: string): Promise<void> {
  // A fresh command per try: nothing of a failed try's request is reused.
  const write = () =>
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: resumeKey(sub, id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.profile(sub),
            // No condition on the count: a count that drifted must never stop a user deleting a resume.
            UpdateExpression: 'SET resumeCount = if_not_exists(resumeCount, :one) - :one, updatedAt = :now',
            ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString() },
          },
        },
        // The assistant's conversation about this resume goes with it.
        { Delete: { TableName: tableName(), Key: keys.assistant(sub, id) } },
      ],
    });
  try {
    await retryOnConflict(() => documentClient.send(write()), conflictOnly, { attempts: WRITE_ATTEMPTS });
  } catch (error) {
    if (isConditionFailure(error, 0)) throw notFound(error);
    throw error;
  }
}
