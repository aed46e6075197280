import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { sendToConnection } from '../adapters/notifier.ts';
import { redeemTicket, removeConnection, saveConnection } from '../domain/web-socket.ts';
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

/** `$connect` needs an allowed Origin and a valid single-use ticket; `$default` answers pings. */
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
      await saveConnection(sub, connectionId);
      return { statusCode: 200 };
    }
    case '$disconnect':
      await removeConnection(connectionId);
      return { statusCode: 200 };
    default: {
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
