import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

export interface StreamConsumer {
  name: string;
  batchSize: number;
  skPrefixes: readonly string[];
  handler: (event: DynamoDBStreamEvent) => Promise<unknown>;
}

/**
 * Plays Lambda's DynamoDB Streams event source mapping over DynamoDB Local, as the stack configures it:
 * starts at LATEST, reads every shard in order, filters by sort-key prefix, hands batches to the consumers,
 * retries a failed batch and then sends it to a dead-letter file (the stack's on-failure queue), and keeps
 * a checkpoint file so a restart resumes where it stopped. Nothing is skipped silently.
 */
export class StreamPoller {
  readonly #streams: DynamoDBStreamsClient;
  readonly #dynamo: DynamoDBClient;
  readonly #tableName: string;
  readonly #consumers: StreamConsumer[];
  readonly #checkpointFile: string;
  readonly #deadLetterFile: string;
  readonly #onError: (error: unknown) => void;
  #checkpoints: Record<string, string> = {};
  #iterators = new Map<string, string | undefined>();
  #running = false;
  #loop: Promise<void> | undefined;

  constructor(options: {
    endpoint: string;
    dynamo: DynamoDBClient;
    tableName: string;
    consumers: StreamConsumer[];
    checkpointFile: string;
    /** Where batches go after their retries fail (JSON lines). */
    deadLetterFile?: string;
    onError?: (error: unknown) => void;
  }) {
    this.#streams = new DynamoDBStreamsClient({
      endpoint: options.endpoint,
      region: 'us-east-1',
      // Streams are DynamoDB's endpoint, signed with the same key as the table's client.
      credentials: options.dynamo.config.credentials,
    });
    this.#dynamo = options.dynamo;
    this.#tableName = options.tableName;
    this.#consumers = options.consumers;
    this.#checkpointFile = options.checkpointFile;
    this.#deadLetterFile = options.deadLetterFile ?? `${options.checkpointFile}.dlq.jsonl`;
    this.#onError = options.onError ?? (() => undefined);
    if (existsSync(this.#checkpointFile)) {
      this.#checkpoints = JSON.parse(readFileSync(this.#checkpointFile, 'utf8')) as Record<string, string>;
    }
  }

  start(): void {
    if (this.#running || this.#consumers.length === 0) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#loop;
  }

  /** One pass over every shard; returns the number of records delivered. */
  async pollOnce(): Promise<number> {
    const { Table } = await this.#dynamo.send(new DescribeTableCommand({ TableName: this.#tableName }));
    const streamArn = Table?.LatestStreamArn;
    if (!streamArn) return 0;
    const { StreamDescription } = await this.#streams.send(
      new DescribeStreamCommand({ StreamArn: streamArn }),
    );
    let delivered = 0;
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId ?? '';
      if (!this.#iterators.has(shardId))
        this.#iterators.set(shardId, await this.#iterator(streamArn, shardId));
      const iterator = this.#iterators.get(shardId);
      if (!iterator) continue;
      const { Records = [], NextShardIterator } = await this.#streams.send(
        new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }),
      );
      if (Records.length > 0) {
        await this.#deliver(Records);
        delivered += Records.length;
        const last = Records.at(-1)?.dynamodb?.SequenceNumber;
        if (last) {
          this.#checkpoints[shardId] = last;
          writeFileSync(this.#checkpointFile, JSON.stringify(this.#checkpoints));
        }
      }
      this.#iterators.set(shardId, NextShardIterator);
    }
    return delivered;
  }

  async #iterator(streamArn: string, shardId: string): Promise<string | undefined> {
    const after = this.#checkpoints[shardId];
    const { ShardIterator } = await this.#streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'LATEST' }),
      }),
    );
    return ShardIterator;
  }

  /** Deliver records to each consumer in batches; a consumer that throws gets the batch again. */
  async #deliver(records: _Record[]): Promise<void> {
    for (const consumer of this.#consumers) {
      const mine = records.filter((r) => {
        const image = r.dynamodb?.NewImage ?? r.dynamodb?.OldImage;
        const sk = image?.sk?.S ?? r.dynamodb?.Keys?.sk?.S ?? '';
        return consumer.skPrefixes.length === 0 || consumer.skPrefixes.some((p) => sk.startsWith(p));
      });
      for (let i = 0; i < mine.length; i += consumer.batchSize) {
        const batch = mine.slice(i, i + consumer.batchSize) as unknown as DynamoDBRecord[];
        for (let attempt = 1; ; attempt++) {
          try {
            await consumer.handler({ Records: batch });
            break;
          } catch (error) {
            this.#onError(error);
            if (attempt >= 3) {
              const entry = {
                consumer: consumer.name,
                error: String(error),
                at: new Date().toISOString(),
                batch,
              };
              appendFileSync(this.#deadLetterFile, `${JSON.stringify(entry)}\n`);
              break;
            }
            await new Promise((r) => setTimeout(r, 200 * attempt));
          }
        }
      }
    }
  }

  async #run(): Promise<void> {
    while (this.#running) {
      try {
        const delivered = await this.pollOnce();
        if (delivered === 0) await new Promise((r) => setTimeout(r, 500));
      } catch (error) {
        this.#onError(error);
        this.#iterators.clear();
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
}
