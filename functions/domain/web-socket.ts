import { randomBytes } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamo.ts';
import { keys } from './keys.ts';

/** A ticket lives this long; the browser asks for one right before it opens the socket. */
export const TICKET_TTL_SECONDS = 60;
/** Connection records expire even if $disconnect never arrives (API Gateway closes sockets after 2 h). */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

const epoch = (ms = Date.now()) => Math.floor(ms / 1000);

/** Issue a single-use ticket for the WebSocket `$connect` of one user. */
export async function issueTicket(sub: string): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = epoch() + TICKET_TTL_SECONDS;
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.wsTicket(ticket),
        entity: 'WsTicket',
        version: 1,
        userId: sub,
        expiresAt,
        ttl: expiresAt,
      },
    }),
  );
  return { ticket, expiresIn: TICKET_TTL_SECONDS };
}

/**
 * Whether a string has the shape `issueTicket` gives (32 random bytes, base64url): the local gateway checks it
 * before `$connect` as well, so a malformed upgrade never reaches the handler.
 */
export const isTicketFormat = (ticket: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(ticket);

/** Consume a ticket: it works once, before it expires, and returns its user (or null). */
export async function redeemTicket(ticket: string): Promise<string | null> {
  if (!isTicketFormat(ticket)) return null;
  try {
    const { Attributes } = await documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.wsTicket(ticket),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt >= :now',
        ExpressionAttributeValues: { ':now': epoch() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return typeof Attributes?.userId === 'string' ? Attributes.userId : null;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/** Open connections one user may hold (SECURITY.md): enough for every tab a person keeps open. */
export const MAX_CONNECTIONS_PER_USER = 10;

/** Remember a connection under its user, plus a reverse record for `$disconnect`. */
export async function saveConnection(sub: string, connectionId: string, nowMs = Date.now()): Promise<void> {
  const ttl = epoch(nowMs) + CONNECTION_TTL_SECONDS;
  const base = { entity: 'WsConnection', version: 1, userId: sub, connectionId, connectedAt: nowMs, ttl };
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...keys.connection(sub, connectionId), ...base } } },
        { Put: { TableName: tableName(), Item: { ...keys.connectionRef(connectionId), ...base } } },
      ],
    }),
  );
}

/**
 * Save a connection unless its user already holds `MAX_CONNECTIONS_PER_USER`. Saved first, then counted
 * (consistently, expired records left out): of connections that race, exactly those beyond the limit in
 * (connectedAt, id) order remove themselves, so no interleaving admits an eleventh.
 */
export async function admitConnection(
  sub: string,
  connectionId: string,
  nowMs = Date.now(),
): Promise<boolean> {
  await saveConnection(sub, connectionId, nowMs);
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(sub), ':prefix': keys.connectionPrefix },
      ConsistentRead: true,
    }),
  );
  const order = Items.filter((i) => typeof i.ttl !== 'number' || i.ttl > epoch(nowMs))
    .map((i) => ({ id: String(i.connectionId), at: typeof i.connectedAt === 'number' ? i.connectedAt : 0 }))
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (order.findIndex((c) => c.id === connectionId) < MAX_CONNECTIONS_PER_USER) return true;
  await removeConnection(connectionId, sub);
  return false;
}

/** The user of an open connection, or null. */
export async function userOfConnection(connectionId: string): Promise<string | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: keys.connectionRef(connectionId) }),
  );
  return typeof Item?.userId === 'string' ? Item.userId : null;
}

/** Forget a connection (both records); unknown connections are ignored. */
export async function removeConnection(connectionId: string, knownSub?: string): Promise<void> {
  let sub = knownSub;
  if (!sub) {
    const { Item } = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: keys.connectionRef(connectionId) }),
    );
    sub = typeof Item?.userId === 'string' ? Item.userId : undefined;
  }
  const deletes = [keys.connectionRef(connectionId), ...(sub ? [keys.connection(sub, connectionId)] : [])];
  await Promise.all(
    deletes.map((Key) => documentClient.send(new DeleteCommand({ TableName: tableName(), Key }))),
  );
}

/** The open connections of a user, with when each was stored (during its `$connect`). */
export async function openConnectionsOf(sub: string): Promise<{ id: string; connectedAt: number }[]> {
  const { Items } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(sub), ':prefix': keys.connectionPrefix },
    }),
  );
  return (Items ?? []).map((item) => ({
    id: String(item.connectionId),
    connectedAt: typeof item.connectedAt === 'number' ? item.connectedAt : 0,
  }));
}

/** The open connection ids of a user. */
export async function connectionsOf(sub: string): Promise<string[]> {
  return (await openConnectionsOf(sub)).map((c) => c.id);
}

/**
 * How long a stored connection may be unknown to the gateway without being forgotten: it is stored while its
 * `$connect` runs, and API Gateway answers 410 to a push until `$connect` has returned. The function that
 * runs `$connect` stops at 10 s (app-manifest.ts, webSocket), so 15 s covers it.
 */
export const CONNECT_GRACE_MS = 15_000;
