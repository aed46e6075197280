import { randomUUID } from 'node:crypto';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAllowedHost, misdirectedMessage } from './host-allowlist.ts';
import { keepIdleSocketsLonger } from './ports.ts';
import { readBody } from './read-body.ts';
import { type LocalCredentials, type SigV4Failure, type SigV4Verifier, sigV4Verifier } from './sigv4.ts';

/**
 * What every AWS endpoint of the local cloud checks before an emulator sees a request, so that a web page
 * (cross-origin, or same-origin through DNS rebinding) or another program that finds a loopback port can do
 * nothing our own clients did not sign:
 * - the `Host` is a loopback name on the endpoint's own port (421 otherwise, as the gateway answers);
 * - the request is SigV4-signed with this start's key, body included, unless AWS itself serves it unsigned
 *   (Cognito's public user calls and its JWKS);
 * - no CORS: a preflight is an unsigned request like any other, and no answer carries
 *   `Access-Control-Allow-*` (the emulators' own `*` is dropped), so no page may read or send anything.
 */

/** How AWS JSON services answer a request signed wrongly or not at all (type, and message when fixed). */
export const awsJsonSignatureErrors: Record<SigV4Failure, { type: string; message?: string }> = {
  missing: { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' },
  malformed: { type: 'IncompleteSignatureException' },
  unknownKey: {
    type: 'UnrecognizedClientException',
    message: 'The security token included in the request is invalid.',
  },
  mismatch: { type: 'InvalidSignatureException' },
  skewed: { type: 'InvalidSignatureException', message: 'Signature expired.' },
  expired: { type: 'InvalidSignatureException', message: 'Signature expired.' },
};

export interface LocalRefusal {
  status: number;
  /** The AWS error type (`x-amzn-errortype`, `__type`); absent for the 421, which is plain text. */
  type?: string;
  message: string;
}

export interface RequestToCheck {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Uint8Array;
}

/**
 * Why a request to an AWS endpoint listening on `port` is refused, or null when it may go on. `unsigned` names
 * the requests AWS answers without a signature; `signatureStatus` is the service's status for a bad one (400
 * for the AWS JSON protocols, 403 for REST ones).
 */
export async function localRequestRefusal(
  request: RequestToCheck,
  options: {
    port: number;
    verifier: SigV4Verifier;
    unsigned?: (request: RequestToCheck) => boolean;
    signatureStatus?: number;
  },
): Promise<LocalRefusal | null> {
  const host = request.headers.host;
  if (!isAllowedHost(host, options.port)) {
    return { status: 421, message: misdirectedMessage(host, options.port) };
  }
  if (request.method !== 'OPTIONS' && options.unsigned?.(request)) return null;
  const signed = await options.verifier.verifyRequest(request);
  if (signed.ok) return null;
  const error = awsJsonSignatureErrors[signed.reason];
  return {
    status: options.signatureStatus ?? 400,
    type: error.type,
    message:
      request.method === 'OPTIONS'
        ? 'The local cloud answers no CORS preflight: only its own SDK clients may call this endpoint.'
        : (error.message ?? signed.message),
  };
}

/** Send a refusal: the 421 as text, an AWS error as the JSON both AWS JSON and REST-JSON clients read. */
export function sendRefusal(res: ServerResponse, refusal: LocalRefusal): void {
  if (!refusal.type) {
    res.writeHead(refusal.status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end(refusal.message);
    return;
  }
  const body = JSON.stringify({ __type: refusal.type, message: refusal.message, Message: refusal.message });
  res.writeHead(refusal.status, {
    'content-type': 'application/x-amz-json-1.1',
    'content-length': Buffer.byteLength(body),
    'x-amzn-requestid': randomUUID(),
    'x-amzn-errortype': refusal.type,
  });
  res.end(body);
}

/** Where the emulator behind a front listens: a Unix socket in a private folder, or a loopback port that
 * answers only requests carrying a header that only the front knows. */
export type Upstream = { socketPath: string } | { port: number; headers: Record<string, string> };

export interface AwsFront {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/** Above the largest request of the services behind fronts (DynamoDB's 16 MB). */
const MAX_BODY_BYTES = 17 * 1024 * 1024;

/**
 * A front for an emulator that checks nothing itself (DynamoDB Local, fauxqs, cognito-local): it listens on
 * 127.0.0.1 (on `port`, or a free one), refuses what `localRequestRefusal` refuses, and forwards the rest.
 */
export async function startAwsFront(options: {
  /** The SigV4 signing name: dynamodb, sqs, cognito-idp. */
  service: string;
  credentials: LocalCredentials;
  upstream: Upstream;
  unsigned?: (request: RequestToCheck) => boolean;
  port?: number;
}): Promise<AwsFront> {
  const verifier = sigV4Verifier(options.credentials, options.service);
  const agent = new Agent({ keepAlive: true });
  let port = options.port ?? 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req, MAX_BODY_BYTES);
    if (!body) {
      return sendRefusal(res, {
        status: 413,
        type: 'RequestEntityTooLargeException',
        message: 'The request is too large.',
      });
    }
    const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
    const refusal = await localRequestRefusal(request, { port, verifier, unsigned: options.unsigned });
    if (refusal) return sendRefusal(res, refusal);
    const headers = {
      ...req.headers,
      ...('headers' in options.upstream ? options.upstream.headers : {}),
      'content-length': String(body.length),
    };
    delete headers['transfer-encoding'];
    const target =
      'socketPath' in options.upstream
        ? { socketPath: options.upstream.socketPath }
        : { host: '127.0.0.1', port: options.upstream.port };
    const upstream = httpRequest(
      { ...target, agent, method: request.method, path: request.url, headers },
      (answer) => {
        const out = { ...answer.headers };
        for (const name of Object.keys(out)) if (name.startsWith('access-control-')) delete out[name];
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (res.headersSent) return res.destroy();
      sendRefusal(res, { status: 500, type: 'InternalFailure', message: error.message });
    });
    upstream.end(body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (res.headersSent) return res.destroy();
      sendRefusal(res, { status: 500, type: 'InternalFailure', message: error.message });
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  keepIdleSocketsLonger(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
