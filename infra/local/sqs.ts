import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueDef } from '../app-manifest.ts';
import type { LocalCredentials } from './sigv4.ts';

/** A client for the local endpoint, signing with the local cloud's credentials. */
export function sqsClient(endpoint: string, credentials: LocalCredentials): SQSClient {
  return new SQSClient({ endpoint, region: 'us-east-1', credentials });
}

export interface QueueUrls {
  url: string;
  arn: string;
  dlqUrl: string;
}

/** Create a job queue and its dead-letter queue (idempotent), as the stack does. */
export async function ensureQueue(
  client: SQSClient,
  prefix: string,
  // Any name: tests create throw-away queues beside the manifest's.
  def: Omit<QueueDef, 'name'> & { name: string },
): Promise<QueueUrls> {
  const dlq = await client.send(new CreateQueueCommand({ QueueName: `${prefix}-${def.name}-dlq` }));
  const dlqUrl = dlq.QueueUrl ?? '';
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
  );
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: `${prefix}-${def.name}`,
      Attributes: {
        VisibilityTimeout: String(def.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: Attributes?.QueueArn,
          maxReceiveCount: String(def.maxReceiveCount),
        }),
      },
    }),
  );
  const url = queue.QueueUrl ?? '';
  const own = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }),
  );
  return { url, arn: own.Attributes?.QueueArn ?? '', dlqUrl };
}

function toRecord(message: Message, arn: string): SQSRecord {
  const attrs = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attrs.ApproximateReceiveCount ?? '1',
      SentTimestamp: attrs.SentTimestamp ?? String(Date.now()),
      SenderId: attrs.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attrs.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: Object.fromEntries(
      Object.entries(message.MessageAttributes ?? {}).map(([k, v]) => [
        k,
        { dataType: v.DataType ?? 'String', stringValue: v.StringValue, binaryValue: undefined },
      ]),
    ),
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: arn,
    awsRegion: 'us-east-1',
  };
}

/**
 * Plays Lambda's SQS event source mapping: receive up to `batchSize`, call the handler, delete what
 * succeeded. Failed records (partial batch response, or all of them if the handler throws) stay in the
 * queue, come back after the visibility timeout, and the queue's redrive policy moves them to the DLQ.
 */
export class QueuePoller {
  #running = false;
  #loop: Promise<void> | undefined;
  readonly #client: SQSClient;
  readonly #queue: QueueUrls;
  readonly #batchSize: number;
  readonly #handler: (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;
  readonly #onError: (error: unknown) => void;
  #receiving: AbortController | null = null;

  constructor(
    client: SQSClient,
    queue: QueueUrls,
    batchSize: number,
    handler: (event: SQSEvent) => Promise<SQSBatchResponse | undefined>,
    onError: (error: unknown) => void = () => undefined,
  ) {
    this.#client = client;
    this.#queue = queue;
    this.#batchSize = batchSize;
    this.#handler = handler;
    this.#onError = onError;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#running = false;
    // An empty long poll would hold the stop (and with it `npm start`'s exit) for up to its wait; a batch
    // already being handled is still waited for.
    this.#receiving?.abort();
    await this.#loop;
  }

  /** Receive and process one batch; returns how many messages were received. */
  async pollOnce(waitSeconds = 1): Promise<number> {
    const receiving = new AbortController();
    this.#receiving = receiving;
    let Messages: Message[];
    try {
      ({ Messages = [] } = await this.#client.send(
        new ReceiveMessageCommand({
          QueueUrl: this.#queue.url,
          MaxNumberOfMessages: Math.min(this.#batchSize, 10),
          WaitTimeSeconds: waitSeconds,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        { abortSignal: receiving.signal },
      ));
    } catch (error) {
      if (receiving.signal.aborted) return 0;
      throw error;
    } finally {
      this.#receiving = null;
    }
    if (Messages.length === 0) return 0;
    const records = Messages.map((m) => toRecord(m, this.#queue.arn));
    let failed: Set<string>;
    try {
      const response = await this.#handler({ Records: records });
      const ids = (response?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
      // As Lambda does: a failure naming no record of this batch fails the whole batch.
      const known = new Set(records.map((r) => r.messageId));
      failed = ids.every((id) => known.has(id)) ? new Set(ids) : known;
    } catch (error) {
      this.#onError(error);
      failed = new Set(records.map((r) => r.messageId));
    }
    const done = records.filter((r) => !failed.has(r.messageId));
    if (done.length > 0) {
      await this.#client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: this.#queue.url,
          Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
        }),
      );
    }
    return Messages.length;
  }

  async #run(): Promise<void> {
    while (this.#running) {
      try {
        await this.pollOnce();
      } catch (error) {
        this.#onError(error);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
}
