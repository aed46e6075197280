import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Stripe from 'stripe';
import { LOCAL_STRIPE_SECRET_KEY } from '../../functions/domain/billing/config.ts';
import { escapeHtml } from '../../shared/html.ts';
import { isAllowedHost, misdirectedMessage } from './host-allowlist.ts';
import { keepIdleSocketsLonger } from './ports.ts';

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
  deliveries(): { id: string; type: string; status: number | null }[];
  /** Resolves when every event sent so far has been delivered (or given up on). */
  idle(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are plain JSON records here
type Obj = Record<string, any>;

interface Store {
  customers: Record<string, Obj>;
  sessions: Record<string, Obj>;
  subscriptions: Record<string, Obj>;
  invoices: Record<string, Obj>;
  charges: Record<string, Obj>;
  paymentIntents: Record<string, Obj>;
  refunds: Record<string, Obj>;
  disputes: Record<string, Obj>;
  portalSessions: Record<string, Obj>;
  /** Answers of POSTs made with an Idempotency-Key, by key. */
  idempotency: Record<string, { request: string; body: string; at: number }>;
}

const emptyStore = (): Store => ({
  customers: {},
  sessions: {},
  subscriptions: {},
  invoices: {},
  charges: {},
  paymentIntents: {},
  refunds: {},
  disputes: {},
  portalSessions: {},
  idempotency: {},
});

const newId = (prefix: string) => `${prefix}_local${randomBytes(10).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** One calendar month later (clamped to the month's last day), like Stripe's monthly billing. */
function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  const day = d.getUTCDate();
  const t = new Date(d);
  t.setUTCDate(1);
  t.setUTCMonth(t.getUTCMonth() + 1);
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(day, last));
  return Math.floor(t.getTime() / 1000);
}

// ---------------------------------------------------------------------------------------------------
// Form encoding (Stripe's: nested keys in brackets, arrays by index)

/** Parse `a[b][0][c]=v&…` into nested objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split('[').map((p, i) => (i === 0 ? p : p.replace(/]$/, '')));
    let node: Obj = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1] ?? '');
      const key = Array.isArray(node) && /^\d+$/.test(part) ? Number(part) : part;
      if (last) {
        (node as Obj)[key] = value;
      } else {
        (node as Obj)[key] ??= nextIsIndex ? [] : {};
        node = (node as Obj)[key];
      }
    });
  }
  return root;
}

const bool = (v: unknown) => v === true || v === 'true';
const int = (v: unknown) => (v === undefined || v === '' ? undefined : Number(v));

/** Stripe's metadata update: '' deletes a key. */
function mergeMetadata(current: Obj, update: Obj | undefined): Obj {
  const next = { ...current };
  for (const [k, v] of Object.entries(update ?? {})) {
    if (v === '') delete next[k];
    else next[k] = String(v);
  }
  return next;
}

class StripeApiError extends Error {
  readonly status: number;
  /** Stripe's own error code (`resource_missing`, `charge_already_refunded`), which callers branch on. */
  readonly code: string | undefined;
  /** Stripe's error type, when not the one its status implies (the SDK picks its error class by it). */
  readonly type: string | undefined;
  constructor(status: number, message: string, code?: string, type?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.type = type;
  }
}

/** How long Stripe keeps an idempotency key's answer. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

// ---------------------------------------------------------------------------------------------------
// Pages

type Lang = 'en' | 'pt';

const t = {
  en: {
    title: 'Checkout (local)',
    banner: 'Local test checkout: no real payment is made.',
    pay: 'Pay',
    decline: 'Decline',
    declined: 'Your card was declined. Try again or go back.',
    back: 'Back to the app',
    card: 'Card number',
    expiry: 'Expiry',
    cvc: 'CVC',
    name: 'Name on card',
    email: 'E-mail',
    monthly: 'per month',
    once: 'one-time payment',
    notFound: 'This checkout session does not exist or has expired.',
    done: 'This checkout session is already complete.',
    customerTitle: 'Billing (local)',
    customerIntro: 'Try the subscription lifecycle: each button sends the events Stripe would send.',
    status: 'Status',
    periodEnd: 'Current period ends',
    cancelsAt: 'Cancels at the end of the period',
    renew: 'Renew now',
    fail: 'Fail next payment',
    cancelEnd: 'Cancel at period end',
    resume: 'Resume subscription',
    cancelNow: 'Cancel now',
    refund: 'Refund',
    dispute: 'Dispute (chargeback)',
    payments: 'Payments',
    refunded: 'refunded',
    none: 'No subscriptions or payments yet.',
    lifetime: 'Lifetime payment',
  },
  pt: {
    title: 'Pagamento (local)',
    banner: 'Pagamento de teste local: nenhuma cobrança real é feita.',
    pay: 'Pagar',
    decline: 'Recusar',
    declined: 'Seu cartão foi recusado. Tente novamente ou volte.',
    back: 'Voltar ao aplicativo',
    card: 'Número do cartão',
    expiry: 'Validade',
    cvc: 'CVC',
    name: 'Nome no cartão',
    email: 'E-mail',
    monthly: 'por mês',
    once: 'pagamento único',
    notFound: 'Esta sessão de pagamento não existe ou expirou.',
    done: 'Esta sessão de pagamento já foi concluída.',
    customerTitle: 'Cobrança (local)',
    customerIntro: 'Experimente o ciclo da assinatura: cada botão envia os eventos que a Stripe enviaria.',
    status: 'Situação',
    periodEnd: 'O período atual termina em',
    cancelsAt: 'Cancela no fim do período',
    renew: 'Renovar agora',
    fail: 'Falhar o próximo pagamento',
    cancelEnd: 'Cancelar no fim do período',
    resume: 'Retomar assinatura',
    cancelNow: 'Cancelar agora',
    refund: 'Reembolsar',
    dispute: 'Contestar (chargeback)',
    payments: 'Pagamentos',
    refunded: 'reembolsado',
    none: 'Nenhuma assinatura ou pagamento ainda.',
    lifetime: 'Pagamento vitalício',
  },
} as const;

function languageOf(req: IncomingMessage, url: URL): Lang {
  const q = url.searchParams.get('lng');
  if (q) return q.toLowerCase().startsWith('pt') ? 'pt' : 'en';
  return (req.headers['accept-language'] ?? '').toLowerCase().trim().startsWith('pt') ? 'pt' : 'en';
}

function money(amount: number, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

function date(seconds: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(seconds * 1000));
}

const css = `body{font:15px/1.5 system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
main{max-width:30rem;margin:3rem auto;background:#fff;border-radius:.75rem;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:2rem}
h1{font-size:1.3rem;margin:0 0 .5rem}.banner{background:#fff8e1;border:1px solid #f5d90a;border-radius:.4rem;padding:.5rem .75rem;font-size:.9rem}
.amount{font-size:1.8rem;font-weight:600;margin:.5rem 0}.muted{color:#697386}label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}
input{width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #cfd7df;border-radius:.35rem;font:inherit}
.row{display:flex;gap:.75rem}.row>div{flex:1}button{font:inherit;border:0;border-radius:.35rem;padding:.65rem 1rem;cursor:pointer;margin:.75rem .5rem 0 0}
.primary{background:#635bff;color:#fff}.secondary{background:#e3e8ee;color:#1a1f36}.danger{background:#df1b41;color:#fff}
.error{color:#df1b41;font-weight:600}section{border-top:1px solid #e3e8ee;margin-top:1.25rem;padding-top:1rem}section form{display:inline-block}a{color:#635bff}`;

function page(lang: Lang, nonce: string, title: string, body: string): string {
  return `<!doctype html><html lang="${lang === 'pt' ? 'pt-BR' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${css}</style></head><body><main>${body}</main></body></html>`;
}

// ---------------------------------------------------------------------------------------------------

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const file = options.dataDir ? join(options.dataDir, 'stripe.json') : null;
  let store = emptyStore();
  if (file) {
    mkdirSync(options.dataDir as string, { recursive: true });
    try {
      store = { ...emptyStore(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<Store>) };
    } catch {
      // first start
    }
  }
  const save = () => {
    if (file) writeFileSync(file, JSON.stringify(store));
  };
  const log: { id: string; type: string; status: number | null }[] = [];
  const appOrigin = options.appOrigin.replace(/\/+$/, '');
  let publicUrl = '';
  /** The path prefix of publicUrl ('' when the pages are at the root): links and form actions carry it. */
  let basePath = '';

  // ---- events, delivered one at a time, in order
  let queue: Promise<void> = Promise.resolve();
  const fromApi = new AsyncLocalStorage<boolean>();
  const emit = (type: string, object: Obj): Promise<void> => {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const entry = { id: event.id, type, status: null as number | null };
    log.push(entry);
    queue = queue.then(async () => {
      const payload = JSON.stringify(event, null, 2);
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const signature = Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: options.webhookSecret,
          });
          const response = await fetch(options.webhookUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
            body: payload,
          });
          entry.status = response.status;
          await response.arrayBuffer();
          if (response.ok) return;
        } catch {
          entry.status = 0;
        }
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      }
      console.warn(
        `[local stripe] ${type} ${event.id} was not accepted by ${options.webhookUrl} (${entry.status})`,
      );
    });
    // An API call answers before its events are delivered, as Stripe's does; a page waits for them.
    return fromApi.getStore() ? Promise.resolve() : queue;
  };

  // ---- objects
  const customer = (id: string) => {
    const c = store.customers[id];
    if (!c) throw new StripeApiError(404, `No such customer: '${id}'`, 'resource_missing');
    return c;
  };
  const createCustomer = (params: Obj): Obj => {
    const c = {
      id: newId('cus'),
      object: 'customer',
      created: nowSeconds(),
      email: params.email ?? null,
      name: params.name ?? null,
      address: params.address ?? null,
      metadata: mergeMetadata({}, params.metadata),
      livemode: false,
      balance: 0,
      currency: null,
      default_source: null,
      description: null,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
      shipping: null,
    };
    store.customers[c.id] = c;
    return c;
  };

  const subscriptionItemPrice = (line: Obj): Obj => {
    const data = line.price_data ?? {};
    return {
      id: line.price ?? newId('price'),
      object: 'price',
      currency: String(data.currency ?? 'usd'),
      unit_amount: int(data.unit_amount) ?? 0,
      recurring: data.recurring ? { interval: data.recurring.interval ?? 'month', interval_count: 1 } : null,
      product: newId('prod'),
      type: data.recurring ? 'recurring' : 'one_time',
    };
  };

  const createSubscription = (session: Obj, customerId: string): Obj => {
    const created = nowSeconds();
    const end = addMonth(created);
    const id = newId('sub');
    const line = session.line_items?.[0] ?? {};
    const price = subscriptionItemPrice(line);
    const s = {
      id,
      object: 'subscription',
      customer: customerId,
      status: 'active',
      created,
      start_date: created,
      billing_cycle_anchor: created,
      currency: price.currency,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      latest_invoice: null as string | null,
      livemode: false,
      metadata: mergeMetadata({}, session.subscription_data?.metadata),
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            created,
            current_period_start: created,
            current_period_end: end,
            quantity: int(line.quantity) ?? 1,
            price,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    };
    store.subscriptions[id] = s;
    return s;
  };

  const period = (s: Obj) => ({
    start: s.items.data[0].current_period_start as number,
    end: s.items.data[0].current_period_end as number,
  });

  const createPayment = (customerId: string, amount: number, currency: string, metadata: Obj) => {
    const created = nowSeconds();
    const pi = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency,
      customer: customerId,
      created,
      metadata,
      status: 'succeeded',
      livemode: false,
      latest_charge: null as string | null,
    };
    const c = customer(customerId);
    const ch: Obj = {
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      disputed: false,
      captured: true,
      currency,
      customer: customerId,
      created,
      paid: true,
      refunded: false,
      status: 'succeeded',
      payment_intent: pi.id,
      metadata: {},
      livemode: false,
      billing_details: { name: c.name, email: c.email, address: c.address, phone: null },
      refunds: { object: 'list', data: [] as Obj[], has_more: false, url: '/v1/refunds' },
    };
    pi.latest_charge = ch.id;
    store.paymentIntents[pi.id] = pi;
    store.charges[ch.id] = ch;
    return { pi, ch };
  };

  /** An invoice's payment as the current API lists it (`invoice.payments`, expandable). */
  const invoicePayment = (inv: Obj, pi: Obj): Obj => ({
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: pi.amount,
    amount_requested: pi.amount,
    currency: pi.currency,
    invoice: inv.id,
    is_default: true,
    livemode: false,
    created: pi.created,
    payment: { type: 'payment_intent', payment_intent: pi.id },
    status: 'paid',
    status_transitions: { paid_at: pi.created, canceled_at: null },
  });

  const createInvoice = (s: Obj, reason: string, paid: boolean, p: { start: number; end: number }) => {
    const c = customer(s.customer);
    const item = s.items.data[0];
    const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
    const created = nowSeconds();
    const inv: Obj = {
      id: newId('in'),
      object: 'invoice',
      customer: s.customer,
      customer_email: c.email,
      customer_name: c.name,
      customer_address: c.address,
      created,
      currency: s.currency,
      billing_reason: reason,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      status: paid ? 'paid' : 'open',
      next_payment_attempt: paid ? null : created + 3 * 86_400,
      period_start: s.items.data[0].current_period_start,
      period_end: p.start,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: s.id, metadata: { ...s.metadata } },
      },
      lines: {
        object: 'list',
        has_more: false,
        url: '/v1/invoices/lines',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: s.currency,
            period: { start: p.start, end: p.end },
            quantity: item.quantity ?? 1,
          },
        ],
      },
      status_transitions: { paid_at: paid ? created : null, finalized_at: created },
    };
    inv.payments = { object: 'list', data: [] as Obj[], has_more: false, url: '/v1/invoice_payments' };
    if (paid) {
      const { pi, ch } = createPayment(s.customer, amount, s.currency, {});
      inv.charge_id = ch.id;
      ch.invoice_id = inv.id;
      inv.payments.data.push(invoicePayment(inv, pi));
    }
    store.invoices[inv.id] = inv;
    s.latest_invoice = inv.id;
    return inv;
  };

  // ---- lifecycle actions (pages and API)
  const completeCheckout = async (session: Obj, form: Obj) => {
    let customerId: string = session.customer ?? '';
    const email = String(form.email || session.customer_email || '') || null;
    const name = String(form.name || '') || null;
    const address = { line1: null, line2: null, city: null, state: null, postal_code: null, country: 'US' };
    if (!customerId) {
      const c = createCustomer({ email, name });
      c.address = address;
      customerId = c.id;
      await emit('customer.created', c);
    } else {
      const c = customer(customerId);
      if (name) c.name = name;
    }
    const c = customer(customerId);
    session.customer = customerId;
    session.customer_details = { email: c.email, name: c.name, address: c.address ?? address, phone: null };
    session.status = 'complete';
    session.payment_status = 'paid';
    if (session.mode === 'subscription') {
      const s = createSubscription(session, customerId);
      const p = period(s);
      session.subscription = s.id;
      const inv = createInvoice(s, 'subscription_create', true, p);
      session.invoice = inv.id;
      save();
      await emit('customer.subscription.created', s);
      await emit('invoice.paid', inv);
    } else {
      const { pi, ch } = createPayment(
        customerId,
        session.amount_total,
        session.currency,
        mergeMetadata({}, session.payment_intent_data?.metadata),
      );
      session.payment_intent = pi.id;
      save();
      await emit('charge.succeeded', ch);
      await emit('payment_intent.succeeded', pi);
    }
    save();
    await emit('checkout.session.completed', session);
  };

  const renew = async (s: Obj) => {
    const item = s.items.data[0];
    const open = Object.values(store.invoices).find(
      (i) => i.parent?.subscription_details?.subscription === s.id && i.status === 'open',
    );
    if (open) {
      // Pay the failed renewal: same period.
      const { pi, ch } = createPayment(s.customer, open.amount_due, open.currency, {});
      open.payments.data.push(invoicePayment(open, pi));
      Object.assign(open, {
        status: 'paid',
        amount_paid: open.amount_due,
        amount_remaining: 0,
        attempt_count: open.attempt_count + 1,
        next_payment_attempt: null,
        charge_id: ch.id,
        status_transitions: { ...open.status_transitions, paid_at: nowSeconds() },
      });
      ch.invoice_id = open.id;
      s.status = 'active';
      save();
      await emit('invoice.paid', open);
      await emit('customer.subscription.updated', s);
      return;
    }
    const start = item.current_period_end as number;
    const p = { start, end: addMonth(start) };
    item.current_period_start = p.start;
    item.current_period_end = p.end;
    s.status = 'active';
    if (s.cancel_at_period_end) {
      s.cancel_at_period_end = false;
      s.cancel_at = null;
    }
    const inv = createInvoice(s, 'subscription_cycle', true, p);
    save();
    await emit('customer.subscription.updated', s);
    await emit('invoice.paid', inv);
  };

  const failNext = async (s: Obj) => {
    const item = s.items.data[0];
    const start = item.current_period_end as number;
    const p = { start, end: addMonth(start) };
    item.current_period_start = p.start;
    item.current_period_end = p.end;
    const inv = createInvoice(s, 'subscription_cycle', false, p);
    s.status = 'past_due';
    save();
    await emit('invoice.payment_failed', inv);
    await emit('customer.subscription.updated', s);
  };

  const updateSubscription = async (s: Obj, params: Obj) => {
    if (s.status === 'canceled')
      throw new StripeApiError(400, 'A canceled subscription can only update its metadata.');
    if (params.cancel_at_period_end !== undefined) {
      s.cancel_at_period_end = bool(params.cancel_at_period_end);
      s.cancel_at = s.cancel_at_period_end ? period(s).end : null;
      s.canceled_at = s.cancel_at_period_end ? nowSeconds() : null;
    }
    if (params.cancellation_details) {
      const d = params.cancellation_details;
      s.cancellation_details = {
        ...s.cancellation_details,
        ...(d.comment !== undefined ? { comment: d.comment || null } : {}),
        ...(d.feedback !== undefined ? { feedback: d.feedback || null } : {}),
      };
    }
    if (params.metadata) s.metadata = mergeMetadata(s.metadata, params.metadata);
    save();
    await emit('customer.subscription.updated', s);
  };

  const cancelSubscription = async (s: Obj, params: Obj = {}) => {
    if (s.status === 'canceled') return;
    const now = nowSeconds();
    s.status = 'canceled';
    s.canceled_at = now;
    s.ended_at = now;
    s.cancel_at = null;
    if (params.cancellation_details?.comment !== undefined)
      s.cancellation_details = {
        ...s.cancellation_details,
        comment: params.cancellation_details.comment || null,
      };
    s.cancellation_details = { ...s.cancellation_details, reason: 'cancellation_requested' };
    save();
    await emit('customer.subscription.deleted', s);
  };

  const refundCharge = async (ch: Obj, amount?: number) => {
    const value = Math.min(amount ?? ch.amount - ch.amount_refunded, ch.amount - ch.amount_refunded);
    if (value <= 0)
      throw new StripeApiError(400, `Charge ${ch.id} has already been refunded.`, 'charge_already_refunded');
    const r = {
      id: newId('re'),
      object: 'refund',
      amount: value,
      charge: ch.id,
      created: nowSeconds(),
      currency: ch.currency,
      payment_intent: ch.payment_intent,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: {},
    };
    store.refunds[r.id] = r;
    ch.amount_refunded += value;
    ch.refunded = ch.amount_refunded >= ch.amount;
    ch.refunds.data.unshift(r);
    save();
    await emit('charge.refunded', ch);
    return r;
  };

  /** The buyer's bank disputes a payment: like Stripe's, the dispute names the charge, not the customer. */
  const disputeCharge = async (ch: Obj) => {
    if (ch.disputed) throw new StripeApiError(400, `Charge ${ch.id} has already been disputed.`);
    const d = {
      id: newId('dp'),
      object: 'dispute',
      amount: ch.amount - ch.amount_refunded,
      charge: ch.id,
      payment_intent: ch.payment_intent,
      currency: ch.currency,
      created: nowSeconds(),
      reason: 'fraudulent',
      status: 'needs_response',
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
    };
    store.disputes[d.id] = d;
    ch.disputed = true;
    save();
    await emit('charge.dispute.created', d);
    return d;
  };

  /** A session past its `expires_at` is expired, as Stripe expires it (24 hours by default). */
  const expireIfDue = (session: Obj): Obj => {
    if (session.status === 'open' && session.expires_at <= nowSeconds()) {
      session.status = 'expired';
      session.url = null;
      save();
    }
    return session;
  };

  // ---- idempotency keys
  const inFlight = new Map<string, { request: string; answer: Promise<string> }>();
  /** Run a keyed POST once: replay its answer for the same request, refuse the key for another. */
  const idempotent = async (
    key: string,
    request: string,
    run: () => Promise<string>,
  ): Promise<{ body: string; replayed: boolean }> => {
    const mismatch = () =>
      new StripeApiError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        undefined,
        'idempotency_error',
      );
    const now = nowSeconds();
    for (const [k, v] of Object.entries(store.idempotency))
      if (v.at + IDEMPOTENCY_TTL_SECONDS < now) delete store.idempotency[k];
    const saved = store.idempotency[key];
    if (saved) {
      if (saved.request !== request) throw mismatch();
      return { body: saved.body, replayed: true };
    }
    const running = inFlight.get(key);
    if (running) {
      if (running.request !== request) throw mismatch();
      return { body: await running.answer, replayed: true };
    }
    const answer = run();
    inFlight.set(key, { request, answer });
    try {
      const body = await answer;
      // Only answers are kept: a refused request may be retried with the same key, as at Stripe.
      store.idempotency[key] = { request, body, at: now };
      save();
      return { body, replayed: false };
    } finally {
      inFlight.delete(key);
    }
  };

  // ---- the REST API
  const api = async (method: string, path: string, params: Obj): Promise<Obj> => {
    const parts = path.split('/').filter(Boolean); // ['v1', ...]
    const [, resource, id, sub] = parts;
    const found = <T extends Obj>(map: Record<string, T>, key: string | undefined, what: string): T => {
      const v = key ? map[key] : undefined;
      if (!v) throw new StripeApiError(404, `No such ${what}: '${key}'`, 'resource_missing');
      return v;
    };
    if (resource === 'customers') {
      if (method === 'POST' && !id) return createCustomer(params);
      if (method === 'GET' && id) return customer(id);
      if (method === 'POST' && id) {
        const c = customer(id);
        for (const k of ['email', 'name', 'address'] as const) if (params[k] !== undefined) c[k] = params[k];
        c.metadata = mergeMetadata(c.metadata, params.metadata);
        save();
        await emit('customer.updated', c);
        return c;
      }
    }
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = sub;
      if (method === 'POST' && !sessionId) return createSession(params);
      if (method === 'GET' && sessionId)
        return expireIfDue(found(store.sessions, sessionId, 'checkout.session'));
      if (method === 'POST' && sessionId && parts[4] === 'expire') {
        const session = expireIfDue(found(store.sessions, sessionId, 'checkout.session'));
        if (session.status !== 'open')
          throw new StripeApiError(400, `Only Checkout Sessions with a status of open can be expired.`);
        session.status = 'expired';
        session.url = null;
        save();
        await emit('checkout.session.expired', session);
        return session;
      }
    }
    if (resource === 'subscriptions') {
      if (method === 'GET' && !id) {
        const data = Object.values(store.subscriptions).filter(
          (s) =>
            (!params.customer || s.customer === params.customer) &&
            (params.status === 'all' || s.status !== 'canceled'),
        );
        return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
      }
      const s = found(store.subscriptions, id, 'subscription');
      if (method === 'GET') return s;
      if (method === 'POST') {
        await updateSubscription(s, params);
        return s;
      }
      if (method === 'DELETE') {
        await cancelSubscription(s, params);
        return s;
      }
    }
    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      const c = customer(String(params.customer ?? ''));
      const session = {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: c.id,
        created: nowSeconds(),
        livemode: false,
        return_url: params.return_url ?? null,
        flow: params.flow_data ?? null,
        url: `${publicUrl}/customer/${c.id}${params.return_url ? `?return=${encodeURIComponent(params.return_url)}` : ''}`,
      };
      store.portalSessions[session.id] = session;
      save();
      return session;
    }
    if (resource === 'refunds' && method === 'POST') {
      let ch: Obj | undefined;
      if (params.charge) ch = found(store.charges, params.charge, 'charge');
      else if (params.payment_intent) {
        const pi = found(store.paymentIntents, params.payment_intent, 'payment_intent');
        ch = store.charges[pi.latest_charge];
      }
      if (!ch) throw new StripeApiError(400, 'Provide a charge or a payment_intent to refund.');
      return refundCharge(ch, int(params.amount));
    }
    if (resource === 'invoices' && method === 'GET') return found(store.invoices, id, 'invoice');
    if (resource === 'charges' && method === 'GET') return found(store.charges, id, 'charge');
    if (resource === 'payment_intents' && method === 'GET')
      return found(store.paymentIntents, id, 'payment_intent');
    throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}).`);
  };

  const createSession = (params: Obj): Obj => {
    const mode = params.mode;
    if (mode !== 'subscription' && mode !== 'payment')
      throw new StripeApiError(400, 'Missing or invalid mode.');
    const lines = (params.line_items ?? []) as Obj[];
    if (lines.length === 0) throw new StripeApiError(400, 'line_items is required.');
    if (!params.success_url) throw new StripeApiError(400, 'success_url is required.');
    if (params.customer) customer(params.customer);
    const amount = lines.reduce(
      (sum, l) => sum + (int(l.price_data?.unit_amount) ?? 0) * (int(l.quantity) ?? 1),
      0,
    );
    const currency = String(lines[0]?.price_data?.currency ?? 'usd');
    if (mode === 'subscription' && !lines[0]?.price_data?.recurring)
      throw new StripeApiError(400, 'A subscription needs a recurring price.');
    const id = newId('cs_test');
    const session = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      created: nowSeconds(),
      expires_at: nowSeconds() + 86_400,
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      customer_details: null,
      metadata: mergeMetadata({}, params.metadata),
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      subscription: null,
      payment_intent: null,
      invoice: null,
      livemode: false,
      line_items: lines,
      subscription_data: params.subscription_data ?? null,
      payment_intent_data: params.payment_intent_data ?? null,
      url: `${publicUrl}/checkout/${id}`,
    };
    store.sessions[id] = session;
    save();
    return session;
  };

  /** The JSON a session answers with (without our private copy of the request's line items). */
  const sessionJson = (s: Obj) => {
    const { line_items: _l, subscription_data: _s, payment_intent_data: _p, ...rest } = s;
    return rest;
  };

  // ---- pages
  const checkoutPage = (session: Obj | undefined, lang: Lang, nonce: string, error?: string): string => {
    const l = t[lang];
    if (!session)
      return page(lang, nonce, l.title, `<h1>${escapeHtml(l.title)}</h1><p>${escapeHtml(l.notFound)}</p>`);
    const line = session.line_items?.[0] ?? {};
    const name = String(line.price_data?.product_data?.name ?? 'Resume Builder Pro');
    const recurring = session.mode === 'subscription';
    const back = session.cancel_url ?? appOrigin;
    if (session.status === 'complete') {
      return page(
        lang,
        nonce,
        l.title,
        `<h1>${escapeHtml(l.title)}</h1><p>${escapeHtml(l.done)}</p><p><a href="${escapeHtml(session.success_url)}">${escapeHtml(l.back)}</a></p>`,
      );
    }
    const email = session.customer
      ? (store.customers[session.customer]?.email ?? '')
      : (session.customer_email ?? '');
    const action = `${basePath}/checkout/${encodeURIComponent(session.id)}`;
    return page(
      lang,
      nonce,
      l.title,
      `<p class="banner">${escapeHtml(l.banner)}</p>
<h1>${escapeHtml(name)}</h1>
<p class="amount">${escapeHtml(money(session.amount_total, session.currency, lang))} <span class="muted">${escapeHtml(recurring ? l.monthly : l.once)}</span></p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}/pay">
<input type="hidden" name="lng" value="${lang}">
<label for="email">${escapeHtml(l.email)}</label><input id="email" name="email" type="email" value="${escapeHtml(email)}" autocomplete="email">
<label for="card">${escapeHtml(l.card)}</label><input id="card" name="card" inputmode="numeric" value="4242 4242 4242 4242" autocomplete="cc-number">
<div class="row"><div><label for="exp">${escapeHtml(l.expiry)}</label><input id="exp" name="exp" value="12 / 34" autocomplete="cc-exp"></div>
<div><label for="cvc">${escapeHtml(l.cvc)}</label><input id="cvc" name="cvc" value="123" autocomplete="cc-csc"></div></div>
<label for="name">${escapeHtml(l.name)}</label><input id="name" name="name" value="" autocomplete="cc-name">
<button class="primary" type="submit">${escapeHtml(l.pay)} ${escapeHtml(money(session.amount_total, session.currency, lang))}</button>
<button class="danger" type="submit" formaction="${escapeHtml(action)}/decline">${escapeHtml(l.decline)}</button>
</form>
<p><a href="${escapeHtml(back)}">${escapeHtml(l.back)}</a></p>`,
    );
  };

  const customerPage = (c: Obj | undefined, lang: Lang, nonce: string, back: string): string => {
    const l = t[lang];
    if (!c)
      return page(
        lang,
        nonce,
        l.customerTitle,
        `<h1>${escapeHtml(l.customerTitle)}</h1><p>${escapeHtml(l.notFound)}</p>`,
      );
    const base = `${basePath}/customer/${encodeURIComponent(c.id)}`;
    const hidden = (extra: string) =>
      `<input type="hidden" name="lng" value="${lang}"><input type="hidden" name="return" value="${escapeHtml(back)}">${extra}`;
    const button = (action: string, label: string, cls: string, target: string) =>
      `<form method="post" action="${escapeHtml(`${base}/${action}`)}">${hidden(`<input type="hidden" name="target" value="${escapeHtml(target)}">`)}<button class="${cls}" type="submit">${escapeHtml(label)}</button></form>`;
    const subs = Object.values(store.subscriptions)
      .filter((s) => s.customer === c.id)
      .sort((a, b) => b.created - a.created)
      .map((s) => {
        const p = period(s);
        const item = s.items.data[0];
        const live = s.status !== 'canceled';
        return `<section><h2>${escapeHtml(money(item.price.unit_amount, item.price.currency, lang))} ${escapeHtml(l.monthly)}</h2>
<p>${escapeHtml(l.status)}: <strong>${escapeHtml(s.status)}</strong></p>
${live ? `<p>${escapeHtml(s.cancel_at_period_end ? l.cancelsAt : l.periodEnd)}: ${escapeHtml(date(p.end, lang))}</p>` : ''}
${
  live
    ? [
        button('renew', l.renew, 'primary', s.id),
        button('fail', l.fail, 'secondary', s.id),
        s.cancel_at_period_end
          ? button('resume', l.resume, 'secondary', s.id)
          : button('cancel-at-period-end', l.cancelEnd, 'secondary', s.id),
        button('cancel-now', l.cancelNow, 'danger', s.id),
        button('refund', l.refund, 'danger', s.id),
        button('dispute', l.dispute, 'danger', s.id),
      ].join('')
    : ''
}</section>`;
      });
    const lifetime = Object.values(store.paymentIntents)
      .filter((pi) => pi.customer === c.id && pi.metadata?.planType === 'proLifetime')
      .map((pi) => {
        const ch = store.charges[pi.latest_charge];
        return `<section><h2>${escapeHtml(l.lifetime)}: ${escapeHtml(money(pi.amount, pi.currency, lang))}</h2>
<p>${escapeHtml(date(pi.created, lang))}${ch?.refunded ? ` · <strong>${escapeHtml(l.refunded)}</strong>` : ''}</p>
${ch && !ch.refunded ? button('refund', l.refund, 'danger', pi.id) : ''}${ch && !ch.disputed ? button('dispute', l.dispute, 'danger', pi.id) : ''}</section>`;
      });
    const content = [...subs, ...lifetime].join('') || `<p>${escapeHtml(l.none)}</p>`;
    return page(
      lang,
      nonce,
      l.customerTitle,
      `<p class="banner">${escapeHtml(l.banner)}</p><h1>${escapeHtml(l.customerTitle)}</h1>
<p class="muted">${escapeHtml(c.email ?? c.id)}</p><p>${escapeHtml(l.customerIntro)}</p>${content}
<p><a href="${escapeHtml(back)}">${escapeHtml(l.back)}</a></p>`,
    );
  };

  /** Only links back into the app are followed. */
  const safeReturn = (value: unknown): string => {
    const text = typeof value === 'string' ? value : '';
    try {
      const u = new URL(text);
      if (u.origin === appOrigin) return u.href;
    } catch {
      // not a URL
    }
    return `${appOrigin}/subscription`;
  };

  const customerAction = async (c: Obj, action: string, target: string) => {
    const s = store.subscriptions[target];
    if (s && s.customer === c.id) {
      if (action === 'renew') return renew(s);
      if (action === 'fail') return failNext(s);
      if (action === 'cancel-at-period-end') return updateSubscription(s, { cancel_at_period_end: 'true' });
      if (action === 'resume') return updateSubscription(s, { cancel_at_period_end: 'false' });
      if (action === 'cancel-now') return cancelSubscription(s);
      if (action === 'dispute') {
        const inv = s.latest_invoice ? store.invoices[s.latest_invoice] : undefined;
        const ch = inv?.charge_id ? store.charges[inv.charge_id] : undefined;
        if (!ch) throw new StripeApiError(400, 'No payment to dispute.');
        return void (await disputeCharge(ch));
      }
      if (action === 'refund') {
        const inv = s.latest_invoice ? store.invoices[s.latest_invoice] : undefined;
        const ch = inv?.charge_id ? store.charges[inv.charge_id] : undefined;
        if (ch && !ch.refunded) await refundCharge(ch);
        return cancelSubscription(s);
      }
    }
    const pi = store.paymentIntents[target];
    if (pi && pi.customer === c.id && action === 'dispute') {
      const ch = store.charges[pi.latest_charge];
      if (!ch) throw new StripeApiError(400, 'No payment to dispute.');
      return void (await disputeCharge(ch));
    }
    if (pi && pi.customer === c.id && action === 'refund') {
      const ch = store.charges[pi.latest_charge];
      if (ch && !ch.refunded) await refundCharge(ch);
      return;
    }
    throw new StripeApiError(400, 'Unknown action.');
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let size = 0;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > 1_000_000) {
          reject(new StripeApiError(413, 'Body too large.'));
          req.destroy();
        } else chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const sendHtml = (
    res: ServerResponse,
    status: number,
    nonce: string,
    html: string,
    formTargets: string[],
  ) => {
    const origins = [...new Set([appOrigin, ...formTargets])].join(' ');
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; img-src data:; form-action 'self' ${origins}; frame-ancestors 'none'; base-uri 'none'`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(html);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location, 'cache-control': 'no-store' });
    res.end();
  };
  const originOf = (u: unknown) => {
    try {
      return new URL(String(u)).origin;
    } catch {
      return appOrigin;
    }
  };

  const secretKey = Buffer.from(`Bearer ${options.secretKey ?? LOCAL_STRIPE_SECRET_KEY}`);
  const hasSecretKey = (auth: string | undefined) => {
    const given = Buffer.from(auth ?? '');
    return given.length === secretKey.length && timingSafeEqual(given, secretKey);
  };
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
      // Behind a proxy that keeps the public path's prefix (e.g. /_stripe), the prefix is dropped here.
      if (basePath && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)))
        url.pathname = url.pathname.slice(basePath.length) || '/';
      const method = req.method ?? 'GET';
      const nonce = randomBytes(16).toString('base64');
      try {
        if (url.pathname.startsWith('/v1/')) {
          if (!hasSecretKey(req.headers.authorization)) {
            throw new StripeApiError(401, 'Invalid API Key provided.');
          }
          const body = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readBody(req);
          const extra = method === 'DELETE' ? await readBody(req) : '';
          const params = parseStripeForm(extra ? `${body}&${extra}` : body);
          const run = async () => {
            let result = await fromApi.run(true, () => api(method, url.pathname, params));
            if (result.object === 'checkout.session') result = sessionJson(result);
            return JSON.stringify(result);
          };
          const key = method === 'POST' ? String(req.headers['idempotency-key'] ?? '') : '';
          const answer = key
            ? await idempotent(key, `${method} ${url.pathname}?${body}`, run)
            : { body: await run(), replayed: false };
          res.writeHead(200, {
            'content-type': 'application/json',
            'request-id': newId('req'),
            ...(key ? { 'idempotency-key': key } : {}),
            ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
          });
          res.end(answer.body);
          return;
        }
        const checkout = url.pathname.match(/^\/checkout\/([^/]+)(?:\/(pay|decline))?$/);
        if (checkout) {
          const found = store.sessions[decodeURIComponent(checkout[1] ?? '')];
          // An expired session's page is gone, as Stripe's is.
          const session = found && expireIfDue(found).status !== 'expired' ? found : undefined;
          const action = checkout[2];
          if (method === 'GET' && !action) {
            const lang = languageOf(req, url);
            const targets = session ? [originOf(session.success_url), originOf(session.cancel_url)] : [];
            return sendHtml(res, session ? 200 : 404, nonce, checkoutPage(session, lang, nonce), targets);
          }
          if (method === 'POST' && action && session) {
            const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
            const lang: Lang = form.lng === 'pt' ? 'pt' : 'en';
            const targets = [originOf(session.success_url), originOf(session.cancel_url)];
            if (session.status === 'complete') return redirect(res, session.success_url);
            if (action === 'decline') {
              return sendHtml(res, 402, nonce, checkoutPage(session, lang, nonce, t[lang].declined), targets);
            }
            await completeCheckout(session, form);
            return redirect(res, session.success_url);
          }
        }
        const cust = url.pathname.match(/^\/customer\/([^/]+)(?:\/([a-z-]+))?$/);
        if (cust) {
          const c = store.customers[decodeURIComponent(cust[1] ?? '')];
          if (method === 'GET' && !cust[2]) {
            const lang = languageOf(req, url);
            return sendHtml(
              res,
              c ? 200 : 404,
              nonce,
              customerPage(c, lang, nonce, safeReturn(url.searchParams.get('return'))),
              [],
            );
          }
          if (method === 'POST' && cust[2] && c) {
            const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
            await customerAction(c, cust[2], String(form.target ?? ''));
            const back = safeReturn(form.return);
            return redirect(
              res,
              `${basePath}/customer/${encodeURIComponent(c.id)}?lng=${form.lng === 'pt' ? 'pt' : 'en'}&return=${encodeURIComponent(back)}`,
            );
          }
        }
        throw new StripeApiError(404, 'Not found.');
      } catch (error) {
        const status = error instanceof StripeApiError ? error.status : 500;
        if (status === 500) console.error('[local stripe]', error);
        if (!res.headersSent) {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: {
                type:
                  error instanceof StripeApiError && error.type
                    ? error.type
                    : status === 401
                      ? 'invalid_request_error'
                      : status >= 500
                        ? 'api_error'
                        : 'invalid_request_error',
                ...(error instanceof StripeApiError && error.code ? { code: error.code } : {}),
                message: (error as Error).message,
              },
            }),
          );
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
  publicUrl = (options.publicUrl ?? url).replace(/\/+$/, '');
  basePath = new URL(publicUrl).pathname.replace(/\/+$/, '');
  return {
    url,
    deliveries: () => log.map((e) => ({ ...e })),
    idle: () => queue,
    close: async () => {
      await queue.catch(() => undefined);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
