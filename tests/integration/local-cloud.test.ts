import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from '@jest/globals';
import type { DynamoDBRecord, SQSEvent } from 'aws-lambda';
import { WebSocket } from 'ws';
import { dynamoClient } from '../../infra/local/dynamodb.ts';
import { INVOKE_SECRET_HEADER, readInvokeSecret } from '../../infra/local/invoke-secret.ts';
import { ensureQueue, QueuePoller, sqsClient } from '../../infra/local/sqs.ts';
import { StreamPoller } from '../../infra/local/streams.ts';
import { runtimeConfigSchema } from '../../shared/runtime-config.ts';
import { api, db, info, newUser, type Session } from './support/client.ts';

const wsUrl = info.url.replace('http', 'ws');

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}

function open(url: string, origin: string): Promise<{ socket: WebSocket; messages: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin });
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

const ticketFor = async (s: Session) =>
  (await api('POST', '/ws/ticket', { token: s.accessToken })).body.data.ticket as string;

describe('runtime configuration', () => {
  it('serves /config.json that satisfies the SPA schema and points at this origin', async () => {
    const config = runtimeConfigSchema.parse(await (await fetch(`${info.url}/config.json`)).json());

    expect(config).toMatchObject({
      stage: 'local',
      userPoolId: info.userPoolId,
      userPoolClientId: info.clientId,
    });
    expect(config.cognitoEndpoint).toBe(`${info.url}/cognito`);
  });
});

describe('WebSocket API', () => {
  it('connects with a single-use ticket and an allowed origin, answers pings, and pushes via @connections', async () => {
    const user = await newUser('ws');
    const ticket = await ticketFor(user);

    const { socket, messages } = await open(`${wsUrl}/ws?ticket=${ticket}`, info.url);
    socket.send(JSON.stringify({ type: 'ping' }));
    await until(async () => (messages.length ? true : undefined));
    expect(messages[0]).toEqual({ type: 'pong' });

    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName: info.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ws)',
        ExpressionAttributeValues: { ':pk': `USER#${user.sub}`, ':ws': 'WS#' },
      }),
    );
    expect(Items).toHaveLength(1);
    const management = new ApiGatewayManagementApiClient({
      endpoint: info.url.replace('localhost', '127.0.0.1'),
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await management.send(
      new PostToConnectionCommand({
        ConnectionId: Items[0]?.connectionId,
        Data: JSON.stringify({ hello: 1 }),
      }),
    );
    await until(async () => (messages.length > 1 ? true : undefined));
    expect(messages[1]).toEqual({ hello: 1 });

    socket.close();
    await until(async () => {
      const { Items: left = [] } = await db.send(
        new QueryCommand({
          TableName: info.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ws)',
          ExpressionAttributeValues: { ':pk': `USER#${user.sub}`, ':ws': 'WS#' },
        }),
      );
      return left.length === 0 ? true : undefined;
    });
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: Items[0]?.connectionId, Data: '{}' })),
    ).rejects.toMatchObject({ name: 'GoneException' });
  });

  it('refuses a reused ticket, a missing ticket and a foreign origin', async () => {
    const user = await newUser('ws2');
    const ticket = await ticketFor(user);
    const first = await open(`${wsUrl}/ws?ticket=${ticket}`, info.url);
    first.socket.close();

    await expect(open(`${wsUrl}/ws?ticket=${ticket}`, info.url)).rejects.toThrow('refused 401');
    await expect(open(`${wsUrl}/ws`, info.url)).rejects.toThrow('refused 401');
    await expect(open(`${wsUrl}/ws?ticket=${await ticketFor(user)}`, 'https://evil.example')).rejects.toThrow(
      'refused 403',
    );
  });
});

describe('Lambda invoke endpoint', () => {
  it('runs a manifest function and 404s an unknown one', async () => {
    const known = await fetch(`${info.url}/2015-03-31/functions/health/invocations`, {
      method: 'POST',
      headers: { [INVOKE_SECRET_HEADER]: readInvokeSecret(info.dataDir) ?? '' },
      body: JSON.stringify({ routeKey: 'GET /api/health', headers: {} }),
    });
    const unknown = await fetch(`${info.url}/2015-03-31/functions/nope/invocations`, {
      method: 'POST',
      headers: { [INVOKE_SECRET_HEADER]: readInvokeSecret(info.dataDir) ?? '' },
      body: '{}',
    });

    expect(known.status).toBe(200);
    expect(((await known.json()) as { statusCode: number }).statusCode).toBe(200);
    expect(unknown.status).toBe(404);
  });
});

describe('SQS event source mapping', () => {
  it('delivers batches, deletes successes, redelivers partial failures and dead-letters after max receives', async () => {
    const client = sqsClient(info.endpoints.sqs, info.credentials);
    const queue = await ensureQueue(client, `it-${Date.now()}`, {
      name: 'jobs',
      batchSize: 10,
      maxReceiveCount: 2,
      visibilityTimeoutSeconds: 1,
    });
    const seen: { body: string; receive: string }[] = [];
    const poller = new QueuePoller(client, queue, 10, async (event: SQSEvent) => {
      for (const r of event.Records)
        seen.push({ body: r.body, receive: r.attributes.ApproximateReceiveCount });
      return {
        batchItemFailures: event.Records.filter((r) => r.body === 'bad').map((r) => ({
          itemIdentifier: r.messageId,
        })),
      };
    });
    for (const body of ['ok-1', 'ok-2', 'bad']) {
      await client.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: body }));
    }

    await until(async () => {
      await poller.pollOnce(0);
      const { Attributes } = await client.send(
        new GetQueueAttributesCommand({
          QueueUrl: queue.dlqUrl,
          AttributeNames: ['ApproximateNumberOfMessages'],
        }),
      );
      return Attributes?.ApproximateNumberOfMessages === '1' ? true : undefined;
    }, 20_000);

    expect(seen.filter((s) => s.body.startsWith('ok'))).toHaveLength(2);
    expect(seen.filter((s) => s.body === 'bad').map((s) => s.receive)).toEqual(['1', '2']);
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: queue.url, AttributeNames: ['ApproximateNumberOfMessages'] }),
    );
    expect(Attributes?.ApproximateNumberOfMessages).toBe('0');
  });
});

describe('DynamoDB Streams poller', () => {
  it('hands resume changes to a consumer, filtered by sort key, and checkpoints', async () => {
    const checkpointFile = join(mkdtempSync(join(tmpdir(), 'streams-')), 'cp.json');
    const received: DynamoDBRecord[] = [];
    const poller = new StreamPoller({
      endpoint: info.endpoints.dynamodb,
      dynamo: dynamoClient(info.endpoints.dynamodb, info.credentials),
      tableName: info.tableName,
      checkpointFile,
      consumers: [
        {
          name: 'test',
          batchSize: 50,
          skPrefixes: ['RESUME#'],
          handler: async (e) => void received.push(...e.Records),
        },
      ],
    });
    await poller.pollOnce(); // the mapping starts at LATEST, as the stack's does
    const user = await newUser('streams');
    const created = await api('POST', `/resume/create/${user.sub}`, {
      token: user.accessToken,
      json: { userId: user.sub, title: 'Streamed' },
    });

    const record = await until(async () => {
      await poller.pollOnce();
      return received.find((r) => r.dynamodb?.NewImage?.id?.S === created.body.data.id);
    });

    expect(record.eventName).toBe('INSERT');
    expect(record.dynamodb?.NewImage?.title?.S).toBe('Streamed');
    expect(received.every((r) => (r.dynamodb?.Keys?.sk?.S ?? '').startsWith('RESUME#'))).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(checkpointFile, 'utf8')) as object).length).toBeGreaterThan(0);
  });
});

describe('gateway robustness', () => {
  it('answers malformed paths with 400 and keeps serving', async () => {
    const page = await fetch(`${info.url}/%E0%A4%A`);
    const api = await fetch(`${info.url}/api/resume/id/%E0%A4%A`, { headers: { authorization: 'Bearer x' } });
    const health = await fetch(`${info.url}/api/health`);

    expect(page.status).toBe(400);
    expect([400, 401]).toContain(api.status);
    expect(health.status).toBe(200);
  });

  it('refuses the internal invoke and @connections endpoints to web pages (requests with an Origin)', async () => {
    const invoke = await fetch(`${info.url}/2015-03-31/functions/postConfirmation/invocations`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: '{}',
    });
    const post = await fetch(`${info.url}/@connections/abc`, {
      method: 'POST',
      headers: { origin: info.url },
      body: '{}',
    });

    expect([invoke.status, post.status]).toEqual([403, 403]);
  });
});

describe('DynamoDB Streams poller failures', () => {
  it('sends a batch that keeps failing to the dead-letter file instead of losing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'streams-dlq-'));
    const poller = new StreamPoller({
      endpoint: info.endpoints.dynamodb,
      dynamo: dynamoClient(info.endpoints.dynamodb, info.credentials),
      tableName: info.tableName,
      checkpointFile: join(dir, 'cp.json'),
      deadLetterFile: join(dir, 'dlq.jsonl'),
      consumers: [
        {
          name: 'broken',
          batchSize: 10,
          skPrefixes: ['RESUME#'],
          handler: async () => {
            throw new Error('consumer down');
          },
        },
      ],
    });
    await poller.pollOnce();
    const user = await newUser('streams-dlq');
    const created = await api('POST', `/resume/create/${user.sub}`, {
      token: user.accessToken,
      json: { userId: user.sub, title: 'Dead letter' },
    });

    const line = await until(async () => {
      await poller.pollOnce();
      const file = join(dir, 'dlq.jsonl');
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      return text.split('\n').find((l) => l.includes(created.body.data.id));
    }, 20_000);

    expect(JSON.parse(line)).toMatchObject({ consumer: 'broken', error: 'Error: consumer down' });
  });
});
