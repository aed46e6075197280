import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../dynamo.ts';
import { Connection, ConnectionRef, WsTicket } from './entities.ts';

/**
 * The WebSocket items: single-use tickets for `$connect`, and each open connection twice, under its user
 * (to push to them) and under its own id (for `$disconnect`, which knows only the connection).
 */

/** Connection records expire even if $disconnect never arrives (API Gateway closes sockets after 2 h). */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

const epoch = (ms = Date.now()) => Math.floor(ms / 1000);

/** Store a ticket for `sub`, expiring (and removed by TTL) at `expiresAt` (epoch seconds). */
export async function putTicket(ticket: string, sub: string, expiresAt: number): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...WsTicket.key({ ticket }),
        entity: WsTicket.name,
        version: 1,
        userId: sub,
        expiresAt,
        ttl: expiresAt,
      },
    }),
  );
}

/** Delete the ticket if it exists and has not expired; its user, or null when it could not be taken. */
export async function takeTicket(ticket: string): Promise<string | null> {
  try {
    const { Attributes } = await documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: WsTicket.key({ ticket }),
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

/** Store a connection under its user and under its id, in one transaction. */
export async function putConnection(sub: string, connectionId: string, nowMs: number): Promise<void> {
  const ttl = epoch(nowMs) + CONNECTION_TTL_SECONDS;
  const base = { entity: Connection.name, version: 1, userId: sub, connectionId, connectedAt: nowMs, ttl };
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...Connection.key({ sub, connectionId }), ...base } } },
        { Put: { TableName: tableName(), Item: { ...ConnectionRef.key({ connectionId }), ...base } } },
      ],
    }),
  );
}

/** A stored connection of a user: its id, when it was stored (epoch ms), when its TTL ends (epoch s). */
export interface StoredConnection {
  id: string;
  connectedAt: number;
  /** Absent on a record written without one. */
  ttl: number | undefined;
}

/** The connections stored under a user (`consistent`: a strongly consistent Query). */
export async function connectionsUnder(
  sub: string,
  options: { consistent: boolean },
): Promise<StoredConnection[]> {
  const { Items } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': Connection.partition({ sub }), ':prefix': Connection.skPrefix },
      ...(options.consistent ? { ConsistentRead: true } : {}),
    }),
  );
  return (Items ?? []).map((item) => ({
    id: String(item.connectionId),
    connectedAt: typeof item.connectedAt === 'number' ? item.connectedAt : 0,
    ttl: typeof item.ttl === 'number' ? item.ttl : undefined,
  }));
}

/** The user a connection was stored for, or null. */
export async function userOfStoredConnection(connectionId: string): Promise<string | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: ConnectionRef.key({ connectionId }) }),
  );
  return typeof Item?.userId === 'string' ? Item.userId : null;
}

/** Delete a connection's records: the one under its id, and the one under its user when `sub` is known. */
export async function deleteConnection(connectionId: string, sub: string | undefined): Promise<void> {
  const deletes = [
    ConnectionRef.key({ connectionId }),
    ...(sub ? [Connection.key({ sub, connectionId })] : []),
  ];
  await Promise.all(
    deletes.map((Key) => documentClient.send(new DeleteCommand({ TableName: tableName(), Key }))),
  );
}
