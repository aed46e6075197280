import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AwsFront, startAwsFront } from './aws-front.ts';

// A front for an emulator that checks nothing (a stand-in answering like DynamoDB Local: any caller, CORS
// for every origin), driven by the real DynamoDB client.

const credentials = { accessKeyId: 'LOCALKEY', secretAccessKey: 'local-secret' };
let dir: string;
let emulator: Server;
let front: AwsFront;
const reached: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'aws-front-'));
  const socketPath = join(dir, 'emulator.sock');
  emulator = createServer((req, res) => {
    reached.push(req.headers);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, {
        'content-type': 'application/x-amz-json-1.0',
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
      });
      res.end(JSON.stringify({ TableNames: ['t'] }));
    });
  });
  await new Promise<void>((resolve) => emulator.listen(socketPath, resolve));
  front = await startAwsFront({
    service: 'dynamodb',
    credentials,
    upstream: { socketPath },
    unsigned: (r) => r.method === 'GET' && r.url === '/public',
  });
});

afterAll(async () => {
  await front.stop();
  await new Promise<void>((resolve) => emulator.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const client = (keys = credentials) =>
  new DynamoDBClient({ endpoint: front.endpoint, region: 'us-east-1', credentials: keys });

/** One raw request, Host as given. */
function raw(options: { method?: string; path?: string; host?: string; headers?: Record<string, string> }) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    request(
      {
        hostname: '127.0.0.1',
        port: front.port,
        method: options.method ?? 'POST',
        path: options.path ?? '/',
        headers: { ...options.headers, host: options.host ?? `127.0.0.1:${front.port}` },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    )
      .on('error', reject)
      .end(options.method === undefined || options.method === 'POST' ? '{}' : undefined);
  });
}

describe('the SigV4 front of an emulator', () => {
  it("forwards the SDK's signed requests, without the emulator's CORS headers", async () => {
    const before = reached.length;

    const answer = await client().send(new ListTablesCommand({}));

    expect(answer.TableNames).toEqual(['t']);
    expect(reached.length).toBe(before + 1);
  });

  it('refuses unsigned, wrongly signed and unknown-key requests before the emulator sees them', async () => {
    const before = reached.length;

    const unsigned = await raw({ headers: { 'x-amz-target': 'DynamoDB_20120810.ListTables' } });
    const forged = await client({ ...credentials, secretAccessKey: 'guessed' })
      .send(new ListTablesCommand({}))
      .catch((error: { name: string }) => error);
    const otherKey = await client({ ...credentials, accessKeyId: 'OTHER' })
      .send(new ListTablesCommand({}))
      .catch((error: { name: string }) => error);

    expect(unsigned.status).toBe(400);
    expect(JSON.parse(unsigned.body)).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
    expect(forged).toMatchObject({ name: 'InvalidSignatureException' });
    expect(otherKey).toMatchObject({ name: 'UnrecognizedClientException' });
    expect(reached.length).toBe(before);
  });

  it('answers a foreign Host or another port 421, before anything else (DNS rebinding)', async () => {
    const answers = await Promise.all(
      [`rebind.evil.example:${front.port}`, `127.0.0.1:${front.port + 1}`, 'localhost'].map((host) =>
        raw({ host, method: 'GET', path: '/public' }),
      ),
    );
    const own = await Promise.all(
      [`localhost:${front.port}`, `[::1]:${front.port}`].map((host) =>
        raw({ host, method: 'GET', path: '/public' }),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual([421, 421, 421]);
    expect(answers[0]?.body).toContain('DNS rebinding');
    expect(own.map((a) => a.status)).toEqual([200, 200]);
  });

  it('lets only the requests AWS serves unsigned through unsigned, and never allows an origin by CORS', async () => {
    const open = await raw({ method: 'GET', path: '/public', headers: { origin: 'https://evil.example' } });
    const preflight = await raw({
      method: 'OPTIONS',
      path: '/public',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });

    expect(open.status).toBe(200);
    expect(open.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.status).toBe(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
