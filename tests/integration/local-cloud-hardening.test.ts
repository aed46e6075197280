import { connect } from 'node:net';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import { INVOKE_SECRET_HEADER, readInvokeSecret } from '../../infra/local/invoke-secret.ts';
import { api, db, info, newUser, type Session } from './support/client.ts';

const gateway = new URL(info.url.replace('localhost', '127.0.0.1'));
const ticketFor = async (s: Session) =>
  (await api('POST', '/ws/ticket', { token: s.accessToken })).body.data.ticket as string;

/**
 * A raw upgrade on a plain TCP socket, so the handshake and the frames after it can be anything. Resolves with
 * the status line and, once the server hangs up, the close code of the close frame it sent (if any).
 */
function rawSocket(
  requestLines: string[],
  frame?: Buffer,
): Promise<{ status: string; closeCode: number | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(gateway.port), gateway.hostname);
    let received = Buffer.alloc(0);
    let sent = false;
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headerEnd = received.indexOf('\r\n\r\n');
      if (frame && !sent && headerEnd >= 0 && received.toString('latin1').startsWith('HTTP/1.1 101')) {
        sent = true;
        socket.write(frame);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const text = received.toString('latin1');
      const headerEnd = received.indexOf('\r\n\r\n');
      const rest = headerEnd >= 0 ? received.subarray(headerEnd + 4) : Buffer.alloc(0);
      // A close frame from the server: 0x88, an unmasked length, then the code in two bytes.
      const closeCode = rest[0] === 0x88 && rest.length >= 4 ? rest.readUInt16BE(2) : undefined;
      resolve({ status: text.slice(0, text.indexOf('\r\n')), closeCode });
    });
    socket.write(`${requestLines.join('\r\n')}\r\n\r\n`);
  });
}

const handshake = (
  ticket: string,
  { path = '/ws', origin = info.url, key = 'dGhlIHNhbXBsZSBub25jZQ==' as string | null } = {},
) => [
  `GET ${path}?ticket=${ticket} HTTP/1.1`,
  `Host: ${gateway.host}`,
  'Upgrade: websocket',
  'Connection: Upgrade',
  ...(key ? [`Sec-WebSocket-Key: ${key}`] : []),
  'Sec-WebSocket-Version: 13',
  `Origin: ${origin}`,
];

const mask = Buffer.from([1, 2, 3, 4]);
const masked = (payload: Buffer) => Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] as number)));

function openSocket(ticket: string): Promise<{ socket: WebSocket; messages: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${info.url.replace('http', 'ws')}/ws?ticket=${ticket}`, {
      origin: info.url,
    });
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

/** The socket answers a ping with a pong: the WebSocket API still works end to end. */
async function pingPong(ticket: string): Promise<unknown> {
  const { socket, messages } = await openSocket(ticket);
  const pong = new Promise<unknown>((resolve) => socket.once('message', () => resolve(messages[0])));
  socket.send(JSON.stringify({ type: 'ping' }));
  const answer = await pong;
  socket.close();
  return answer;
}

const storedConnections = async (s: Session) =>
  (
    await db.send(
      new QueryCommand({
        TableName: info.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ws)',
        ExpressionAttributeValues: { ':pk': `USER#${s.sub}`, ':ws': 'WS#' },
      }),
    )
  ).Items ?? [];

let user: Session;
beforeAll(async () => {
  user = await newUser('hardening');
});

describe('malformed WebSocket frames from a signed-in user', () => {
  const tooLarge = Buffer.concat([
    Buffer.from([0x82, 0x80 | 127]),
    Buffer.from([0, 0, 0, 0, 0, 0x10, 0, 0]), // 1 MiB, far over the 128 KiB limit
    mask,
  ]);
  const cases: [string, Buffer, number][] = [
    ['an unmasked frame', Buffer.from([0x81, 0x02, 0x68, 0x69]), 1002],
    ['a reserved opcode', Buffer.concat([Buffer.from([0x83, 0x80]), mask]), 1002],
    [
      'invalid UTF-8 text',
      Buffer.concat([Buffer.from([0x81, 0x82]), mask, masked(Buffer.from([0xff, 0xfe]))]),
      1007,
    ],
    ['a frame over the size limit', tooLarge, 1009],
  ];

  it.each(cases)(
    '%s closes only that connection, and the cloud keeps answering',
    async (_name, frame, code) => {
      const result = await rawSocket(handshake(await ticketFor(user)), frame);

      expect(result).toEqual({ status: 'HTTP/1.1 101 Switching Protocols', closeCode: code });
      expect((await fetch(`${info.url}/api/health`)).status).toBe(200);
      expect(await pingPong(await ticketFor(user))).toEqual({ type: 'pong' });
    },
  );
});

describe('the WebSocket handshake is checked before $connect', () => {
  it('refuses a bad path, Origin, key or ticket without spending the ticket or storing a connection', async () => {
    const ticket = await ticketFor(user);
    // The sockets of the tests above are closed, but their $disconnect may still be on its way: wait until
    // this user has no stored connection, so any connection counted below is one the refusals stored.
    const deadline = Date.now() + 10_000;
    while ((await storedConnections(user)).length > 0) {
      if (Date.now() > deadline) throw new Error('earlier connections were never removed');
      await new Promise((r) => setTimeout(r, 100));
    }

    const refused = await Promise.all([
      rawSocket(handshake(ticket, { path: '/elsewhere' })),
      rawSocket(handshake(ticket, { origin: 'https://evil.example' })),
      rawSocket(handshake(ticket, { key: null })),
      rawSocket(handshake(ticket, { key: 'not-a-key' })),
      rawSocket(handshake('short')),
    ]);

    expect(refused.map((r) => r.status)).toEqual([
      'HTTP/1.1 404 Not Found',
      'HTTP/1.1 403 Forbidden',
      'HTTP/1.1 400 Bad Request',
      'HTTP/1.1 400 Bad Request',
      'HTTP/1.1 401 Unauthorized',
    ]);
    expect(await storedConnections(user)).toHaveLength(0);
    // The ticket was never spent: it still opens a working socket, once.
    expect(await pingPong(ticket)).toEqual({ type: 'pong' });
    await expect(openSocket(ticket)).rejects.toThrow('refused 401');
  });
});

describe('the Lambda invoke endpoint', () => {
  const invokeUrl = `${gateway.origin}/2015-03-31/functions/postConfirmation/invocations`;
  const madeUp = JSON.stringify({
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    userName: 'made-up',
    request: { userAttributes: { sub: '00000000-0000-4000-8000-000000000000', email: 'x@example.com' } },
  });

  it('refuses callers without the per-start secret, as AWS refuses an unsigned Invoke', async () => {
    const without = await fetch(invokeUrl, { method: 'POST', body: madeUp });
    const wrong = await fetch(invokeUrl, {
      method: 'POST',
      headers: { [INVOKE_SECRET_HEADER]: 'guess' },
      body: madeUp,
    });

    expect([without.status, wrong.status]).toEqual([403, 403]);
    expect(without.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
  });

  it('runs a function for a caller holding the secret (cognito-local and npm run invoke)', async () => {
    const secret = readInvokeSecret(info.dataDir);
    const res = await fetch(`${gateway.origin}/2015-03-31/functions/health/invocations`, {
      method: 'POST',
      headers: { [INVOKE_SECRET_HEADER]: secret ?? '' },
      body: JSON.stringify({ routeKey: 'GET /api/health', headers: {} }),
    });

    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.status).toBe(200);
    // Sign-up (before this file's tests) ran the post-confirmation trigger through the same endpoint.
    expect((await api('GET', '/me', { token: user.accessToken })).status).toBe(200);
  });
});

describe("CloudFront's security headers", () => {
  it('are on API answers (success and error) and on the SPA', async () => {
    const responses = await Promise.all([
      fetch(`${info.url}/api/health`),
      fetch(`${info.url}/api/no-such-route`),
      fetch(`${info.url}/api/me`),
      fetch(`${info.url}/`),
    ]);

    for (const res of responses) {
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect(responses.map((r) => r.status)).toEqual([200, 404, 401, expect.any(Number)]);
  });
});
