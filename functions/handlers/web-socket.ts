import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { checkRateLimit, windowSecondsLeft } from '../domain/ai/rate-limit.ts';
import { pruneGoneConnections, sendToConnection } from '../domain/push.ts';
import { admitConnection, redeemTicket, removeConnection, userOfConnection } from '../domain/web-socket.ts';
import { AppError } from '../lib/app-error.ts';
import { allowedOrigins } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';

/** `$connect` events also carry headers and the query string. */
type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
};

function originAllowed(origin: string | undefined): boolean {
  return origin !== undefined && allowedOrigins().includes(origin);
}

/**
 * `$connect` needs an allowed Origin, a valid single-use ticket and a free place among the user's
 * connections (429 past `MAX_CONNECTIONS_PER_USER`); `$default` answers pings, within the user's message
 * rate limit (over it, an error frame with WS_RATE_LIMITED and the seconds to wait).
 */
export const handler = async (event: WebSocketEvent): Promise<APIGatewayProxyResultV2> => {
  const { routeKey, connectionId } = event.requestContext;
  switch (routeKey) {
    case '$connect': {
      const origin = event.headers?.origin ?? event.headers?.Origin;
      if (!originAllowed(origin)) {
        logger.warn('websocket origin refused', { origin });
        return { statusCode: 403 };
      }
      const sub = await redeemTicket(event.queryStringParameters?.ticket ?? '');
      if (!sub) return { statusCode: 401 };
      // At the limit, connections whose $disconnect was lost are forgotten first, then the place is asked again.
      // Asking the management API may fail: the limit then stands, as it did before asking.
      const pruned = () =>
        pruneGoneConnections(sub, connectionId).catch((error: unknown) => {
          logger.warn('websocket: gone connections not checked', { error });
          return 0;
        });
      const admitted =
        (await admitConnection(sub, connectionId)) ||
        ((await pruned()) > 0 && (await admitConnection(sub, connectionId)));
      if (!admitted) {
        logger.warn('websocket refused: the user holds the most connections allowed', { sub });
        return { statusCode: 429 };
      }
      return { statusCode: 200 };
    }
    case '$disconnect':
      await removeConnection(connectionId);
      return { statusCode: 200 };
    default: {
      const sub = await userOfConnection(connectionId);
      if (!sub) return { statusCode: 410 };
      try {
        await checkRateLimit(sub, 'wsMessages');
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'WS_RATE_LIMITED') throw error;
        const retryAfter = windowSecondsLeft('wsMessages');
        await sendToConnection(connectionId, { type: 'error', error: { code: error.code, retryAfter } });
        return { statusCode: 429 };
      }
      let type: unknown;
      try {
        type = (JSON.parse(event.body ?? '') as { type?: unknown }).type;
      } catch {
        type = undefined;
      }
      if (type === 'ping') await sendToConnection(connectionId, { type: 'pong' });
      return { statusCode: 200 };
    }
  }
};
