import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, isConditionFailure, tableName } from '../dynamo.ts';
import { RateWindow } from './entities.ts';

/** The per-user rate windows: one counter item per bucket and fixed window, removed by TTL. */

/**
 * Add `count` calls to the window's counter if it then holds at most `max`; false (nothing counted) when it
 * would not. The item expires two windows after `window` began.
 */
export async function countInWindow(
  sub: string,
  bucket: string,
  window: { index: number; seconds: number },
  count: number,
  max: number,
): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: RateWindow.key({ sub, bucket, window: window.index }),
        UpdateExpression: 'ADD #count :n SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':n': count,
          ':room': max - count,
          ':ttl': (window.index + 2) * window.seconds,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
