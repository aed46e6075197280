import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { WebSocket } from 'ws';
import { Connection, ConnectionRef, RateWindow } from '../../functions/adapters/table/entities.ts';
import { IMPERSONATION_HEADER } from '../../shared/admin.ts';
import { api, db, info, newUser, type Session } from './support/client.ts';

// Issue 21, item 5: every cost one user can cause is bounded. Each per-user limit answers 429 with its own
// code and a Retry-After; a window is filled here in the table (this window and the next, so a minute
// turning over mid-test changes nothing) rather than by hundreds of requests.

jest.setTimeout(60_000);
// The test's own DynamoDB client signs with the local cloud's credentials.
Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: info.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: info.credentials.secretAccessKey,
});

/** The fixed-window limits of functions/domain/ai/rate-limit.ts, as the tests fill them. */
const windows = {
  uploads: 60,
  uploadsHourly: 3600,
  photos: 60,
  checkout: 60,
  sync: 60,
  wsMessages: 60,
} as const;

/** Fill `bucket`'s current and next window for `sub` to far above any limit. */
async function exhaust(sub: string, bucket: keyof typeof windows) {
  const seconds = windows[bucket];
  const window = Math.floor(Date.now() / 1000 / seconds);
  for (const w of [window, window + 1]) {
    await db.send(
      new UpdateCommand({
        TableName: info.tableName,
        Key: RateWindow.key({ sub, bucket, window: w }),
        UpdateExpression: 'SET #count = :n, #ttl = :ttl',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':n': 1_000_000, ':ttl': (w + 2) * seconds },
      }),
    );
  }
}

function expectLimited(
  response: { status: number; body: { error?: { code?: string; resetAt?: string } }; headers: Headers },
  code: string,
  maxSeconds: number,
) {
  expect(response.status).toBe(429);
  expect(response.body.error?.code).toBe(code);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(Date.parse(String(response.body.error?.resetAt))).toBeGreaterThan(Date.now() - 1000);
}

const PDF = 'application/pdf';

describe('per-user rate limits', () => {
  let ana: Session;
  let ben: Session;
  beforeAll(async () => {
    [ana, ben] = await Promise.all([newUser('limits-ana'), newUser('limits-ben')]);
  });

  it('POST /api/uploads: 429 UPLOAD_RATE_LIMITED over the minute and over the hour; other users unaffected', async () => {
    const upload = (s: Session) =>
      api('POST', '/uploads', { token: s.accessToken, json: { contentType: PDF, size: 1000 } });
    expect((await upload(ana)).status).toBe(200);
    await exhaust(ana.sub, 'uploads');
    expectLimited(await upload(ana), 'UPLOAD_RATE_LIMITED', 60);
    expect((await upload(ben)).status).toBe(200);
    await exhaust(ben.sub, 'uploadsHourly');
    expectLimited(await upload(ben), 'UPLOAD_RATE_LIMITED', 3600);
  });

  it('POST /api/photos: 429 PHOTO_RATE_LIMITED', async () => {
    const carl = await newUser('limits-carl');
    const photo = () =>
      api('POST', '/photos', { token: carl.accessToken, json: { contentType: 'image/png', size: 100 } });
    expect((await photo()).status).toBe(200);
    await exhaust(carl.sub, 'photos');
    expectLimited(await photo(), 'PHOTO_RATE_LIMITED', 60);
  });

  it('POST /api/billing/checkout and /sync: 429 BILLING_RATE_LIMITED', async () => {
    const dana = await newUser('limits-dana');
    const call = (path: string, json: unknown) =>
      api('POST', path, { token: dana.accessToken, headers: { origin: info.url }, json });
    expect((await call('/billing/sync', {})).status).toBe(200);
    await exhaust(dana.sub, 'sync');
    expectLimited(await call('/billing/sync', {}), 'BILLING_RATE_LIMITED', 60);
    await exhaust(dana.sub, 'checkout');
    expectLimited(
      await call('/billing/checkout', { planType: 'proSubscription' }),
      'BILLING_RATE_LIMITED',
      60,
    );
  });
});

describe('WebSocket limits', () => {
  let eve: Session;
  const open: WebSocket[] = [];
  beforeAll(async () => {
    eve = await newUser('limits-eve');
  });
  afterAll(() => {
    for (const socket of open) socket.close();
  });

  /** Open a socket with a fresh ticket: resolves with the socket, or the HTTP status that refused it. */
  async function connect(s: Session): Promise<WebSocket | number> {
    const { ticket } = (await api('POST', '/ws/ticket', { token: s.accessToken })).body.data;
    const socket = new WebSocket(`${info.url.replace('http', 'ws')}/ws?ticket=${ticket}`, {
      origin: info.url,
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        open.push(socket);
        resolve(socket);
      });
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('error', reject);
    });
  }

  it('a user holds at most 10 connections: the 11th is refused (429), and one closed frees a place', async () => {
    const first = await Promise.all(Array.from({ length: 10 }, () => connect(eve)));
    expect(first.every((s) => s instanceof WebSocket)).toBe(true);
    expect(await connect(eve)).toBe(429);
    // Another user is not counted against her.
    const other = await newUser('limits-frank');
    expect(await connect(other)).toBeInstanceOf(WebSocket);

    const closing = first[0] as WebSocket;
    await new Promise((resolve) => {
      closing.once('close', resolve);
      closing.close();
    });
    const deadline = Date.now() + 5000;
    let again: WebSocket | number = 0;
    while (Date.now() < deadline) {
      again = await connect(eve);
      if (again instanceof WebSocket) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(again).toBeInstanceOf(WebSocket);
  });

  it('connections left behind (their $disconnect lost) do not lock a user out: gone ones are pruned, new ones kept', async () => {
    /** Store connections the gateway never had, as a lost $disconnect leaves them, `age` ms old. */
    const leave = async (s: Session, prefix: string, age: number) => {
      const connectedAt = Date.now() - age;
      for (let k = 0; k < 10; k += 1) {
        const connectionId = `${prefix}${String(k).padStart(4, '0')}`;
        const base = { entity: 'WsConnection', version: 1, userId: s.sub, connectionId, connectedAt };
        const ttl = Math.floor(Date.now() / 1000) + 3600;
        await db.send(
          new PutCommand({
            TableName: info.tableName,
            Item: { ...Connection.key({ sub: s.sub, connectionId }), ...base, ttl },
          }),
        );
        await db.send(
          new PutCommand({
            TableName: info.tableName,
            Item: { ...ConnectionRef.key({ connectionId }), ...base, ttl },
          }),
        );
      }
    };
    const stored = async (s: Session) =>
      (
        await db.send(
          new QueryCommand({
            TableName: info.tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: {
              ':pk': Connection.partition({ sub: s.sub }),
              ':prefix': Connection.skPrefix,
            },
          }),
        )
      ).Items ?? [];

    // A minute old and unknown to the gateway: gone. The new socket is let in, and the ten are forgotten.
    const hal = await newUser('limits-hal');
    await leave(hal, 'gonehal', 60_000);
    expect(await connect(hal)).toBeInstanceOf(WebSocket);
    expect(await stored(hal)).toHaveLength(1);

    // Stored a moment ago: they may still be in their $connect, so they count, and the 11th is refused.
    const ida = await newUser('limits-ida');
    await leave(ida, 'newida', 0);
    expect(await connect(ida)).toBe(429);
    expect(await stored(ida)).toHaveLength(10);
  });

  it('messages are rate-limited: over the limit a ping gets WS_RATE_LIMITED instead of a pong', async () => {
    const gus = await newUser('limits-gus');
    const socket = (await connect(gus)) as WebSocket;
    const frames: { type?: string; error?: { code?: string; retryAfter?: number } }[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    const next = async () => {
      const deadline = Date.now() + 5000;
      const count = frames.length;
      while (frames.length === count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return frames[count];
    };
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await next()).toEqual({ type: 'pong' });
    await exhaust(gus.sub, 'wsMessages');
    socket.send(JSON.stringify({ type: 'ping' }));
    const refused = await next();
    expect(refused).toMatchObject({ type: 'error', error: { code: 'WS_RATE_LIMITED' } });
    expect(refused?.error?.retryAfter).toBeGreaterThanOrEqual(1);
  });
});

describe('impersonation header', () => {
  it('an over-long x-impersonation-session is 400 before anything is read or written', async () => {
    const hal = await newUser('limits-hal');
    const response = await api('GET', '/me', {
      token: hal.accessToken,
      headers: { [IMPERSONATION_HEADER]: 'a'.repeat(5000) },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
  });
});
