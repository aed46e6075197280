import type { AuditEntry, AuditOutcome, AuditPage } from '#shared/admin';
import {
  type AuditHandle,
  type AuditRecord,
  type AuditTarget,
  addBoundedRefusal,
  putAttempt,
  putOutcome,
  putRefusal,
  queryMonth,
} from '../adapters/table/audit-log.ts';
import { namesOf } from '../adapters/table/profile-directory.ts';
import { AppError } from '../lib/app-error.ts';
import { logger } from '../lib/logger.ts';

/**
 * The audit log of staff actions, a month at a time, newest first. An entry is written as 'attempted'
 * before the action runs (no entry, no action) and gets its outcome afterwards; refusals are written as
 * 'refused'.
 */

export {
  AUDIT_REASON_MAX_LENGTH,
  type AuditActor,
  type AuditHandle,
  type AuditRecord,
  type AuditTarget,
} from '../adapters/table/audit-log.ts';

/**
 * Path parameters that name what is acted on, in the contract's words. A staff route's `{id}` is a user; a
 * user route's (read while impersonating: `/api/resume/{id}`) is a resume, never a user.
 */
const staffTargetParams: Record<string, keyof AuditEntry['target']> = {
  id: 'userId',
  userId: 'userId',
  resumeId: 'resumeId',
  flag: 'flag',
};
const userTargetParams: Record<string, keyof AuditEntry['target']> = {
  id: 'resumeId',
  resumeId: 'resumeId',
};

/**
 * The target of a request to `routeKey` ("METHOD /path"): its path parameters, then a `userId`,
 * `targetUser` or `userIds` in the body.
 */
export function auditTarget(
  routeKey: string,
  pathParameters: Record<string, string | undefined> | undefined,
  body: unknown,
): AuditTarget {
  const target: AuditTarget = {};
  const params = routeKey.split(' ')[1]?.startsWith('/api/admin/') ? staffTargetParams : userTargetParams;
  for (const [name, value] of Object.entries(pathParameters ?? {})) {
    const field = params[name];
    if (field && typeof value === 'string') target[field] = value;
  }
  const fromBody = (body ?? {}) as { userId?: unknown; userIds?: unknown; targetUser?: unknown };
  // An impersonation grant names its user as `targetUser`.
  if (target.userId === undefined && typeof fromBody.targetUser === 'string')
    target.userId = fromBody.targetUser.slice(0, 64);
  if (target.userId === undefined && typeof fromBody.userId === 'string')
    target.userId = fromBody.userId.slice(0, 64);
  if (Array.isArray(fromBody.userIds)) {
    // Bounded: the log must not grow with whatever a client sends (the route validates the list itself).
    target.userIds = fromBody.userIds.filter((id): id is string => typeof id === 'string').slice(0, 100);
  }
  return target;
}

/**
 * Write the 'attempted' entry of an action about to run. When it cannot be written the action must not
 * run: the caller gets 503 AUDIT_UNAVAILABLE.
 */
export async function beginAudit(record: AuditRecord, now = new Date()): Promise<AuditHandle> {
  try {
    return await putAttempt(record, now);
  } catch (cause) {
    logger.error('audit entry not written; the action is refused', {
      action: record.action,
      error: cause as Error,
    });
    throw new AppError('AUDIT_UNAVAILABLE', 'The audit log is unavailable; nothing was done.', { cause });
  }
}

/**
 * Record how an audited action ended. The action has already happened (or failed), so a failure here is
 * logged for the operators rather than turned into an error the caller cannot act on.
 */
export async function finishAudit(handle: AuditHandle, outcome: AuditOutcome, status: number): Promise<void> {
  try {
    await putOutcome(handle, outcome, status);
  } catch (error) {
    logger.error('audit outcome not written', { entry: handle.sk, outcome, status, error: error as Error });
  }
}

/** Write a refused request. Nothing ran, so a failed write is logged and the refusal stands. */
export async function recordRefusal(record: AuditRecord, status: number, now = new Date()): Promise<void> {
  try {
    await putRefusal(record, status, now);
  } catch (error) {
    logger.error('audit refusal not written', { action: record.action, error: error as Error });
  }
}

/** The window of bounded refusals: one entry per user per minute. */
export const REFUSAL_WINDOW_SECONDS = 60;

/**
 * Write a refusal that only looks like a staff or impersonation attempt (a plain user calling a staff
 * route, a role that may not impersonate sending a session) in bounded form: the first refusal of the user
 * in the minute is an entry, the others only add to its `count`, so no user can flood the log. Nothing ran,
 * so a failed write is logged and the refusal stands.
 */
export async function recordBoundedRefusal(
  record: AuditRecord,
  status: number,
  now = new Date(),
): Promise<void> {
  const windowMs = REFUSAL_WINDOW_SECONDS * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  try {
    await addBoundedRefusal(record, status, start, now);
  } catch (error) {
    logger.error('audit refusal not written', { action: record.action, error: error as Error });
  }
}

/** One month of the audit log (the current one by default), newest first. */
export async function listAuditEntries(options: {
  month?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}): Promise<AuditPage> {
  const month = options.month ?? new Date().toISOString().slice(0, 7);
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const page = await queryMonth(month, limit, options.cursor || undefined);
  if (!page) {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not valid for this month.', {
      issues: [{ path: 'cursor', message: 'not a cursor of this month' }],
    });
  }
  return { entries: await withNames(page.entries), nextCursor: page.nextCursor };
}

/**
 * The page's targets by name, so the log reads as words, not ids: each user's e-mail and name from their
 * Profile, each resume's title. Read at once for the page (ids stay in the entries); a user or resume that
 * is gone keeps its id. Best effort: the log is shown without names when they cannot be read.
 */
async function withNames(entries: AuditEntry[]): Promise<AuditEntry[]> {
  const users = [...new Set(entries.flatMap((e) => (e.target.userId ? [e.target.userId] : [])))];
  const resumes = entries.flatMap(({ target }) =>
    target.userId && target.resumeId ? [{ userId: target.userId, resumeId: target.resumeId }] : [],
  );
  if (users.length === 0) return entries;
  try {
    const { people, titles: titleOf } = await namesOf(users, resumes);
    return entries.map((entry) => {
      const { userId, resumeId } = entry.target;
      const person = userId ? people.get(userId) : undefined;
      const title = userId && resumeId ? titleOf.get(`${userId}#${resumeId}`) : undefined;
      const name = person ? `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim() : '';
      return {
        ...entry,
        ...(typeof person?.email === 'string' ? { targetEmail: person.email } : {}),
        ...(name ? { targetName: name } : {}),
        ...(typeof title === 'string' ? { resumeTitle: title } : {}),
      };
    });
  } catch (error) {
    logger.warn('audit log shown without names', { error: error as Error });
    return entries;
  }
}
