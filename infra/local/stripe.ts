import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAllowedHost, misdirectedMessage } from './host-allowlist.ts';
import { keepIdleSocketsLonger } from './ports.ts';
import { createApiHandler } from './stripe/api/handler.ts';
import type { StripeContext } from './stripe/context.ts';
import { errorAnswer, StripeApiError } from './stripe/errors.ts';
import { handleCheckoutPage } from './stripe/pages/checkout-page.ts';
import { handleCustomerPage } from './stripe/pages/customer-page.ts';
import { openStore } from './stripe/store.ts';
import { createWebhooks, type Delivery } from './stripe/webhooks.ts';

export { parseStripeForm } from './stripe/form.ts';

/**
 * A local stand-in for Stripe, so payments work with no Stripe account. It answers the part of the Stripe
 * REST API the billing code calls, through the real `stripe` SDK (point it here with STRIPE_API_BASE):
 *   POST/GET /v1/customers[/{id}]
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, POST /v1/checkout/sessions/{id}/expire
 *   GET /v1/subscriptions?customer=, GET|POST|DELETE /v1/subscriptions/{id} (retrieve, update, cancel)
 *   POST /v1/billing_portal/sessions
 *   POST /v1/refunds, GET /v1/invoices/{id}, GET /v1/charges/{id}
 * Bodies are form-encoded as real Stripe takes them (`metadata[userId]=…`, `line_items[0][price_data][…]`).
 * A POST with an `Idempotency-Key` is idempotent as at Stripe: the same key with the same parameters replays
 * the first answer (`Idempotent-Replayed: true`) for 24 hours, with other parameters it is refused (400
 * `idempotency_error`). One difference: a request whose key is still in flight waits for the first and
 * replays it, where Stripe answers 409 and its SDK retries into the same replay.
 *
 * Its own pages (server-rendered, strict CSP, English and Portuguese by `?lng` or Accept-Language):
 *   GET /checkout/{sessionId}  a card form look-alike with Pay and Decline
 *   GET /customer/{customerId} the customer's page (where the billing portal session leads): Renew now,
 *                              Fail next payment, Cancel at period end / Resume, Cancel now, Refund,
 *                              Dispute (the buyer's bank takes the payment back: charge.dispute.created)
 * Every change sends Stripe-shaped events, signed exactly as Stripe signs them (`t=…,v1=…`, HMAC-SHA256 of
 * `${t}.${payload}` with the webhook secret), to `webhookUrl`, one at a time and in order (3 tries each).
 * A page waits for the delivery before it redirects, so the app already knows when the browser comes back;
 * an API call answers first and its events follow, as with Stripe.
 *
 * Its parts, in `stripe/`: the objects' types (types.ts), the store, the objects' life (customers, checkout,
 * subscriptions, payments), the REST API by resource (api/), webhooks delivery, idempotency keys and the
 * pages (pages/). This file wires them into one server.
 */

export interface LocalStripeOptions {
  /** 0 picks a free port. */
  port: number;
  /** Where events are POSTed, e.g. http://127.0.0.1:3000/api/webhooks/stripe */
  webhookUrl: string;
  webhookSecret: string;
  /** The app's origin: the pages' links back and their CSP's form-action. */
  appOrigin: string;
  /** Keep the objects in `{dataDir}/stripe.json` across restarts; in memory only when absent. */
  dataDir?: string;
  /** The address browsers use for the pages, when not this server's own (e.g. behind a proxy). */
  publicUrl?: string;
  host?: string;
  /**
   * The one secret key the API takes (`Authorization: Bearer sk_…`), as Stripe takes only the account's own;
   * the local cloud makes a new one per start. Default: LOCAL_STRIPE_SECRET_KEY.
   */
  secretKey?: string;
}

export interface LocalStripe {
  /** This server's address: the SDK's API base and (unless publicUrl) the pages' origin. */
  url: string;
  close(): Promise<void>;
  /** Every event sent, oldest first, with the webhook's answer status (for tests and the console). */
  deliveries(): Delivery[];
  /** Resolves when every event sent so far has been delivered (or given up on). */
  idle(): Promise<void>;
}

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const { store, save } = openStore(options.dataDir);
  const webhooks = createWebhooks(options);
  const ctx: StripeContext = {
    store,
    save,
    emit: webhooks.emit,
    appOrigin: options.appOrigin.replace(/\/+$/, ''),
    publicUrl: '',
    basePath: '',
  };
  const handleApi = createApiHandler(ctx, {
    secretKey: options.secretKey,
    duringApiCall: webhooks.duringApiCall,
  });

  const server = createServer((req, res) => {
    // Only loopback names on this port (the gateway proxies the pages with this Host): no DNS rebinding.
    const ownPort = (server.address() as AddressInfo).port;
    if (!isAllowedHost(req.headers.host, ownPort)) {
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end(misdirectedMessage(req.headers.host, ownPort));
      return;
    }
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const { basePath } = ctx;
      // Behind a proxy that keeps the public path's prefix (e.g. /_stripe), the prefix is dropped here.
      if (basePath && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)))
        url.pathname = url.pathname.slice(basePath.length) || '/';
      const method = req.method ?? 'GET';
      const nonce = randomBytes(16).toString('base64');
      try {
        if (url.pathname.startsWith('/v1/')) return await handleApi(req, res, url, method);
        if (await handleCheckoutPage(ctx, req, res, url, nonce)) return;
        if (await handleCustomerPage(ctx, req, res, url, nonce)) return;
        throw new StripeApiError(404, 'Not found.');
      } catch (error) {
        const answer = errorAnswer(error);
        if (answer.status === 500) console.error('[local stripe]', error);
        if (!res.headersSent) {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(answer.body);
        }
      }
    })();
  });

  keepIdleSocketsLonger(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  ctx.publicUrl = (options.publicUrl ?? url).replace(/\/+$/, '');
  ctx.basePath = new URL(ctx.publicUrl).pathname.replace(/\/+$/, '');
  return {
    url,
    deliveries: webhooks.deliveries,
    idle: webhooks.idle,
    close: async () => {
      await webhooks.idle().catch(() => undefined);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
