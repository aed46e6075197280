import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import { INVOKE_SECRET_HEADER, readInvokeSecret } from '../../infra/local/invoke-secret.ts';
import {
  api,
  cognito,
  cognitoAdmin,
  db,
  info,
  newUser,
  type Session,
  uniqueEmail,
} from './support/client.ts';

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

describe('the public Cognito endpoint (/cognito)', () => {
  it("refuses the admin API with Cognito's own error: no one adds themselves to admin", async () => {
    const attempt = await cognito
      .send(
        new AdminAddUserToGroupCommand({
          UserPoolId: info.userPoolId,
          Username: user.sub,
          GroupName: 'admin',
        }),
      )
      .catch((error: { name: string; $metadata: { httpStatusCode?: number } }) => error);
    const groups = await cognitoAdmin.send(
      new AdminListGroupsForUserCommand({ UserPoolId: info.userPoolId, Username: user.sub }),
    );

    expect(attempt).toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
    expect(groups.Groups).toEqual([]);
  });

  it('lists no one: ListUsers and any other call the browser never makes are refused', async () => {
    const listed = await cognito
      .send(new ListUsersCommand({ UserPoolId: info.userPoolId }))
      .catch((error: { name: string }) => error);
    const raw = await fetch(`${info.url}/cognito/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDeleteUser',
      },
      body: JSON.stringify({ UserPoolId: info.userPoolId, Username: user.sub }),
    });

    expect(listed).toMatchObject({ name: 'AccessDeniedException' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ __type: 'AccessDeniedException', message: expect.any(String) });
    expect((await api('GET', '/me', { token: user.accessToken })).status).toBe(200);
  });

  it("keeps answering the browser's calls and the issuer's public keys", async () => {
    const me = await cognito.send(new GetUserCommand({ AccessToken: user.accessToken }));
    const jwks = await fetch(`${info.url}/cognito/${info.userPoolId}/.well-known/jwks.json`);

    expect(me.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'email', Value: user.email }]));
    expect(jwks.status).toBe(200);
    expect((await jwks.json()).keys).toHaveLength(1);
  });
});

/** One request with the Host header given as is (fetch would replace it). */
function withHost(
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(
      { host: gateway.hostname, port: gateway.port, path, headers: { ...headers, host } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    )
      .on('error', reject)
      .end();
  });
}

describe('a foreign Host (DNS rebinding)', () => {
  const port = gateway.port;

  it.each([
    '/_local/outbox.json',
    '/_local/outbox',
    '/',
    '/config.json',
    '/api/health',
    '/api/me',
    '/cognito/',
  ])('%s answers 421 to a foreign name or another port, with a message that says why', async (path) => {
    const answers = await Promise.all(
      [
        `rebind.evil.example:${port}`,
        'rebind.evil.example',
        `localhost:${Number(port) + 1}`,
        `127.0.0.2:${port}`,
      ].map((host) => withHost(host, path)),
    );

    expect(answers.map((a) => a.status)).toEqual([421, 421, 421, 421]);
    expect(answers[0]?.body).toContain('localhost');
  });

  it('answers localhost, 127.0.0.1 and [::1] on the configured port', async () => {
    const answers = await Promise.all(
      [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`].map((host) =>
        withHost(host, '/_local/outbox.json'),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  });

  it('refuses the WebSocket upgrade too, without spending the ticket', async () => {
    const ticket = await ticketFor(user);
    const lines = handshake(ticket).map((line) =>
      line.startsWith('Host:') ? `Host: rebind.evil.example:${port}` : line,
    );

    const refused = await rawSocket(lines);

    expect(refused.status).toBe('HTTP/1.1 421 Misdirected Request');
    expect(await pingPong(ticket)).toEqual({ type: 'pong' });
  });
});

describe('the local S3 and Secrets Manager need SigV4, as AWS does', () => {
  const s3With = (secretAccessKey: string) =>
    new S3Client({
      endpoint: info.endpoints.s3,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: info.credentials.accessKeyId, secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const s3 = s3With(info.credentials.secretAccessKey);
  const exists = (Key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: 'local-uploads', Key })).then(
      () => true,
      () => false,
    );

  it('refuses unsigned and wrongly signed S3 calls, and takes signed ones', async () => {
    const key = `photos/${user.sub}/planted.png`;
    const unsignedPut = await fetch(`${info.endpoints.s3}/local-uploads/${key}`, {
      method: 'PUT',
      body: 'planted',
    });
    const unsignedList = await fetch(`${info.endpoints.s3}/local-uploads?list-type=2`);
    const forged = await s3With('guessed')
      .send(new PutObjectCommand({ Bucket: 'local-uploads', Key: key, Body: 'planted' }))
      .catch((error: { name: string }) => error);
    const stored = await exists(key);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'local-uploads', Prefix: 'photos/' }));

    expect([unsignedPut.status, unsignedList.status]).toEqual([403, 403]);
    expect(await unsignedList.text()).toContain('<Code>AccessDenied</Code>');
    expect(forged).toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(stored).toBe(false);
    expect(listed.$metadata.httpStatusCode).toBe(200);
  });

  it('refuses unsigned and wrongly signed Secrets Manager calls, and answers signed ones', async () => {
    const client = (secretAccessKey: string) =>
      new SecretsManagerClient({
        endpoint: info.endpoints.secretsManager,
        region: 'us-east-1',
        credentials: { accessKeyId: info.credentials.accessKeyId, secretAccessKey },
      });
    const SecretId = 'resume-builder-local/impersonation';
    const unsigned = await fetch(info.endpoints.secretsManager, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'secretsmanager.GetSecretValue',
      },
      body: JSON.stringify({ SecretId }),
    });
    const forged = await client('guessed')
      .send(new GetSecretValueCommand({ SecretId }))
      .catch((error: { name: string }) => error);
    const signed = await client(info.credentials.secretAccessKey).send(
      new GetSecretValueCommand({ SecretId }),
    );

    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
    expect(forged).toMatchObject({ name: 'InvalidSignatureException' });
    expect(signed.SecretString).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("the local S3 checks a presigned POST's policy and signature", () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const s3 = new S3Client({
    endpoint: info.endpoints.s3,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: info.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const exists = (Key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: 'local-uploads', Key })).then(
      () => true,
      () => false,
    );
  type Upload = { url: string; fields: Record<string, string>; photoId: string };
  const photoUpload = async (s: Session) =>
    (
      await api<{ data: Upload }>('POST', '/photos', {
        token: s.accessToken,
        json: { contentType: 'image/png', size: png.byteLength },
      })
    ).body.data;
  const post = async (
    url: string,
    fields: Record<string, string>,
    bytes: Uint8Array = png,
    type = 'image/png',
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'photo');
    const res = await fetch(url, { method: 'POST', body: form, headers: { origin: info.url } });
    return { status: res.status, body: await res.text() };
  };
  let victim: Session;
  beforeAll(async () => {
    victim = await newUser('victim');
  });

  it("refuses a form whose key is not the policy's: no one overwrites another user's photo", async () => {
    const mine = await photoUpload(user);
    const theirs = await photoUpload(victim);
    await post(theirs.url, theirs.fields);

    const overwrite = await post(
      mine.url,
      { ...mine.fields, key: theirs.fields.key ?? '' },
      Buffer.from('not a png'),
    );
    const planted = await post(mine.url, { ...mine.fields, key: `users/${victim.sub}/imports/planted.pdf` });
    const original = await s3.send(
      new HeadObjectCommand({ Bucket: 'local-uploads', Key: theirs.fields.key }),
    );

    expect([overwrite.status, planted.status]).toEqual([403, 403]);
    expect(overwrite.body).toContain('<Code>AccessDenied</Code>');
    expect(original.ContentLength).toBe(png.byteLength);
    expect(await exists(`users/${victim.sub}/imports/planted.pdf`)).toBe(false);
  });

  it('refuses another content type, a size out of range, a changed policy and a form with no policy', async () => {
    const upload = await photoUpload(user);
    const policy = JSON.parse(Buffer.from(upload.fields.Policy ?? '', 'base64').toString('utf8'));
    const widened = Buffer.from(
      JSON.stringify({
        ...policy,
        conditions: [...policy.conditions.filter((c: unknown) => !Array.isArray(c))],
      }),
    ).toString('base64');
    const { Policy: _p, 'X-Amz-Signature': _s, ...unsignedFields } = upload.fields;

    const answers = await Promise.all([
      post(upload.url, { ...upload.fields, 'Content-Type': 'text/html' }, png, 'text/html'),
      post(upload.url, upload.fields, Buffer.alloc(3 * 1024 * 1024, 1)),
      post(upload.url, upload.fields, new Uint8Array()),
      post(upload.url, { ...upload.fields, Policy: widened }),
      post(upload.url, unsignedFields),
    ]);

    expect(answers.map((a) => a.status)).toEqual([403, 400, 400, 403, 403]);
    expect(answers[1]?.body).toContain('<Code>EntityTooLarge</Code>');
    expect(answers[2]?.body).toContain('<Code>EntityTooSmall</Code>');
    expect(answers[3]?.body).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(await exists(upload.fields.key ?? '')).toBe(false);
  });

  it('refuses an expired policy, and takes a valid one', async () => {
    const key = `photos/${user.sub}/expiry-${Date.now()}.png`;
    const conditions: Parameters<typeof createPresignedPost>[1]['Conditions'] = [
      ['eq', '$Content-Type', 'image/png'],
      ['content-length-range', 1, 1024],
    ];
    const expired = await createPresignedPost(s3, {
      Bucket: 'local-uploads',
      Key: key,
      Conditions: conditions,
      Fields: { 'Content-Type': 'image/png' },
      Expires: -1,
    });
    const valid = await createPresignedPost(s3, {
      Bucket: 'local-uploads',
      Key: key,
      Conditions: conditions,
      Fields: { 'Content-Type': 'image/png' },
      Expires: 60,
    });

    const late = await post(expired.url, expired.fields);
    const inTime = await post(valid.url, valid.fields);

    expect(late.status).toBe(403);
    expect(late.body).toContain('Policy expired');
    expect(inTime.status).toBe(204);
    expect(await exists(key)).toBe(true);
  });
});

/** One request to any local port, with the Host header given as is and the answer's CORS header kept. */
function rawCall(
  base: string,
  options: { method?: string; path?: string; host?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; allowOrigin: string | undefined }> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? 'POST',
        path: options.path ?? '/',
        headers: { ...options.headers, host: options.host ?? target.host },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            allowOrigin: response.headers['access-control-allow-origin'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** An Authorization header of the right form with the cloud's access key id and a signature no one made. */
function forgedSigV4(service: string): Record<string, string> {
  const date = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  return {
    'x-amz-date': date,
    'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
    authorization: `AWS4-HMAC-SHA256 Credential=${info.credentials.accessKeyId}/${date.slice(0, 8)}/us-east-1/${service}/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
  };
}

describe('every emulator port answers only our own clients (SigV4 or the Stripe key, Host, no CORS)', () => {
  const guessed = { accessKeyId: info.credentials.accessKeyId, secretAccessKey: 'guessed' };
  const ddbScan = {
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.Scan' },
    body: JSON.stringify({ TableName: info.tableName, Limit: 1 }),
  };
  const sqsList = {
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.ListQueues' },
    body: '{}',
  };
  const cognitoListUsers = {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
    },
    body: JSON.stringify({ UserPoolId: info.userPoolId }),
  };
  const sesSend = (to: string) => ({
    path: '/v2/email/outbound-emails',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      FromEmailAddress: 'a@evil.example',
      Destination: { ToAddresses: [to] },
      Content: { Simple: { Subject: { Data: 'planted' }, Body: { Text: { Data: 'planted' } } } },
    }),
  });
  const outboxFor = async (to: string) =>
    ((await (await fetch(`${info.url}/_local/outbox.json`)).json()) as { to: string }[]).filter(
      (m) => m.to === to,
    );

  it('DynamoDB Local: unsigned and forged calls read nothing; signed ones work', async () => {
    const unsigned = await rawCall(info.endpoints.dynamodb, ddbScan);
    const forgedHeader = await rawCall(info.endpoints.dynamodb, {
      ...ddbScan,
      headers: { ...ddbScan.headers, ...forgedSigV4('dynamodb') },
    });
    const forgedClient = await new DynamoDBClient({
      endpoint: info.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: guessed,
    })
      .send(new ListTablesCommand({}))
      .catch((error: { name: string }) => error);
    const signed = await new DynamoDBClient({
      endpoint: info.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: info.credentials,
    }).send(new ListTablesCommand({}));

    expect([unsigned.status, forgedHeader.status]).toEqual([400, 400]);
    expect(forgedHeader.body).not.toContain('Items');
    expect(forgedClient).toMatchObject({ name: 'InvalidSignatureException' });
    expect(signed.TableNames).toContain(info.tableName);
  });

  it('the SQS emulator: unsigned and forged calls list no queue; signed ones work', async () => {
    const unsigned = await rawCall(info.endpoints.sqs, sqsList);
    const forgedHeader = await rawCall(info.endpoints.sqs, {
      ...sqsList,
      headers: { ...sqsList.headers, ...forgedSigV4('sqs') },
    });
    const forgedClient = await new SQSClient({
      endpoint: info.endpoints.sqs,
      region: 'us-east-1',
      credentials: guessed,
    })
      .send(new ListQueuesCommand({}))
      .catch((error: { name: string }) => error);
    const signed = await new SQSClient({
      endpoint: info.endpoints.sqs,
      region: 'us-east-1',
      credentials: info.credentials,
    }).send(new ListQueuesCommand({}));

    expect([unsigned.status, forgedHeader.status]).toEqual([400, 400]);
    expect(`${unsigned.body}${forgedHeader.body}`).not.toContain('QueueUrls');
    expect(forgedClient).toMatchObject({ name: 'InvalidSignatureException' });
    expect(signed.QueueUrls).toContain(info.queues.import?.url);
  });

  it("cognito-local's own port: no admin call without a signature, the public calls and keys as AWS serves them", async () => {
    const unsigned = await rawCall(info.endpoints.cognito, cognitoListUsers);
    const forged = await new CognitoIdentityProviderClient({
      endpoint: info.endpoints.cognito,
      region: 'us-east-1',
      credentials: guessed,
    })
      .send(
        new AdminAddUserToGroupCommand({
          UserPoolId: info.userPoolId,
          Username: user.sub,
          GroupName: 'admin',
        }),
      )
      .catch((error: { name: string }) => error);
    const groups = await cognitoAdmin.send(
      new AdminListGroupsForUserCommand({ UserPoolId: info.userPoolId, Username: user.sub }),
    );
    const publicCall = await new CognitoIdentityProviderClient({
      endpoint: info.endpoints.cognito,
      region: 'us-east-1',
    }).send(new GetUserCommand({ AccessToken: user.accessToken }));
    const jwks = await rawCall(info.endpoints.cognito, {
      method: 'GET',
      path: `/${info.userPoolId}/.well-known/jwks.json`,
    });

    expect(unsigned.status).toBe(400);
    expect(unsigned.body).not.toContain('Users');
    expect(forged).toMatchObject({ name: 'InvalidSignatureException' });
    expect(groups.Groups).toEqual([]);
    expect(publicCall.Username).toBe(user.sub);
    expect(jwks.status).toBe(200);
  });

  it('the SES stand-in: unsigned and forged mail never reaches the outbox', async () => {
    const to = uniqueEmail('planted');
    const unsigned = await rawCall(info.endpoints.ses, sesSend(to));
    const forged = await new SESv2Client({
      endpoint: info.endpoints.ses,
      region: 'us-east-1',
      credentials: guessed,
    })
      .send(
        new SendEmailCommand({
          FromEmailAddress: 'a@evil.example',
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: 'planted' }, Body: { Text: { Data: 'planted' } } } },
        }),
      )
      .catch((error: { name: string }) => error);

    expect(unsigned.status).toBe(403);
    expect(forged).toMatchObject({ name: 'InvalidSignatureException' });
    expect(await outboxFor(to)).toEqual([]);
  });

  it("the Stripe stand-in's API takes only this start's secret key, as Stripe takes only yours", async () => {
    const stripeApi = info.endpoints.stripe ?? '';
    const customers = (key?: string) =>
      rawCall(stripeApi, {
        method: 'GET',
        path: '/v1/customers/cus_missing',
        headers: key ? { authorization: `Bearer ${key}` } : {},
      });

    const answers = await Promise.all([
      customers(),
      customers('sk_guessed'),
      customers('sk_test_local'),
      customers(info.stripeSecretKey),
    ]);

    expect(info.stripeSecretKey).toMatch(/^sk_test_/);
    expect(info.stripeSecretKey).not.toBe('sk_test_local');
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 404]);
  });

  const ports = () =>
    Object.entries(info.endpoints).filter((entry): entry is [string, string] => Boolean(entry[1]));

  it('every port answers 421 to a foreign Host (DNS rebinding), even with a forged signature or key', async () => {
    const answers = await Promise.all(
      ports().map(async ([name, base]) => {
        const { status } = await rawCall(base, {
          method: name === 'stripe' ? 'GET' : 'POST',
          path:
            name === 'stripe'
              ? '/v1/customers/cus_missing'
              : name === 'ses'
                ? sesSend('x@example.test').path
                : '/',
          host: `rebind.evil.example:${new URL(base).port}`,
          headers: {
            origin: 'https://rebind.evil.example',
            ...(name === 'stripe' ? { authorization: `Bearer ${info.stripeSecretKey}` } : forgedSigV4(name)),
          },
        });
        return [name, status];
      }),
    );

    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(ports().map(([name]) => [name, 421])));
  });

  it('no port allows another origin by CORS: preflights get no Access-Control-Allow-Origin', async () => {
    const answers = await Promise.all(
      ports().map(async ([name, base]) => {
        const { allowOrigin } = await rawCall(base, {
          method: 'OPTIONS',
          headers: {
            origin: 'https://evil.example',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type,x-amz-target,authorization',
          },
        });
        return [name, allowOrigin ?? null];
      }),
    );

    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(ports().map(([name]) => [name, null])));
  });
});
