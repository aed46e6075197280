import {
  ApiGatewayManagementApiClient,
  GetConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { env, readEnv } from '#functions/contract';

let client: ApiGatewayManagementApiClient | undefined;

function managementClient(): ApiGatewayManagementApiClient {
  if (client) return client;
  const endpoint = readEnv('webSocketEndpoint');
  if (!endpoint) throw new Error(`${env.webSocketEndpoint} is not set`);
  client = new ApiGatewayManagementApiClient({ endpoint });
  return client;
}

/**
 * The WebSocket API's management calls. Which connections a user has, and when to forget one, are the
 * domain's (functions/domain/push.ts).
 */

/** Send a message to one connection: false when the gateway says it is gone (410). */
export async function postToConnection(connectionId: string, message: unknown): Promise<boolean> {
  try {
    await managementClient().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }),
    );
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/** Whether the gateway still has the connection. */
export async function connectionExists(connectionId: string): Promise<boolean> {
  try {
    await managementClient().send(new GetConnectionCommand({ ConnectionId: connectionId }));
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

const isGone = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'GoneException' || e.$metadata?.httpStatusCode === 410;
};
