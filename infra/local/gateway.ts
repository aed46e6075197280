import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { httpRoutes } from '#functions/contract';
import { createAuthorizer } from './authorizer.ts';
import { createApiHandler } from './gateway/api.ts';
import { createCognitoProxy } from './gateway/cognito-proxy.ts';
import { CONNECTION_PATH, type Connections, createConnectionsHandler } from './gateway/connections.ts';
import { createInvokeHandler, INVOKE_PATH } from './gateway/lambda-invoke.ts';
import { securityHeadersFor } from './gateway/security-headers.ts';
import { sendJson } from './gateway/send-json.ts';
import { createSpaServer } from './gateway/spa.ts';
import { proxyStripePages, STRIPE_PAGES } from './gateway/stripe-pages.ts';
import { createWebSocketApi } from './gateway/web-socket.ts';
import { isAllowedHost, misdirectedMessage } from './host-allowlist.ts';
import { compileRoutes } from './http-routes.ts';
import type { Outbox } from './outbox.ts';
import { renderOutbox } from './outbox-page.ts';
import { keepIdleSocketsLonger } from './ports.ts';

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
 * The local API Gateway, CloudFront and Lambda service in one HTTP server: `/api/*` through the JWT
 * authorizer to the contract's handlers as API Gateway v2 events, `/ws` as the WebSocket API with its
 * `@connections` management endpoint, the Lambda invoke API for Cognito triggers, `/cognito` to
 * cognito-local, `/config.json`, the outbox, and the SPA. Each is a module of `gateway/`; this file routes
 * a request to one of them.
 */
export function createGateway(options: GatewayOptions) {
  const connections: Connections = new Map();
  const securityHeaders = securityHeadersFor(options.connectSources ?? []);
  let origin = '';
  let port = 0;
  let ready = false;
  const hostAllowed = (host: string | undefined) => {
    const { ptBrHosts = [] } = (options.runtimeConfig() ?? {}) as { ptBrHosts?: string[] };
    return isAllowedHost(host, port, ptBrHosts);
  };
  const handleApi = createApiHandler(compileRoutes(httpRoutes), createAuthorizer(options));
  const handleCognito = createCognitoProxy(options.cognitoEndpoint);
  const handleInvoke = createInvokeHandler(options.log);
  const handleConnections = createConnectionsHandler(connections);
  const serveSpa = createSpaServer(options);
  const webSocketApi = createWebSocketApi({
    connections,
    hostAllowed,
    origin: () => origin,
    log: options.log,
  });

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
    if (options.stripePages && STRIPE_PAGES.test(path)) {
      return void done(proxyStripePages(req, res, url, options.stripePages));
    }
    // The Lambda invoke and @connections endpoints are for the local back end (cognito-local, handlers),
    // never for web pages: a browser always sends Origin on a cross-site POST, so those are refused.
    const internal = /^\/(2015-03-31\/functions|@connections)\//.test(path);
    if (internal && req.headers.origin) return void sendJson(res, 403, { message: 'Forbidden' });
    const invokeMatch = INVOKE_PATH.exec(path);
    if (invokeMatch?.[1] && req.method === 'POST') {
      return void done(handleInvoke(req, res, decodeURIComponent(invokeMatch[1])));
    }
    const connectionMatch = CONNECTION_PATH.exec(path);
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

  server.on('upgrade', webSocketApi.handleUpgrade);

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
      webSocketApi.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
