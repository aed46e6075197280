import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';

/** The clients the health check reads through (exported so tests can stand in for them). */
export const healthClients = {
  dynamo: new DynamoDBClient({}),
  // The queue URL names the endpoint already (the SDK's default would rewrite it; locally it is not a valid host).
  sqs: new SQSClient({ useQueueUrlAsEndpoint: false }),
};

/** A table's status, item count and size, as DynamoDB last computed them. */
export async function describeTable(
  name: string,
): Promise<{ status: string; itemCount: number | null; sizeBytes: number | null }> {
  const { Table } = await healthClients.dynamo.send(new DescribeTableCommand({ TableName: name }));
  return {
    status: Table?.TableStatus ?? 'UNKNOWN',
    itemCount: Table?.ItemCount ?? null,
    sizeBytes: Table?.TableSizeBytes ?? null,
  };
}

export type QueueCount = 'ApproximateNumberOfMessages' | 'ApproximateNumberOfMessagesNotVisible';

/** The asked message counts of the queue at `url`, in the order asked (0 for a count not given). */
export async function queueCounts(url: string, attributes: QueueCount[]): Promise<number[]> {
  const { Attributes = {} } = await healthClients.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: attributes }),
  );
  return attributes.map((a) => Number(Attributes[a] ?? 0));
}
