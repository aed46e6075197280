import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import S3rver from 's3rver';
import { isAllowedHost, misdirectedMessage } from './host-allowlist.ts';
import { keepIdleSocketsLonger } from './ports.ts';
import { readBody } from './read-body.ts';
import { postPolicyRefusal } from './s3-post-policy.ts';
import { type LocalCredentials, type SigV4Failure, sigV4Verifier } from './sigv4.ts';

export interface LocalS3 {
  endpoint: string;
  server: S3rver;
  stop(): Promise<void>;
}

const corsConfig = (origin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** Largest browser form read: above every upload policy the app signs (10 MB), with room for the fields. */
const MAX_FORM_BYTES = 12 * 1024 * 1024;

/** S3's answer to a request signed wrongly or not at all. */
const signatureErrors: Record<SigV4Failure, { code: string; message?: string }> = {
  missing: { code: 'AccessDenied', message: 'Access Denied' },
  malformed: { code: 'AccessDenied' },
  unknownKey: {
    code: 'InvalidAccessKeyId',
    message: 'The AWS Access Key Id you provided does not exist in our records.',
  },
  mismatch: { code: 'SignatureDoesNotMatch' },
  skewed: { code: 'RequestTimeTooSkewed' },
  expired: { code: 'AccessDenied', message: 'Request has expired' },
};

/**
 * Start s3rver with its objects under `dir`, creating the given buckets with CORS for the app origin, behind
 * a thin front that does what s3rver does not: every S3 API call must carry a SigV4 signature made with the
 * local cloud's key, and a browser's presigned POST must carry a policy signed with it whose conditions
 * (key, content type, size range, expiry) the form meets, and the Host must be a loopback name on the
 * front's port. s3rver itself listens on a Unix socket in a private folder, so the front is the only way in.
 */
export async function startS3(
  dir: string,
  buckets: string[],
  appOrigin: string,
  credentials: LocalCredentials,
): Promise<LocalS3> {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [corsConfig(appOrigin)] })),
  });
  await server.configureBuckets();
  const socketDir = mkdtempSync(join(tmpdir(), 's3rver-'));
  const socketPath = join(socketDir, 's3.sock');
  // What s3rver's run() does, on the socket instead of a TCP port (close() closes this server).
  server.httpServer = (await server.listen(socketPath)) as Server;
  const verifier = sigV4Verifier(credentials, 's3');
  let port = 0;

  /** An S3 error document; with CORS for the app, so the browser can read why an upload was refused. */
  function sendError(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    code: string,
    message: string,
  ) {
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><RequestId>${randomUUID()}</RequestId></Error>`;
    res.writeHead(status, {
      'content-type': 'application/xml',
      'content-length': Buffer.byteLength(body),
      ...(req.headers.origin === appOrigin
        ? { 'access-control-allow-origin': appOrigin, vary: 'Origin' }
        : {}),
    });
    res.end(body);
  }

  function forward(req: IncomingMessage, res: ServerResponse, body?: Buffer) {
    const headers = body ? { ...req.headers, 'content-length': String(body.length) } : req.headers;
    const upstream = httpRequest({ socketPath, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) sendError(req, res, 500, 'InternalError', 'The local S3 did not answer.');
      else res.end();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  }

  /** A browser upload: the form's policy and signature are checked before s3rver sees it. */
  async function handleForm(req: IncomingMessage, res: ServerResponse, bucket: string) {
    const body = await readBody(req, MAX_FORM_BYTES);
    if (!body) {
      return sendError(
        req,
        res,
        400,
        'EntityTooLarge',
        'Your proposed upload exceeds the maximum allowed size',
      );
    }
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
    } catch {
      return sendError(
        req,
        res,
        400,
        'MalformedPOSTRequest',
        'The body of your POST request is not well-formed multipart/form-data.',
      );
    }
    // As S3 reads it: the fields before the file, first of each name; anything after the file is ignored.
    const fields = new Map<string, string>();
    let size: number | null = null;
    for (const [name, value] of form) {
      if (name === 'file') {
        size = typeof value === 'string' ? Buffer.byteLength(value) : value.size;
        break;
      }
      if (typeof value === 'string' && !fields.has(name)) fields.set(name, value);
    }
    const field = (name: string) => [...fields].find(([n]) => n.toLowerCase() === name)?.[1];
    const policy = field('policy');
    if (policy === undefined) {
      // No policy is an anonymous write, and the buckets are private.
      return sendError(req, res, 403, 'AccessDenied', 'Access Denied');
    }
    const signed = await verifier.verifyPolicy({
      policy,
      algorithm: field('x-amz-algorithm'),
      credential: field('x-amz-credential'),
      date: field('x-amz-date'),
      signature: field('x-amz-signature'),
    });
    if (!signed.ok) {
      const error = signatureErrors[signed.reason];
      return sendError(req, res, 403, error.code, error.message ?? signed.message);
    }
    if (size === null) {
      return sendError(
        req,
        res,
        400,
        'InvalidArgument',
        'POST requires exactly one file upload per request.',
      );
    }
    const refusal = postPolicyRefusal({ policyBase64: policy, fields, bucket, size });
    if (refusal) return sendError(req, res, refusal.status, refusal.code, refusal.message);
    forward(req, res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // A loopback name on this port only, as the gateway answers: no page reaches the bucket by DNS rebinding.
    if (!isAllowedHost(req.headers.host, port)) {
      req.resume();
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end(misdirectedMessage(req.headers.host, port));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://local');
    // CORS preflights carry no credentials anywhere in AWS.
    if (req.method === 'OPTIONS') return forward(req, res);
    const bucketOnly = /^\/([^/]+)\/?$/.exec(url.pathname);
    const browserForm =
      req.method === 'POST' &&
      bucketOnly?.[1] &&
      /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? '')) &&
      !req.headers.authorization &&
      !url.searchParams.has('X-Amz-Algorithm');
    if (browserForm) return handleForm(req, res, decodeURIComponent(bucketOnly[1] ?? ''));
    const signed = await verifier.verifyRequest({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
    });
    if (!signed.ok) {
      req.resume();
      const error = signatureErrors[signed.reason];
      return sendError(req, res, 403, error.code, error.message ?? signed.message);
    }
    forward(req, res);
  }

  const front = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendError(req, res, 500, 'InternalError', 'The local S3 failed.');
      else res.end();
    });
  });
  keepIdleSocketsLonger(front);
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  port = (front.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    server,
    stop: async () => {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await server.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

export interface BucketEventRule {
  bucket: string;
  prefix: string;
  queueUrl: string;
}

interface S3EventMessage {
  Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[];
}

/**
 * What an S3 event notification to a queue does when deployed: each object-created event under a rule's
 * prefix becomes one message (the event, as S3 sends it) on the rule's queue. Like S3 when a notification
 * is configured, every queue first gets an `s3:TestEvent`, which consumers must drop.
 */
export function forwardBucketEvents(
  s3: LocalS3,
  sqs: SQSClient,
  options: { rules: BucketEventRule[]; onError: (error: unknown) => void },
): void {
  const send = (queueUrl: string, body: unknown) =>
    sqs
      .send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(body) }))
      .catch(options.onError);
  for (const rule of options.rules) {
    void send(rule.queueUrl, {
      Service: 'Amazon S3',
      Event: 's3:TestEvent',
      Time: new Date().toISOString(),
      Bucket: rule.bucket,
    });
  }
  s3.server.on('event', (event: unknown) => {
    const record = (event as S3EventMessage).Records[0];
    if (!record?.eventName.startsWith('ObjectCreated:')) return;
    // Keys in S3 events are URL-encoded with '+' for spaces; s3rver sends them raw.
    const key = encodeURIComponent(record.s3.object.key).replace(/%20/g, '+').replace(/%2F/g, '/');
    for (const rule of options.rules) {
      if (record.s3.bucket.name !== rule.bucket || !record.s3.object.key.startsWith(rule.prefix)) continue;
      const message = {
        Records: [{ ...record, s3: { ...record.s3, object: { ...record.s3.object, key } } }],
      };
      void send(rule.queueUrl, message);
    }
  });
}
