import { randomBytes } from 'node:crypto';
import {
  connectionsUnder,
  deleteConnection,
  putConnection,
  putTicket,
  takeTicket,
  userOfStoredConnection,
} from '../adapters/table/connections.ts';

/** A ticket lives this long; the browser asks for one right before it opens the socket. */
export const TICKET_TTL_SECONDS = 60;

const epoch = (ms = Date.now()) => Math.floor(ms / 1000);

/** Issue a single-use ticket for the WebSocket `$connect` of one user. */
export async function issueTicket(sub: string): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = epoch() + TICKET_TTL_SECONDS;
  await putTicket(ticket, sub, expiresAt);
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
  return takeTicket(ticket);
}

/** Open connections one user may hold (SECURITY.md): enough for every tab a person keeps open. */
export const MAX_CONNECTIONS_PER_USER = 10;

/** Remember a connection under its user, plus a reverse record for `$disconnect`. */
export async function saveConnection(sub: string, connectionId: string, nowMs = Date.now()): Promise<void> {
  await putConnection(sub, connectionId, nowMs);
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
  const stored = await connectionsUnder(sub, { consistent: true });
  const order = stored
    .filter((c) => c.ttl === undefined || c.ttl > epoch(nowMs))
    .map((c) => ({ id: c.id, at: c.connectedAt }))
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (order.findIndex((c) => c.id === connectionId) < MAX_CONNECTIONS_PER_USER) return true;
  await removeConnection(connectionId, sub);
  return false;
}

/** The user of an open connection, or null. */
export async function userOfConnection(connectionId: string): Promise<string | null> {
  return userOfStoredConnection(connectionId);
}

/** Forget a connection (both records); unknown connections are ignored. */
export async function removeConnection(connectionId: string, knownSub?: string): Promise<void> {
  const sub = knownSub || ((await userOfStoredConnection(connectionId)) ?? undefined);
  await deleteConnection(connectionId, sub);
}

/** The open connections of a user, with when each was stored (during its `$connect`). */
export async function openConnectionsOf(sub: string): Promise<{ id: string; connectedAt: number }[]> {
  const stored = await connectionsUnder(sub, { consistent: false });
  return stored.map(({ id, connectedAt }) => ({ id, connectedAt }));
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
