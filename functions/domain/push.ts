import { connectionExists, postToConnection } from '../adapters/notifier.ts';
import { CONNECT_GRACE_MS, openConnectionsOf, removeConnection } from './web-socket.ts';

/**
 * Pushing to open browsers over the WebSocket API: one connection, or every connection of a user, forgetting
 * the ones the gateway no longer has. The management calls are functions/adapters/notifier.ts.
 */

/**
 * Send a message to one connection; returns false when the connection is gone, and forgets it unless it was
 * stored less than `CONNECT_GRACE_MS` ago (`connectedAt`): such a one is most likely still in its `$connect`.
 */
export async function sendToConnection(
  connectionId: string,
  message: unknown,
  sub?: string,
  connectedAt = 0,
): Promise<boolean> {
  if (await postToConnection(connectionId, message)) return true;
  if (Date.now() - connectedAt >= CONNECT_GRACE_MS) await removeConnection(connectionId, sub);
  return false;
}

/**
 * Forget the stored connections of a user that the gateway no longer has (their `$disconnect` was lost),
 * leaving those stored within `CONNECT_GRACE_MS` (maybe still in their `$connect`) and `except`. Returns how
 * many were forgotten. For a user at the connection limit, so records left behind never lock them out.
 */
export async function pruneGoneConnections(sub: string, except: string): Promise<number> {
  const now = Date.now();
  const old = (await openConnectionsOf(sub)).filter(
    (c) => c.id !== except && now - c.connectedAt >= CONNECT_GRACE_MS,
  );
  const gone = await Promise.all(
    old.map(async (c) => {
      if (await connectionExists(c.id)) return false;
      await removeConnection(c.id, sub);
      return true;
    }),
  );
  return gone.filter(Boolean).length;
}

/** Push a message to every open connection of a user; returns how many received it. */
export async function sendToUser(sub: string, message: unknown): Promise<number> {
  const connections = await openConnectionsOf(sub);
  const sent = await Promise.all(connections.map((c) => sendToConnection(c.id, message, sub, c.connectedAt)));
  return sent.filter(Boolean).length;
}
