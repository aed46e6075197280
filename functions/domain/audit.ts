import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { documentClient, tableName } from '../adapters/dynamo.ts';
import type { Caller } from '../lib/auth.ts';

/** A staff action's target named in the body (e.g. `permissions/check` for another user). */
function bodyTarget(event: { json?: unknown }): Record<string, string> {
  const userId = (event.json as { userId?: unknown } | undefined)?.userId;
  return typeof userId === 'string' ? { userId } : {};
}

/** Audit entries are kept for two years. */
const RETENTION_SECONDS = 2 * 365 * 24 * 60 * 60;

/**
 * Write one staff action to the audit log: who, what route, which path parameters, and the outcome.
 * Key: pk AUDIT#{yyyy-mm}, sk {iso time}#{id}, so a month reads in order with one Query.
 */
export async function recordStaffAction(
  event: APIGatewayProxyEventV2 & { caller?: Caller; json?: unknown },
  status: number,
): Promise<void> {
  const now = new Date();
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: `AUDIT#${now.toISOString().slice(0, 7)}`,
        sk: `${now.toISOString()}#${randomUUID()}`,
        entity: 'AuditEntry',
        version: 1,
        actor: event.caller?.sub ?? 'unknown',
        actorRole: event.caller?.role ?? null,
        action: event.routeKey,
        target: { ...event.pathParameters, ...bodyTarget(event) },
        status,
        requestId: event.requestContext?.requestId ?? null,
        at: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
      },
    }),
  );
}
