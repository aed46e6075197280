import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { WebSocket, WebSocketServer } from 'ws';
import { httpRoutes, webSocketRoutes } from '#functions/contract';
import { isTicketFormat } from '../../functions/domain/web-socket.ts';
import { allowedOrigins } from '../../functions/lib/config.ts';
import { htmlFileFor } from '../../shared/site.ts';
import {
  contentSecurityPolicy,
  crossOriginOpenerPolicy,
  permissionsPolicy,
} from '../lib/security-headers.ts';
import { createAuthorizer } from './authorizer.ts';
import { cognitoRefusal } from './cognito-public.ts';
import { invoke, isFunctionName } from './functions.ts';
import { isAllowedHost, misdirectedMessage } from './host-allowlist.ts';
import { compileRoutes, matchRoute } from './http-routes.ts';
import { hasInvokeSecret, INVOKE_SECRET_HEADER } from './invoke-secret.ts';
import type { Outbox } from './outbox.ts';
import { renderOutbox } from './outbox-page.ts';
import { keepIdleSocketsLonger } from './ports.ts';
import { readBody } from './read-body.ts';

/** API Gateway's own payload limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  /** Where the SPA build lives (index.html and assets). */
  spaDir: string;
  /** The internal address of cognito-local, proxied at `/cognito`. */
  cognitoEndpoint: string;
  issuer: string;
  jwksUri: string;
  clientId: string;
  /**
   * Origins besides our own the browser may connect to: the local S3, which takes presigned uploads, and the
   * WebSocket's origin (config.json names `ws://localhost:{port}`, also from a page on 127.0.0.1).
   */
  connectSources?: readonly string[];
  runtimeConfig: () => unknown;
  /**
   * The local Stripe stand-in's address: its checkout and customer pages are served at `/_stripe/…` on the
   * app's own origin (where checkout and billing portal URLs point), never its `/v1` API.
   */
  stripePages?: string;
  outbox: Outbox;
  log: (message: string) => void;
}

/**
 * CloudFront's security headers (infra/lib/security-headers.ts, as infra/lib/website.ts sends them);
 * `connectSources` are the other origins the page may call (local S3, the WebSocket's origin).
 * Strict-Transport-Security is left out: the local cloud is plain HTTP, where browsers ignore it, and pinning
 * `localhost` to HTTPS for two years would break every other local server behind a TLS proxy.
 */
function securityHeadersFor(connectSources: readonly string[]) {
  return {
    'content-security-policy': contentSecurityPolicy({ connect: connectSources }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': permissionsPolicy,
    'cross-origin-opener-policy': crossOriginOpenerPolicy,
  };
}

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

const compressible = (contentType: string) =>
  /^(text\/|application\/(json|manifest\+json)|image\/svg)/.test(contentType);

const isText = (contentType: string) =>
  /^(text\/|application\/(json|xml|x-www-form-urlencoded))/i.test(contentType);

/**
 * The local API Gateway, CloudFront and Lambda service in one HTTP server: `/api/*` through the JWT
 * authorizer to the manifest's handlers as API Gateway v2 events, `/ws` as the WebSocket API with its
 * `@connections` management endpoint, the Lambda invoke API for Cognito triggers, `/cognito` to
 * cognito-local, `/config.json`, the outbox, and the SPA.
 */
export function createGateway(options: GatewayOptions) {
  const routes = compileRoutes(httpRoutes);
  const authorize = createAuthorizer(options);
  const connections = new Map<string, { socket: WebSocket; connectedAt: number; sourceIp: string }>();
  const spaDir = resolve(options.spaDir);
  const securityHeaders = securityHeadersFor(options.connectSources ?? []);
  let origin = '';
  let port = 0;
  const hostAllowed = (host: string | undefined) => {
    const { ptBrHosts = [] } = (options.runtimeConfig() ?? {}) as { ptBrHosts?: string[] };
    return isAllowedHost(host, port, ptBrHosts);
  };

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = (req.method ?? 'GET').toUpperCase();
    const found = matchRoute(routes, method, url.pathname);
    if (!found) {
      sendJson(res, 404, { message: 'Not Found' });
      return;
    }
    const body = await readBody(req, MAX_PAYLOAD_BYTES);
    if (body === null) {
      sendJson(res, 413, { message: 'Request Entity Too Large' });
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && name !== 'cookie')
        headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    let authorizer: APIGatewayProxyEventV2['requestContext'] & { authorizer?: unknown };
    const { def } = found.route;
    const now = Date.now();
    const requestContext = {
      accountId: '000000000000',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${def.method} ${def.path}`,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    };
    authorizer = requestContext;
    if (def.auth !== 'public') {
      const claims = await authorize(req.headers.authorization);
      if (!claims) {
        sendJson(res, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
        return;
      }
      authorizer = { ...requestContext, authorizer: { jwt: { claims, scopes: null } } } as typeof authorizer;
    }
    // A malformed escape throws URIError here, before anything is invoked: the caller answers 400.
    const pathParameters = Object.fromEntries(
      Object.entries(found.rawParams).map(([name, value]) => [name, decodeURIComponent(value)]),
    );
    const query: Record<string, string> = {};
    for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
    const contentType = headers['content-type'] ?? '';
    const text = body.length === 0 || isText(contentType);
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: requestContext.routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      ...(req.headers.cookie ? { cookies: req.headers.cookie.split(/;\s*/) } : {}),
      headers,
      ...(url.search ? { queryStringParameters: query } : {}),
      ...(found.route.params.length ? { pathParameters } : {}),
      requestContext: authorizer,
      ...(body.length ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
      isBase64Encoded: !text,
    };
    const result = (await invoke(def.function, event)) as
      | APIGatewayProxyStructuredResultV2
      | string
      | undefined;
    writeLambdaResult(res, result);
  }

  function writeLambdaResult(
    res: ServerResponse,
    result: APIGatewayProxyStructuredResultV2 | string | undefined,
  ) {
    if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
      // API Gateway v2 infers a 200 JSON response from a bare return value.
      sendJson(res, 200, result ?? null);
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, headers);
    res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
  }

  /**
   * The browser's Cognito calls, and only those (cognito-public.ts). cognito-local lacks
   * GetTokensFromRefreshToken (used by Amplify 6.14+); it becomes a refresh InitiateAuth.
   */
  async function handleCognito(req: IncomingMessage, res: ServerResponse, url: URL) {
    const refusal = cognitoRefusal(
      (req.method ?? 'GET').toUpperCase(),
      url.pathname.slice('/cognito'.length),
      typeof req.headers['x-amz-target'] === 'string' ? req.headers['x-amz-target'] : undefined,
    );
    if (refusal) {
      // Unread, the body would stay in the socket; the AWS JSON protocol names the error in both places.
      req.resume();
      sendJson(res, refusal.status, refusal.body, {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-errortype': refusal.body.__type,
      });
      return;
    }
    const body = (await readBody(req, 1024 * 1024)) ?? Buffer.alloc(0);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'authorization']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let payload: Buffer = body;
    if (headers['x-amz-target']?.endsWith('.GetTokensFromRefreshToken')) {
      const input = JSON.parse(body.toString('utf8') || '{}') as { RefreshToken?: string; ClientId?: string };
      headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
      payload = Buffer.from(
        JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: input.ClientId,
          AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
        }),
      );
    }
    const target = `${options.cognitoEndpoint}${url.pathname.slice('/cognito'.length) || '/'}${url.search}`;
    const upstream = await fetch(target, {
      method: req.method ?? 'GET',
      headers,
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Uint8Array(payload) }),
    });
    const out = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    });
    res.end(out);
  }

  /** The Stripe stand-in's pages, proxied as they are (status, headers, redirects, its own CSP). */
  function handleStripePages(req: IncomingMessage, res: ServerResponse, url: URL, target: string) {
    return new Promise<void>((resolveProxy, reject) => {
      const upstream = new URL(`${url.pathname}${url.search}`, target);
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'content-length', 'accept', 'accept-language']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const proxied = httpRequest(upstream, { method: req.method ?? 'GET', headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => resolveProxy());
        answer.on('error', reject);
      });
      proxied.on('error', reject);
      req.pipe(proxied);
    });
  }

  /** The Lambda Invoke API, which cognito-local calls for triggers. */
  async function handleInvoke(req: IncomingMessage, res: ServerResponse, name: string) {
    // AWS answers an unsigned or unauthorised Invoke with 403 before looking at the function.
    if (!hasInvokeSecret(req.headers[INVOKE_SECRET_HEADER])) {
      sendJson(res, 403, { message: 'Forbidden' }, { 'x-amzn-errortype': 'AccessDeniedException' });
      return;
    }
    if (!isFunctionName(name)) {
      sendJson(res, 404, { Type: 'User', message: `Function not found: ${name}` });
      return;
    }
    const body = (await readBody(req, MAX_PAYLOAD_BYTES)) ?? Buffer.alloc(0);
    try {
      const result = await invoke(name, JSON.parse(body.toString('utf8') || '{}'));
      sendJson(res, 200, result ?? null, { 'x-amz-executed-version': '$LATEST' });
    } catch (error) {
      options.log(`function ${name} failed: ${(error as Error).message}`);
      sendJson(
        res,
        200,
        { errorType: (error as Error).name, errorMessage: (error as Error).message },
        { 'x-amz-function-error': 'Unhandled' },
      );
    }
  }

  /** The WebSocket API's `@connections` management endpoint (PostToConnection, GetConnection, DeleteConnection). */
  async function handleConnections(req: IncomingMessage, res: ServerResponse, id: string) {
    const connection = connections.get(id);
    const body = (await readBody(req, 128 * 1024)) ?? Buffer.alloc(0);
    if (!connection || connection.socket.readyState !== WebSocket.OPEN) {
      sendJson(res, 410, { message: 'Gone' }, { 'x-amzn-errortype': 'GoneException' });
      return;
    }
    switch (req.method) {
      case 'POST':
        connection.socket.send(body.toString('utf8'));
        res.writeHead(200).end();
        return;
      case 'DELETE':
        connection.socket.close(1000);
        res.writeHead(204).end();
        return;
      default:
        sendJson(res, 200, {
          ConnectedAt: new Date(connection.connectedAt).toISOString(),
          Identity: { SourceIp: connection.sourceIp },
          LastActiveAt: new Date().toISOString(),
        });
    }
  }

  function serveSpa(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const requested = normalize(join(spaDir, pathname));
    const inside = requested === spaDir || requested.startsWith(`${spaDir}${sep}`);
    const isFile = inside && existsSync(requested) && statSync(requested).isFile();
    // Client-side routes: a prerendered page or the bare app shell, as the CloudFront function picks them;
    // a build without prerendering has only index.html.
    // The page's edition (en-US, pt-BR, pt-BR with BRL) by host, ?lng, the lng cookie and Accept-Language.
    const { ptBrHosts = [] } = (options.runtimeConfig() ?? {}) as { ptBrHosts?: string[] };
    const visitor = {
      host: req.headers.host,
      search: url.search,
      cookie: req.headers.cookie,
      acceptLanguage: req.headers['accept-language'],
    };
    const routeFile = join(spaDir, htmlFileFor(url.pathname, visitor, ptBrHosts));
    const file = isFile ? requested : existsSync(routeFile) ? routeFile : join(spaDir, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The front end is not built yet: run `npm run build`.');
      return;
    }
    const immutable = isFile && url.pathname.startsWith('/assets/');
    const contentType = mimeTypes[extname(file)] ?? 'application/octet-stream';
    // Compressed like CloudFront does it, so local page weights and Lighthouse runs are comparable.
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && compressible(contentType);
    res.writeHead(isFile || extname(url.pathname) === '' ? 200 : 404, {
      'content-type': contentType,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      // One URL has several editions of a page; files are the same for everyone.
      vary: isFile ? 'accept-encoding' : 'accept-encoding, accept-language, cookie',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    if (req.method === 'HEAD') res.end();
    else if (gzip) res.end(gzipped(file));
    else createReadStream(file).pipe(res);
  }

  /** Gzipped file contents, cached per file and modification time. */
  const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();
  function gzipped(file: string): Buffer {
    const { mtimeMs } = statSync(file);
    const cached = gzipCache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.body;
    const body = gzipSync(readFileSync(file));
    gzipCache.set(file, { mtimeMs, body });
    return body;
  }

  const server: Server = createServer((req, res) => {
    // CloudFront's response headers policy covers the SPA and `/api/*` alike; set first, so a handler's own
    // header of the same name (the Stripe pages' CSP) still wins, as it does for the proxied pages.
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    // Before anything else, whatever the path: a foreign name is a page that rebound its DNS to us.
    if (!hostAllowed(req.headers.host)) {
      req.resume();
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end(misdirectedMessage(req.headers.host, port));
      return;
    }
    try {
      route(req, res);
    } catch (error) {
      // A malformed URL or path encoding is the client's fault; it must never take the local cloud down.
      options.log(`${req.method} ${req.url} refused: ${(error as Error).message}`);
      if (!res.headersSent) sendJson(res, 400, { message: 'Bad Request' });
      else res.end();
    }
  });

  keepIdleSocketsLonger(server);
  let ready = false;

  function route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', origin || `http://${req.headers.host ?? 'localhost'}`);
    const path = url.pathname;
    const done = (promise: Promise<void>) =>
      promise.catch((error: unknown) => {
        if (error instanceof URIError) return void sendJson(res, 400, { message: 'Bad Request' });
        options.log(`${req.method} ${path} failed: ${(error as Error).stack ?? error}`);
        if (!res.headersSent) sendJson(res, 502, { message: 'Bad Gateway' });
        else res.end();
      });
    // Until the cloud has seeded its users, health says so: whoever waits for it (npm start's users, the
    // test runners) would otherwise sign in as a seeded user who does not exist yet.
    if (path === '/api/health' && !ready) {
      return void sendJson(res, 503, { status: 'starting' }, { 'retry-after': '1' });
    }
    if (path.startsWith('/api/')) return void done(handleApi(req, res, url));
    if (path === '/cognito' || path.startsWith('/cognito/')) return void done(handleCognito(req, res, url));
    if (options.stripePages && /^\/_stripe\/(checkout|customer)\//.test(path)) {
      return void done(handleStripePages(req, res, url, options.stripePages));
    }
    // The Lambda invoke and @connections endpoints are for the local back end (cognito-local, handlers),
    // never for web pages: a browser always sends Origin on a cross-site POST, so those are refused.
    const internal = /^\/(2015-03-31\/functions|@connections)\//.test(path);
    if (internal && req.headers.origin) return void sendJson(res, 403, { message: 'Forbidden' });
    const invokeMatch = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(path);
    if (invokeMatch?.[1] && req.method === 'POST') {
      return void done(handleInvoke(req, res, decodeURIComponent(invokeMatch[1])));
    }
    const connectionMatch = /^\/@connections\/([^/]+)$/.exec(path);
    if (connectionMatch?.[1])
      return void done(handleConnections(req, res, decodeURIComponent(connectionMatch[1])));
    if (path === '/config.json') {
      return void sendJson(res, 200, options.runtimeConfig(), { 'cache-control': 'no-cache' });
    }
    if (path === '/_local/outbox.json') return void sendJson(res, 200, options.outbox.list());
    if (path === '/_local/outbox') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(renderOutbox(options.outbox.list()));
    }
    serveSpa(req, res, url);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });
  const wsFunction = (route: string) =>
    (webSocketRoutes.find((r) => r.route === route) ?? webSocketRoutes.find((r) => r.route === '$default'))
      ?.function;

  function wsEvent(route: string, connectionId: string, extra: Record<string, unknown>) {
    const now = Date.now();
    return {
      requestContext: {
        routeKey: route,
        eventType: route === '$connect' ? 'CONNECT' : route === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
        connectionId,
        domainName: new URL(origin).host,
        stage: 'local',
        apiId: 'local',
        requestId: randomUUID(),
        requestTimeEpoch: now,
        connectedAt: now,
        messageDirection: 'IN',
        extendedRequestId: randomUUID(),
        requestTime: new Date(now).toUTCString(),
      },
      isBase64Encoded: false,
      ...extra,
    };
  }

  /**
   * Why an upgrade is refused before `$connect` runs (or null): API Gateway validates the handshake before it
   * invokes the route, so a request `ws` would reject afterwards must not spend a ticket or store a connection.
   */
  function handshakeRefusal(req: IncomingMessage, url: URL): { status: number; reason: string } | null {
    if (!hostAllowed(req.headers.host)) return { status: 421, reason: 'Misdirected Request' };
    if (url.pathname !== '/ws') return { status: 404, reason: 'Not Found' };
    const key = req.headers['sec-websocket-key'];
    const version = req.headers['sec-websocket-version'];
    if (
      req.method !== 'GET' ||
      String(req.headers.upgrade ?? '').toLowerCase() !== 'websocket' ||
      typeof key !== 'string' ||
      !/^[+/0-9A-Za-z]{22}==$/.test(key) ||
      (version !== '13' && version !== '8')
    ) {
      return { status: 400, reason: 'Bad Request' };
    }
    const requestOrigin = req.headers.origin;
    if (requestOrigin === undefined || !allowedOrigins().includes(requestOrigin)) {
      return { status: 403, reason: 'Forbidden' };
    }
    if (!isTicketFormat(url.searchParams.get('ticket') ?? '')) return { status: 401, reason: 'Unauthorized' };
    return null;
  }

  server.on('upgrade', (req, socket: Duplex, head) => {
    // A reset or garbage on the raw socket is that client's problem: without a listener Node would throw it
    // and stop the whole local cloud.
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      url = new URL('/', origin);
    }
    const refusal = handshakeRefusal(req, url);
    if (refusal) {
      socket.end(
        `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    const connectionId = randomUUID().replace(/-/g, '').slice(0, 16);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    const connect = wsFunction('$connect');
    const disconnect = () => {
      const fn = wsFunction('$disconnect');
      if (fn) {
        invoke(fn, wsEvent('$disconnect', connectionId, {})).catch((error: unknown) =>
          options.log(`websocket disconnect failed: ${(error as Error).message}`),
        );
      }
    };
    const accept = connect
      ? invoke(
          connect,
          wsEvent('$connect', connectionId, {
            headers,
            queryStringParameters: Object.fromEntries(url.searchParams),
          }),
        )
      : Promise.resolve({ statusCode: 200 });
    accept
      .then((result) => {
        const status = (result as { statusCode?: number } | undefined)?.statusCode ?? 200;
        if (status < 200 || status >= 300) {
          socket.write(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
          socket.destroy();
          return;
        }
        // The client left while `$connect` ran: the stored connection would never see a `$disconnect`.
        if (socket.destroyed || !socket.writable) {
          disconnect();
          return;
        }
        // Nor would one whose client leaves before the upgrade completes (`ws` then never calls back): API
        // Gateway sends `$disconnect` for every connection `$connect` accepted.
        let upgraded = false;
        socket.once('close', () => {
          if (!upgraded) disconnect();
        });
        wss.handleUpgrade(req, socket, head, (ws) => {
          upgraded = true;
          connections.set(connectionId, {
            socket: ws,
            connectedAt: Date.now(),
            sourceIp: req.socket.remoteAddress ?? '',
          });
          ws.on('message', (data) => {
            const body = data.toString();
            const fn = wsFunction('$default');
            if (fn) {
              invoke(fn, wsEvent('$default', connectionId, { body })).catch((error: unknown) =>
                options.log(`websocket message failed: ${(error as Error).message}`),
              );
            }
          });
          // A malformed frame (too large, unmasked, bad UTF-8, reserved opcode) arrives here after `ws` has
          // closed that one connection with 1002/1007/1009; unheard, it would be thrown and end the process.
          ws.on('error', (error: Error & { code?: string }) =>
            options.log(`websocket ${connectionId} closed: ${error.code ?? error.message}`),
          );
          ws.on('close', () => {
            connections.delete(connectionId);
            disconnect();
          });
        });
      })
      .catch((error: unknown) => {
        options.log(`websocket connect failed: ${(error as Error).message}`);
        socket.write('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        socket.destroy();
      });
  });

  return {
    server,
    /** Start listening; resolves with the bound port. */
    listen(listenPort: number, host = '127.0.0.1'): Promise<number> {
      return new Promise((resolveListen, reject) => {
        server.once('error', reject);
        server.listen(listenPort, host, () => {
          const address = server.address();
          const bound = typeof address === 'object' && address ? address.port : listenPort;
          port = bound;
          origin = `http://localhost:${bound}`;
          resolveListen(bound);
        });
      });
    },
    setOrigin(value: string) {
      origin = value;
    },
    /** The cloud is whole (users seeded): /api/health answers from now on. */
    setReady() {
      ready = true;
    },
    async close(): Promise<void> {
      for (const { socket } of connections.values()) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
