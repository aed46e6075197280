import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

/**
 * One SQS client per process. The endpoint is the one the SDK resolves (the region's, or the local cloud's
 * override), never one guessed from the queue URL: with an endpoint override that guess is not a valid URL
 * and the SDK complains on every send.
 */
export const sqsClient = new SQSClient({ useQueueUrlAsEndpoint: false });

/** Send one message, its body as given, to the queue at `queueUrl`. */
export async function sendMessage(queueUrl: string, body: string): Promise<void> {
  await sqsClient.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
}
