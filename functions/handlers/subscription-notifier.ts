import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { SubscriptionEvent } from '#shared/billing';
import { userOfBillingItem } from '../adapters/table/billing.ts';
import { subscriptionView } from '../domain/billing/state.ts';
import { readSubscriptionRow } from '../domain/billing/store.ts';
import { sendToUser } from '../domain/push.ts';
import { logger } from '../lib/logger.ts';

/**
 * DynamoDB Streams consumer (manifest `streamConsumers`: sort keys SUBSCRIPTION and BILLING). For each user
 * whose rows changed in the batch, the current subscription view is read once (strongly consistent, so
 * records that arrive out of order still end in the latest state) and pushed to every open WebSocket
 * connection of that user as `{type: 'subscription', subscription}`. A user whose push fails is reported
 * as a batch item failure, so only their records are retried.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const recordsByUser = new Map<string, string[]>();
  for (const record of event.Records) {
    const sub = userOfBillingItem(record.dynamodb?.Keys?.pk?.S ?? '');
    if (sub === null) continue;
    const sequence = record.dynamodb?.SequenceNumber ?? '';
    recordsByUser.set(sub, [...(recordsByUser.get(sub) ?? []), sequence]);
  }
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const [sub, sequences] of recordsByUser) {
    try {
      const { row } = await readSubscriptionRow(sub);
      const message: SubscriptionEvent = { type: 'subscription', subscription: subscriptionView(row) };
      const sent = await sendToUser(sub, message);
      logger.debug('subscription pushed', { sub, connections: sent });
    } catch (error) {
      logger.error('subscription push failed', { sub, error: error as Error });
      for (const itemIdentifier of sequences) batchItemFailures.push({ itemIdentifier });
    }
  }
  return { batchItemFailures };
}
