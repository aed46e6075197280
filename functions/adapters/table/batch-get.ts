import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../dynamo.ts';

/** How a batch read asks again for what DynamoDB left unprocessed. */
export interface BatchGetOptions {
  /** Attributes to read (all when absent). */
  projection?: string;
  /** Names the projection uses; sent only when there are some. */
  names?: Record<string, string>;
  /**
   * When set, every key must be read: up to five retries with back-off, then an error with this message.
   * When absent, four tries without pause, then what was read (for best-effort reads).
   */
  giveUp?: string;
}

/** Read items by key, 100 a call, asking again for what DynamoDB left unprocessed. */
export async function batchGet(
  keyList: readonly Record<string, string>[],
  options: BatchGetOptions = {},
): Promise<Record<string, unknown>[]> {
  const { projection, names = {}, giveUp } = options;
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let request: Record<string, unknown>[] | undefined = keyList.slice(i, i + 100);
    for (let attempt = 0; request && request.length > 0; attempt++) {
      if (giveUp !== undefined) {
        if (attempt > 5) throw new Error(giveUp);
        if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      } else if (attempt >= 4) break;
      const answer: BatchGetCommandOutput | undefined = await documentClient.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: request,
              ...(projection
                ? {
                    ProjectionExpression: projection,
                    ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
                  }
                : {}),
            },
          },
        }),
      );
      items.push(...(answer?.Responses?.[tableName()] ?? []));
      request = answer?.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return items;
}
