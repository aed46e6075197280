import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AuditEntry, AuditOutcome, AuditPage } from '#shared/admin';
import type { StaffRole } from '#shared/roles';
import { documentClient, tableName } from '../adapters/dynamo.ts';
import { AppError } from '../lib/app-error.ts';
import { logger } from '../lib/logger.ts';
import { keys } from './keys.ts';

/**
 * The audit log of staff actions. Key: pk AUDIT#{yyyy-mm}, sk {iso time}#{id}, so a month reads newest first
 * with one Query. An entry is written as 'attempted' before the action runs (no entry, no action) and gets
 * its outcome afterwards; refusals are written as 'refused'.
 */

/** Audit entries are kept for two years. */
const RETENTION_SECONDS = 2 * 365 * 24 * 60 * 60;

export const auditKeys = {
  month: (month: string) => `AUDIT#${month}`,
  prefix: 'AUDIT#',
};

/** Who acts. While impersonating this is still the staff member, never the user they look at. */
export interface AuditActor {
  sub: string;
  email: string | null;
  role: StaffRole | null;
}

/** Stored target: the contract's user, resume and flag, plus the ids a bulk action names. */
export type AuditTarget = AuditEntry['target'] & { userIds?: string[] };

export interface AuditRecord {
  actor: AuditActor;
  /** The route key, or `IMPERSONATE <route key>` for a request made while impersonating. */
  action: string;
  target: AuditTarget;
  impersonationId?: string | undefined;
  /** Why the staff member did it, in their words (impersonation asks for it). */
  reason?: string | undefined;
  requestId?: string | null | undefined;
}

/** The longest reason kept: the log must not grow with whatever a client sends. */
export const AUDIT_REASON_MAX_LENGTH = 500;

/** The written entry's key, to record the outcome on it. */
export interface AuditHandle {
  pk: string;
  sk: string;
}

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

/** The stored audit entry of a record (for a caller that writes it inside its own transaction). */
export function auditEntryItem(record: AuditRecord, outcome: AuditOutcome, status: number | null, now: Date) {
  return item(record, outcome, status, now);
}

function item(record: AuditRecord, outcome: AuditOutcome, status: number | null, now: Date) {
  const at = now.toISOString();
  const id = randomUUID();
  return {
    pk: auditKeys.month(at.slice(0, 7)),
    sk: `${at}#${id}`,
    entity: 'AuditEntry',
    version: 1,
    id,
    at,
    actor: record.actor.sub,
    actorEmail: record.actor.email,
    actorRole: record.actor.role,
    action: record.action,
    target: record.target,
    outcome,
    status,
    ...(record.impersonationId ? { impersonationId: record.impersonationId } : {}),
    ...(record.reason ? { reason: record.reason.slice(0, AUDIT_REASON_MAX_LENGTH) } : {}),
    requestId: record.requestId ?? null,
    ttl: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
  };
}

/**
 * Write the 'attempted' entry of an action about to run. When it cannot be written the action must not
 * run: the caller gets 503 AUDIT_UNAVAILABLE.
 */
export async function beginAudit(record: AuditRecord, now = new Date()): Promise<AuditHandle> {
  const entry = item(record, 'attempted', null, now);
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: entry,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (cause) {
    logger.error('audit entry not written; the action is refused', {
      action: record.action,
      error: cause as Error,
    });
    throw new AppError('AUDIT_UNAVAILABLE', 'The audit log is unavailable; nothing was done.', { cause });
  }
  return { pk: entry.pk, sk: entry.sk };
}

/**
 * Record how an audited action ended. The action has already happened (or failed), so a failure here is
 * logged for the operators rather than turned into an error the caller cannot act on.
 */
export async function finishAudit(handle: AuditHandle, outcome: AuditOutcome, status: number): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: handle,
        UpdateExpression: 'SET outcome = :outcome, #status = :status, finishedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':outcome': outcome,
          ':status': status,
          ':now': new Date().toISOString(),
        },
      }),
    );
  } catch (error) {
    logger.error('audit outcome not written', { entry: handle.sk, outcome, status, error: error as Error });
  }
}

/** Write a refused request. Nothing ran, so a failed write is logged and the refusal stands. */
export async function recordRefusal(record: AuditRecord, status: number, now = new Date()): Promise<void> {
  try {
    await documentClient.send(
      new PutCommand({ TableName: tableName(), Item: item(record, 'refused', status, now) }),
    );
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
  const first = item(record, 'refused', status, start);
  const { pk, sk, ...fields } = {
    ...first,
    // One key per user and window: the window's start, so the log stays in time order.
    sk: `${start.toISOString()}#refused#${record.actor.sub}`,
    id: `refused-${record.actor.sub}-${start.getTime()}`,
  };
  const names: Record<string, string> = { '#count': 'count', '#lastAt': 'lastAt' };
  const values: Record<string, unknown> = { ':one': 1, ':now': now.toISOString() };
  const sets = Object.entries(fields).map(([name, value], index) => {
    names[`#f${index}`] = name;
    values[`:f${index}`] = value;
    return `#f${index} = if_not_exists(#f${index}, :f${index})`;
  });
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk, sk },
        UpdateExpression: `SET ${sets.join(', ')}, #lastAt = :now ADD #count :one`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    logger.error('audit refusal not written', { action: record.action, error: error as Error });
  }
}

/** A page cursor: the last key read, opaque to the client. */
function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify({ pk: key.pk, sk: key.sk })).toString('base64url') : null;
}

function decodeCursor(cursor: string, pk: string): AuditHandle {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<AuditHandle>;
    if (key.pk === pk && typeof key.sk === 'string' && key.sk.length < 200) return { pk, sk: key.sk };
  } catch {
    // Falls through to the client error below.
  }
  throw new AppError('VALIDATION_FAILED', 'The cursor is not valid for this month.', {
    issues: [{ path: 'cursor', message: 'not a cursor of this month' }],
  });
}

/** One month of the audit log (the current one by default), newest first. */
export async function listAuditEntries(options: {
  month?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}): Promise<AuditPage> {
  const pk = auditKeys.month(options.month ?? new Date().toISOString().slice(0, 7));
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const { Items = [], LastEvaluatedKey } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: limit,
      ...(options.cursor ? { ExclusiveStartKey: decodeCursor(options.cursor, pk) } : {}),
    }),
  );
  return { entries: await withNames(Items.map(toEntry)), nextCursor: encodeCursor(LastEvaluatedKey) };
}

/** Read items by key, 100 a call, asking again for what DynamoDB left unprocessed (a few times at most). */
async function readByKeys(
  keyList: Record<string, string>[],
  projection: string,
  names: Record<string, string>,
) {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let request: Record<string, unknown>[] | undefined = keyList.slice(i, i + 100);
    for (let attempt = 0; request && request.length > 0 && attempt < 4; attempt++) {
      const answer: BatchGetCommandOutput | undefined = await documentClient.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: request,
              ProjectionExpression: projection,
              ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
            },
          },
        }),
      );
      items.push(...(answer?.Responses?.[tableName()] ?? []));
      request = answer?.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return items;
}

/**
 * The page's targets by name, so the log reads as words, not ids: each user's e-mail and name from their
 * Profile, each resume's title. Read at once for the page (ids stay in the entries); a user or resume that
 * is gone keeps its id. Best effort: the log is shown without names when they cannot be read.
 */
async function withNames(entries: AuditEntry[]): Promise<AuditEntry[]> {
  const users = [...new Set(entries.flatMap((e) => (e.target.userId ? [e.target.userId] : [])))];
  const resumes = new Map<string, Record<string, string>>();
  for (const { target } of entries) {
    if (target.userId && target.resumeId) {
      resumes.set(`${target.userId}#${target.resumeId}`, keys.resume(target.userId, target.resumeId));
    }
  }
  if (users.length === 0) return entries;
  try {
    const [profiles, titles] = await Promise.all([
      readByKeys(
        users.map((id) => keys.profile(id)),
        '#id, email, firstName, lastName',
        { '#id': 'id' },
      ),
      readByKeys([...resumes.values()], 'pk, sk, title', {}),
    ]);
    const people = new Map(profiles.map((p) => [String(p.id), p]));
    const titleOf = new Map(
      titles.map((r) => [`${String(r.pk).slice(5)}#${String(r.sk).slice(7)}`, r.title]),
    );
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

function toEntry(raw: Record<string, unknown>): AuditEntry {
  const sk = String(raw.sk ?? '');
  return {
    // Entries written before ids were stored carry theirs in the sort key.
    id: typeof raw.id === 'string' ? raw.id : sk.slice(sk.indexOf('#') + 1),
    at: String(raw.at ?? sk.slice(0, sk.indexOf('#'))),
    actor: String(raw.actor ?? 'unknown'),
    actorEmail: typeof raw.actorEmail === 'string' ? raw.actorEmail : null,
    actorRole: (raw.actorRole as StaffRole | null | undefined) ?? null,
    action: String(raw.action ?? ''),
    target: (raw.target as AuditEntry['target'] | undefined) ?? {},
    outcome:
      (raw.outcome as AuditOutcome | undefined) ?? (Number(raw.status) >= 400 ? 'failed' : 'succeeded'),
    status: typeof raw.status === 'number' ? raw.status : null,
    ...(typeof raw.impersonationId === 'string' ? { impersonationId: raw.impersonationId } : {}),
    ...(typeof raw.reason === 'string' ? { reason: raw.reason } : {}),
    ...(typeof raw.count === 'number' ? { count: raw.count } : {}),
  };
}
