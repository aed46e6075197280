import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { createStripeClient } from '../../functions/domain/billing/stripe-client.ts';
import { type LocalStripe, parseStripeForm, startLocalStripe } from './stripe.ts';

// The local Stripe stand-in driven through the real `stripe` SDK; its events reach a test webhook server
// and must verify with Stripe's own verification, exactly as the real webhook handler does it.

const secret = 'whsec_local_test_secret';
const appOrigin = 'http://app.local.test';
let received: { raw: string; signature: string }[] = [];
let webhook: Server;
let local: LocalStripe;
let stripe: Stripe;

beforeAll(async () => {
  webhook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        raw: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((r) => webhook.listen(0, '127.0.0.1', () => r()));
  const { port } = webhook.address() as AddressInfo;
  local = await startLocalStripe({
    port: 0,
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe`,
    webhookSecret: secret,
    appOrigin,
  });
  stripe = createStripeClient('sk_test_local', { apiBase: local.url, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await local.close();
  await new Promise<void>((r) => webhook.close(() => r()));
});

beforeEach(() => {
  received = [];
});

/** The events received so far, each verified like the webhook handler verifies it. */
const events = () => received.map((r) => Stripe.webhooks.constructEvent(r.raw, r.signature, secret));

/** The object of the nth received event (or of the first of a type); fails the test when there is none. */
function objectOf<T>(which: number | string): T {
  const all = events();
  const found = typeof which === 'number' ? all.at(which) : all.find((e) => e.type === which);
  if (!found) throw new Error(`no event ${which}`);
  return found.data.object as T;
}

async function newSession(mode: 'subscription' | 'payment', options: Stripe.RequestOptions = {}) {
  return stripe.checkout.sessions.create(
    {
      mode,
      client_reference_id: 'user-1',
      metadata: { userId: 'user-1', planType: mode === 'subscription' ? 'proSubscription' : 'proLifetime' },
      customer_email: 'ana@example.test',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'brl',
            unit_amount: mode === 'subscription' ? 500 : 7000,
            product_data: { name: mode === 'subscription' ? 'Pro Monthly' : 'Pro Lifetime' },
            ...(mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
          },
        },
      ],
      ...(mode === 'subscription'
        ? { subscription_data: { metadata: { userId: 'user-1', planType: 'proSubscription' } } }
        : { payment_intent_data: { metadata: { userId: 'user-1', planType: 'proLifetime' } } }),
      success_url: `${appOrigin}/pricing?checkSubscription=true`,
      cancel_url: `${appOrigin}/pricing`,
    },
    options,
  );
}

const post = (url: string, form: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('local Stripe', () => {
  it('parses Stripe form bodies (nested keys and arrays)', () => {
    expect(
      parseStripeForm(
        'mode=payment&metadata[userId]=u1&line_items[0][price_data][unit_amount]=500&line_items[0][quantity]=1',
      ),
    ).toEqual({
      mode: 'payment',
      metadata: { userId: 'u1' },
      line_items: [{ price_data: { unit_amount: '500' }, quantity: '1' }],
    });
  });

  it('refuses calls without a secret key, like Stripe', async () => {
    const response = await fetch(`${local.url}/v1/customers/cus_x`);
    expect(response.status).toBe(401);
    const bad = createStripeClient('sk_test_local', { apiBase: local.url, maxNetworkRetries: 0 });
    await expect(bad.customers.retrieve('cus_missing')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('checkout through the SDK, pay on the page, signed events reach the webhook', async () => {
    const session = await newSession('subscription');
    expect(session.url).toBe(`${local.url}/checkout/${session.id}`);
    expect(session.client_reference_id).toBe('user-1');

    const pageResponse = await fetch(String(session.url), { headers: { 'accept-language': 'en-US,en' } });
    expect(pageResponse.status).toBe(200);
    const csp = pageResponse.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'nonce-[^']+'/);
    expect(csp).toContain(`form-action 'self' ${appOrigin}`);
    const html = await pageResponse.text();
    expect(html).toContain('Pay');
    expect(html).toContain('Decline');
    expect(html).toContain('R$');
    const pt = await (await fetch(`${session.url}?lng=pt-BR`)).text();
    expect(pt).toContain('Pagar');
    expect(pt).toContain('Recusar');

    const declined = await post(`${local.url}/checkout/${session.id}/decline`, { lng: 'en' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('declined');
    expect(received).toHaveLength(0);

    const paid = await post(`${local.url}/checkout/${session.id}/pay`, {
      email: 'ana@example.test',
      name: 'Ana',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${appOrigin}/pricing?checkSubscription=true`);

    // Delivered before the redirect, in order, each signed like Stripe signs it.
    const types = events().map((e) => e.type);
    expect(types).toEqual([
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    expect(received[0]?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() =>
      Stripe.webhooks.constructEvent(received[0]?.raw ?? '', received[0]?.signature ?? '', 'whsec_other'),
    ).toThrow();

    const completed = events().at(-1)?.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'user-1',
      mode: 'subscription',
    });
    const created = events()[1]?.data.object as Stripe.Subscription;
    expect(created.metadata).toEqual({ userId: 'user-1', planType: 'proSubscription' });
    expect(created.items.data[0]?.current_period_end).toBeGreaterThan(created.created);
    const invoice = events()[2]?.data.object as Stripe.Invoice;
    expect(invoice.parent?.subscription_details?.subscription).toBe(created.id);
    expect(invoice.billing_reason).toBe('subscription_create');

    // The SDK reads the same objects back.
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.subscription).toBe(created.id);
    const sub = await stripe.subscriptions.retrieve(created.id);
    expect(sub.status).toBe('active');

    // Cancel at period end with a reason, then undo it: updated events carry the fields.
    received = [];
    const cancelled = await stripe.subscriptions.update(created.id, {
      cancel_at_period_end: true,
      cancellation_details: { feedback: 'too_expensive', comment: 'later' },
      metadata: { cancellationReason: 'too_expensive' },
    });
    expect(cancelled).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: created.items.data[0]?.current_period_end,
    });
    const resumed = await stripe.subscriptions.update(created.id, {
      cancel_at_period_end: false,
      cancellation_details: { feedback: '', comment: '' },
      metadata: { cancellationReason: '' },
    });
    expect(resumed.metadata).toEqual({ userId: 'user-1', planType: 'proSubscription' });
    expect(resumed.cancellation_details?.feedback).toBeNull();
    await local.idle();
    expect(events().map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.updated',
    ]);

    // The portal leads to the customer's page, where the lifecycle can be tried.
    const portal = await stripe.billingPortal.sessions.create({
      customer: String(completed.customer),
      return_url: `${appOrigin}/subscription`,
    });
    expect(portal.url).toContain(`/customer/${completed.customer}`);
    const customerHtml = await (await fetch(portal.url)).text();
    expect(customerHtml).toContain('Renew now');
    expect(customerHtml).toContain('Fail next payment');
    expect(customerHtml).toContain(`href="${appOrigin}/subscription"`);

    received = [];
    const base = `${local.url}/customer/${completed.customer}`;
    expect((await post(`${base}/fail`, { target: created.id })).status).toBe(303);
    expect(events().map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(objectOf<Stripe.Subscription>(1).status).toBe('past_due');

    received = [];
    await post(`${base}/renew`, { target: created.id });
    expect(events().map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);

    received = [];
    await post(`${base}/renew`, { target: created.id });
    const renewal = events().find((e) => e.type === 'invoice.paid')?.data.object as Stripe.Invoice;
    expect(renewal.billing_reason).toBe('subscription_cycle');

    received = [];
    await post(`${base}/refund`, { target: created.id });
    expect(events().map((e) => e.type)).toEqual(['charge.refunded', 'customer.subscription.deleted']);
  });

  it('Lifetime: a one-time payment, refunded through the API', async () => {
    const session = await newSession('payment');
    await post(`${local.url}/checkout/${session.id}/pay`, { email: 'ana@example.test' });
    const completed = events().find((e) => e.type === 'checkout.session.completed')?.data
      .object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ mode: 'payment', payment_status: 'paid', subscription: null });
    expect(completed.payment_intent).toMatch(/^pi_/);

    received = [];
    const refund = await stripe.refunds.create({ payment_intent: String(completed.payment_intent) });
    expect(refund.status).toBe('succeeded');
    await local.idle();
    const refunded = events()[0]?.data.object as Stripe.Charge;
    expect(refunded).toMatchObject({ refunded: true, payment_intent: completed.payment_intent });
    expect(local.deliveries().every((d) => d.status === 200)).toBe(true);
  });

  it('a dispute of a payment: the page sends charge.dispute.created naming the charge only', async () => {
    const session = await newSession('payment');
    await post(`${local.url}/checkout/${session.id}/pay`, { email: 'ana@example.test' });
    const completed = events().find((e) => e.type === 'checkout.session.completed')?.data
      .object as Stripe.Checkout.Session;
    const customerHtml = await (await fetch(`${local.url}/customer/${completed.customer}`)).text();
    expect(customerHtml).toContain('Dispute');

    received = [];
    const target = String(completed.payment_intent);
    expect((await post(`${local.url}/customer/${completed.customer}/dispute`, { target })).status).toBe(303);
    await local.idle();
    expect(events().map((e) => e.type)).toEqual(['charge.dispute.created']);
    const dispute = objectOf<Stripe.Dispute>(0);
    expect(dispute).toMatchObject({ object: 'dispute', payment_intent: target, status: 'needs_response' });
    expect(dispute).not.toHaveProperty('customer');
    const charge = await stripe.charges.retrieve(String(dispute.charge));
    expect(charge).toMatchObject({ customer: completed.customer, disputed: true });
    // Once: a disputed payment is not disputed again.
    received = [];
    expect((await post(`${local.url}/customer/${completed.customer}/dispute`, { target })).status).toBe(400);
    expect(events()).toEqual([]);
  });

  it('honours idempotency keys like Stripe: the same key replays the first answer, other parameters are refused', async () => {
    const key = `checkout-${Date.now()}`;
    const [a, b] = await Promise.all([
      newSession('payment', { idempotencyKey: key }),
      newSession('payment', { idempotencyKey: key }),
    ]);
    expect(b.id).toBe(a.id);
    expect((await newSession('payment', { idempotencyKey: key })).id).toBe(a.id);
    expect((await newSession('payment')).id).not.toBe(a.id);
    await expect(newSession('subscription', { idempotencyKey: key })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('the pages refuse unknown sessions and keep links inside the app', async () => {
    expect((await fetch(`${local.url}/checkout/cs_nope`)).status).toBe(404);
    const session = await newSession('payment');
    await post(`${local.url}/checkout/${session.id}/pay`, {});
    const customerId = String(objectOf<Stripe.Checkout.Session>('checkout.session.completed').customer);
    const html = await (
      await fetch(`${local.url}/customer/${customerId}?return=${encodeURIComponent('https://evil.test/')}`)
    ).text();
    expect(html).not.toContain('evil.test');
    expect(html).toContain(`${appOrigin}/subscription`);
  });
  it('keeps its objects in the data folder across restarts, and serves pages under a public URL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'local-stripe-'));
    const { port } = webhook.address() as AddressInfo;
    const options = {
      port: 0,
      webhookUrl: `http://127.0.0.1:${port}/`,
      webhookSecret: secret,
      appOrigin,
      dataDir,
    };
    const first = await startLocalStripe({ ...options, publicUrl: 'http://localhost:3000/_stripe' });
    const client = createStripeClient('sk_test_local', { apiBase: first.url, maxNetworkRetries: 0 });
    const created = await client.customers.create({ email: 'kept@example.test' });
    const session = await client.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 7000, product_data: { name: 'Pro Lifetime' } },
        },
      ],
      success_url: `${appOrigin}/pricing?checkSubscription=true`,
    });
    expect(session.url).toBe(`http://localhost:3000/_stripe/checkout/${session.id}`);
    // A proxy that keeps the /_stripe prefix reaches the same page; its form posts keep the prefix.
    const proxied = await fetch(`${first.url}/_stripe/checkout/${session.id}`);
    expect(proxied.status).toBe(200);
    expect(await proxied.text()).toContain(`action="/_stripe/checkout/${session.id}/pay"`);
    await first.close();
    const second = await startLocalStripe(options);
    const again = createStripeClient('sk_test_local', { apiBase: second.url, maxNetworkRetries: 0 });
    expect((await again.customers.retrieve(created.id)) as Stripe.Customer).toMatchObject({
      email: 'kept@example.test',
    });
    await second.close();
  });
});
