import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../dynamo.ts';
import { ImportRequest } from './entities.ts';

/**
 * What an import upload was granted for (kind, key, paid access...), written when the upload form is made
 * and read by the worker when the file arrives: the worker trusts this record, never what S3 was sent.
 */

/** A request not used within a day is removed by TTL (the upload form itself expires within minutes). */
export const IMPORT_REQUEST_TTL_SECONDS = 24 * 3600;

export async function putImportRequest(
  sub: string,
  jobId: string,
  record: Record<string, unknown>,
  nowMs = Date.now(),
): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...ImportRequest.key({ sub, jobId }),
        entity: ImportRequest.name,
        ...record,
        ttl: Math.floor(nowMs / 1000) + IMPORT_REQUEST_TTL_SECONDS,
      },
    }),
  );
}

/** The record as stored (without the table's keys), read consistently; null when there is none. */
export async function readImportRequest(sub: string, jobId: string): Promise<Record<string, unknown> | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: ImportRequest.key({ sub, jobId }), ConsistentRead: true }),
  );
  if (!Item) return null;
  const { pk: _pk, sk: _sk, entity: _entity, ...attributes } = Item;
  return attributes;
}

export async function deleteImportRequest(sub: string, jobId: string): Promise<void> {
  await documentClient.send(
    new DeleteCommand({ TableName: tableName(), Key: ImportRequest.key({ sub, jobId }) }),
  );
}
