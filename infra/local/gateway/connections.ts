import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebSocket } from 'ws';
import { readBody } from '../read-body.ts';
import { sendJson } from './send-json.ts';

/** An open WebSocket connection, as the management API describes it. */
export interface Connection {
  socket: WebSocket;
  connectedAt: number;
  sourceIp: string;
}

/** The open WebSocket connections, by connection id. */
export type Connections = Map<string, Connection>;

/** Where the management API takes a call: `/@connections/{connectionId}`. */
export const CONNECTION_PATH = /^\/@connections\/([^/]+)$/;

/** The WebSocket API's `@connections` management endpoint (PostToConnection, GetConnection, DeleteConnection). */
export function createConnectionsHandler(connections: Connections) {
  return async function handleConnections(req: IncomingMessage, res: ServerResponse, id: string) {
    const connection = connections.get(id);
    const body = (await readBody(req, 128 * 1024)) ?? Buffer.alloc(0);
    if (!connection || connection.socket.readyState !== WebSocket.OPEN) {
      sendJson(res, 410, { message: 'Gone' }, { 'x-amzn-errortype': 'GoneException' });
      return;
    }
    switch (req.method) {
      case 'POST':
        connection.socket.send(body.toString('utf8'));
        res.writeHead(200).end();
        return;
      case 'DELETE':
        connection.socket.close(1000);
        res.writeHead(204).end();
        return;
      default:
        sendJson(res, 200, {
          ConnectedAt: new Date(connection.connectedAt).toISOString(),
          Identity: { SourceIp: connection.sourceIp },
          LastActiveAt: new Date().toISOString(),
        });
    }
  };
}
