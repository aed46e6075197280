import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry, AuditOutcome } from '#shared/admin';
import type { StaffRole } from '#shared/roles';
import { documentClient, tableName } from '../dynamo.ts';
import { AuditEntry as AuditEntryItem, AuditRefusal } from './entities.ts';

/**
 * The audit log's items: one per staff action in its month's partition, in time order (a month reads
 * newest first with one Query), and one per user and minute for bounded refusals.
 */

/** Audit entries are kept for two years. */
const RETENTION_SECONDS = 2 * 365 * 24 * 60 * 60;

/** The longest reason kept: the log must not grow with whatever a client sends. */
export const AUDIT_REASON_MAX_LENGTH = 500;

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

/** The written entry, to record the outcome on it (opaque to callers). */
export interface AuditHandle {
  pk: string;
  sk: string;
}

/** The stored audit entry of a record (for a caller that writes it inside its own transaction). */
export function auditEntryItem(record: AuditRecord, outcome: AuditOutcome, status: number | null, now: Date) {
  const at = now.toISOString();
  const id = randomUUID();
  return {
    ...AuditEntryItem.key({ month: at.slice(0, 7), at, id }),
    entity: AuditEntryItem.name,
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

/** Write the 'attempted' entry of an action about to run (a new item, never over another). */
export async function putAttempt(record: AuditRecord, now: Date): Promise<AuditHandle> {
  const entry = auditEntryItem(record, 'attempted', null, now);
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: entry,
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { pk: entry.pk, sk: entry.sk };
}

/** Record how an entry's action ended, on the entry (which must exist). */
export async function putOutcome(handle: AuditHandle, outcome: AuditOutcome, status: number): Promise<void> {
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
}

/** Write a refused request as an entry of its own. */
export async function putRefusal(record: AuditRecord, status: number, now: Date): Promise<void> {
  await documentClient.send(
    new PutCommand({ TableName: tableName(), Item: auditEntryItem(record, 'refused', status, now) }),
  );
}

/**
 * Count a refusal in the one entry of the user's window starting at `start`: the first refusal writes the
 * entry, the others only add to its `count` and move `lastAt`.
 */
export async function addBoundedRefusal(
  record: AuditRecord,
  status: number,
  start: Date,
  now: Date,
): Promise<void> {
  const first = auditEntryItem(record, 'refused', status, start);
  const { pk, sk, ...fields } = {
    ...first,
    // One key per user and window: the window's start, so the log stays in time order.
    ...AuditRefusal.key({ month: first.at.slice(0, 7), minute: start.toISOString(), sub: record.actor.sub }),
    id: `refused-${record.actor.sub}-${start.getTime()}`,
  };
  const names: Record<string, string> = { '#count': 'count', '#lastAt': 'lastAt' };
  const values: Record<string, unknown> = { ':one': 1, ':now': now.toISOString() };
  const sets = Object.entries(fields).map(([name, value], index) => {
    names[`#f${index}`] = name;
    values[`:f${index}`] = value;
    return `#f${index} = if_not_exists(#f${index}, :f${index})`;
  });
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk, sk },
      UpdateExpression: `SET ${sets.join(', ')}, #lastAt = :now ADD #count :one`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** A page cursor: the last key read, opaque to the client. */
function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify({ pk: key.pk, sk: key.sk })).toString('base64url') : null;
}

function decodeCursor(cursor: string, pk: string): AuditHandle | null {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<AuditHandle>;
    if (key.pk === pk && typeof key.sk === 'string' && key.sk.length < 200) return { pk, sk: key.sk };
  } catch {
    // Not a cursor at all: the same answer as a cursor of another month.
  }
  return null;
}

/**
 * Up to `limit` entries of a month (`yyyy-mm`), newest first, from a cursor a previous page gave. Null when
 * the cursor is not one of this month's.
 */
export async function queryMonth(
  month: string,
  limit: number,
  cursor?: string,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null } | null> {
  const pk = AuditEntryItem.partition({ month });
  const start = cursor ? decodeCursor(cursor, pk) : undefined;
  if (start === null) return null;
  const { Items = [], LastEvaluatedKey } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: limit,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }),
  );
  return { entries: Items.map(toEntry), nextCursor: encodeCursor(LastEvaluatedKey) };
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
