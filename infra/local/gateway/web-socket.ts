import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { webSocketRoutes } from '#functions/contract';
import { isTicketFormat } from '../../../functions/domain/web-socket.ts';
import { allowedOrigins } from '../../../functions/lib/config.ts';
import { invoke } from '../functions.ts';
import type { Connections } from './connections.ts';

const wsFunction = (route: string) =>
  (webSocketRoutes.find((r) => r.route === route) ?? webSocketRoutes.find((r) => r.route === '$default'))
    ?.function;

/** The API Gateway WebSocket event for a route (`$connect`, `$disconnect`, `$default`). */
function wsEvent(origin: string, route: string, connectionId: string, extra: Record<string, unknown>) {
  const now = Date.now();
  return {
    requestContext: {
      routeKey: route,
      eventType: route === '$connect' ? 'CONNECT' : route === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      connectionId,
      domainName: new URL(origin).host,
      stage: 'local',
      apiId: 'local',
      requestId: randomUUID(),
      requestTimeEpoch: now,
      connectedAt: now,
      messageDirection: 'IN',
      extendedRequestId: randomUUID(),
      requestTime: new Date(now).toUTCString(),
    },
    isBase64Encoded: false,
    ...extra,
  };
}

/**
 * Why an upgrade is refused before `$connect` runs (or null): API Gateway validates the handshake before it
 * invokes the route, so a request `ws` would reject afterwards must not spend a ticket or store a connection.
 */
export function handshakeRefusal(
  req: Pick<IncomingMessage, 'method' | 'headers'>,
  url: URL,
  hostAllowed: (host: string | undefined) => boolean,
): { status: number; reason: string } | null {
  if (!hostAllowed(req.headers.host)) return { status: 421, reason: 'Misdirected Request' };
  if (url.pathname !== '/ws') return { status: 404, reason: 'Not Found' };
  const key = req.headers['sec-websocket-key'];
  const version = req.headers['sec-websocket-version'];
  if (
    req.method !== 'GET' ||
    String(req.headers.upgrade ?? '').toLowerCase() !== 'websocket' ||
    typeof key !== 'string' ||
    !/^[+/0-9A-Za-z]{22}==$/.test(key) ||
    (version !== '13' && version !== '8')
  ) {
    return { status: 400, reason: 'Bad Request' };
  }
  const requestOrigin = req.headers.origin;
  if (requestOrigin === undefined || !allowedOrigins().includes(requestOrigin)) {
    return { status: 403, reason: 'Forbidden' };
  }
  if (!isTicketFormat(url.searchParams.get('ticket') ?? '')) return { status: 401, reason: 'Unauthorized' };
  return null;
}

/**
 * The WebSocket API at `/ws`: the handshake checked, `$connect` asked, then each message to `$default` and
 * a `$disconnect` for every connection `$connect` accepted. Open connections go into `connections`, where
 * the `@connections` endpoint finds them.
 */
export function createWebSocketApi(options: {
  connections: Connections;
  hostAllowed: (host: string | undefined) => boolean;
  /** The gateway's origin, known once it listens. */
  origin: () => string;
  log: (message: string) => void;
}) {
  const { connections, hostAllowed, log } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const origin = options.origin();
    // A reset or garbage on the raw socket is that client's problem: without a listener Node would throw it
    // and stop the whole local cloud.
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      url = new URL('/', origin);
    }
    const refusal = handshakeRefusal(req, url, hostAllowed);
    if (refusal) {
      socket.end(
        `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    const connectionId = randomUUID().replace(/-/g, '').slice(0, 16);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    const connect = wsFunction('$connect');
    const disconnect = () => {
      const fn = wsFunction('$disconnect');
      if (fn) {
        invoke(fn, wsEvent(options.origin(), '$disconnect', connectionId, {})).catch((error: unknown) =>
          log(`websocket disconnect failed: ${(error as Error).message}`),
        );
      }
    };
    const accept = connect
      ? invoke(
          connect,
          wsEvent(origin, '$connect', connectionId, {
            headers,
            queryStringParameters: Object.fromEntries(url.searchParams),
          }),
        )
      : Promise.resolve({ statusCode: 200 });
    accept
      .then((result) => {
        const status = (result as { statusCode?: number } | undefined)?.statusCode ?? 200;
        if (status < 200 || status >= 300) {
          socket.write(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
          socket.destroy();
          return;
        }
        // The client left while `$connect` ran: the stored connection would never see a `$disconnect`.
        if (socket.destroyed || !socket.writable) {
          disconnect();
          return;
        }
        // Nor would one whose client leaves before the upgrade completes (`ws` then never calls back): API
        // Gateway sends `$disconnect` for every connection `$connect` accepted.
        let upgraded = false;
        socket.once('close', () => {
          if (!upgraded) disconnect();
        });
        wss.handleUpgrade(req, socket, head, (ws) => {
          upgraded = true;
          connections.set(connectionId, {
            socket: ws,
            connectedAt: Date.now(),
            sourceIp: req.socket.remoteAddress ?? '',
          });
          ws.on('message', (data) => {
            const body = data.toString();
            const fn = wsFunction('$default');
            if (fn) {
              invoke(fn, wsEvent(options.origin(), '$default', connectionId, { body })).catch(
                (error: unknown) => log(`websocket message failed: ${(error as Error).message}`),
              );
            }
          });
          // A malformed frame (too large, unmasked, bad UTF-8, reserved opcode) arrives here after `ws` has
          // closed that one connection with 1002/1007/1009; unheard, it would be thrown and end the process.
          ws.on('error', (error: Error & { code?: string }) =>
            log(`websocket ${connectionId} closed: ${error.code ?? error.message}`),
          );
          ws.on('close', () => {
            connections.delete(connectionId);
            disconnect();
          });
        });
      })
      .catch((error: unknown) => {
        log(`websocket connect failed: ${(error as Error).message}`);
        socket.write('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        socket.destroy();
      });
  }

  return {
    handleUpgrade,
    close() {
      for (const { socket } of connections.values()) socket.terminate();
      wss.close();
    },
  };
}
