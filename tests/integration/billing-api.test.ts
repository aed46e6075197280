import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import Stripe from 'stripe';
import { WebSocket } from 'ws';
import { StripeCustomer, Subscription } from '../../functions/adapters/table/entities.ts';
import { DEV_STRIPE_WEBHOOK_SECRET } from '../../functions/domain/billing/config.ts';
import { createStripeClient } from '../../functions/domain/billing/stripe-client.ts';
import { type SubscriptionEvent, subscriptionEventSchema } from '../../shared/billing.ts';
import { sampleResumeEn } from '../../shared/sample-resumes.ts';
import { api, db, info, newUser, type Session } from './support/client.ts';
import { createResume } from './support/jobs.ts';

// Payments through the local cloud's HTTP API, as the browser does it: checkout → the local checkout page
// (served on the app's origin at /_stripe) → "Pay" → the stand-in's signed events reach the real webhook
// route → Pro; then cancel at period end, the subscription pushed over the WebSocket, and the webhook's
// refusals. No Stripe account: the global setup starts the cloud without STRIPE_SECRET_KEY.

jest.setTimeout(30_000);

let user: Session;
let socket: WebSocket;
const pushes: SubscriptionEvent[] = [];

beforeAll(async () => {
  expect(info.payments).toBe('local');
  user = await newUser('billing');
  const { ticket } = (await api('POST', '/ws/ticket', { token: user.accessToken })).body.data;
  socket = new WebSocket(`${info.url.replace('http', 'ws')}/ws?ticket=${ticket}`, { origin: info.url });
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type?: string };
    if (frame.type === 'subscription') pushes.push(subscriptionEventSchema.parse(frame));
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
});

afterAll(() => socket?.close());

/** Wait for a pushed subscription view that satisfies `check` (the streams poller reads every 0.5 s). */
async function pushed(check: (e: SubscriptionEvent) => boolean, timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = pushes.find(check);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such push; got ${JSON.stringify(pushes)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const call = (method: string, path: string, json?: unknown) =>
  api(method, path, {
    token: user.accessToken,
    headers: { origin: info.url },
    ...(json !== undefined ? { json } : {}),
  });

/** A Stripe-signed POST to the webhook through the gateway. */
const webhook = (payload: string, signature?: string, contentType = 'application/json; charset=utf-8') =>
  fetch(`${info.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });

describe('billing through the HTTP API and the local checkout', () => {
  it('a Free user buys Pro Monthly, gets paid access at once, cancels at period end and keeps it', async () => {
    const before = await call('GET', '/billing/subscription');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      subscription: { plan: 'free', hasProAccess: false },
      billingInfo: null,
    });
    const resume = await createResume(user, sampleResumeEn);
    expect((await call('POST', `/resume/${resume.id}/pdf`)).status).toBe(403);

    const checkout = await call('POST', '/billing/checkout', { planType: 'proSubscription' });
    expect(checkout.status).toBe(200);
    const checkoutUrl: string = checkout.body.data.url;
    expect(checkoutUrl.startsWith(`${info.url}/_stripe/checkout/`)).toBe(true);

    // The page the browser is sent to, on the app's origin, with its own strict CSP.
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('/pay');

    // "Pay", as the form posts it: the stand-in answers once the webhook has taken the events.
    const paid = await fetch(`${checkoutUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lng: 'en', email: user.email, card: '4242 4242 4242 4242' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${info.url}/pricing?checkSubscription=true`);

    const after = await call('GET', '/billing/subscription');
    expect(after.body.data.subscription).toMatchObject({
      plan: 'proSubscription',
      status: 'active',
      hasProAccess: true,
      renews: true,
      cancelPending: false,
      hasBillingAccount: true,
      currency: 'usd',
      nextPaymentAmount: 5,
    });
    expect(after.body.data.billingInfo).toMatchObject({ email: user.email });
    const me = await call('GET', '/me');
    expect(me.body.data.subscription).toMatchObject({
      subscriptionType: 'proSubscription',
      status: 'active',
    });
    expect(me.body.data.usage.aiSuggestions.limit).toBeNull();

    // Paid access is decided on the server from the stored subscription: the PDF job is accepted.
    expect((await call('POST', `/resume/${resume.id}/pdf`)).status).toBe(202);
    expect((await call('POST', '/billing/checkout', { planType: 'proLifetime' })).body.error.code).toBe(
      'ALREADY_PRO',
    );
    await pushed((e) => e.subscription.hasProAccess && e.subscription.renews);

    const cancelled = await call('POST', '/billing/cancel', { reason: 'too_expensive', details: 'later' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      hasProAccess: true,
      cancelPending: true,
      canReactivate: true,
      renews: false,
      cancellationReason: 'too_expensive',
      cancellationReasonDetails: 'later',
    });
    expect((await call('POST', `/resume/${resume.id}/pdf`)).status).toBe(202);
    const push = await pushed((e) => e.subscription.cancelPending);
    expect(push.subscription).toMatchObject({ hasProAccess: true, plan: 'proSubscription' });

    const portal = await call('POST', '/billing/portal', { returnPath: '/subscription' });
    expect(portal.status).toBe(200);
    expect(portal.body.data.url.startsWith(`${info.url}/_stripe/customer/`)).toBe(true);
    expect((await fetch(portal.body.data.url)).status).toBe(200);

    const reactivated = await call('POST', '/billing/reactivate', {});
    expect(reactivated.body.data).toMatchObject({ cancelPending: false, renews: true });
    // The reactivation e-mail lands in the local outbox, next to the auth mail.
    const outbox = (await (await fetch(`${info.url}/_local/outbox.json`)).json()) as {
      to: string;
      subject: string;
    }[];
    expect(outbox).toContainEqual(
      expect.objectContaining({ to: user.email, subject: 'Your Resume Builder Pro subscription is active' }),
    );
    const synced = await call('POST', '/billing/sync', {});
    expect(synced.body.data).toMatchObject({ synced: true, subscription: { hasProAccess: true } });
  });

  it('the server decides the currency from the host: a body naming one is 400 and makes no session', async () => {
    const buyer = await newUser('billing-currency');
    const as = (json: unknown) =>
      api('POST', '/billing/checkout', { token: buyer.accessToken, headers: { origin: info.url }, json });
    for (const currency of ['brl', 'usd', 'eur']) {
      const refused = await as({ planType: 'proSubscription', currency });
      expect([refused.status, refused.body.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    // Without it, this (US) host charges in USD: $5, never R$5.
    const checkout = await as({ planType: 'proSubscription' });
    expect(checkout.status).toBe(200);
    const stripe = createStripeClient(info.stripeSecretKey ?? '', {
      apiBase: info.endpoints.stripe,
      maxNetworkRetries: 0,
    });
    const sessionId = String(checkout.body.data.url).split('/').pop() ?? '';
    expect(await stripe.checkout.sessions.retrieve(sessionId)).toMatchObject({
      currency: 'usd',
      amount_total: 500,
    });
  });

  it('a double click on Buy makes one Checkout session and one purchase', async () => {
    const buyer = await newUser('billing-double-click');
    const click = () =>
      api('POST', '/billing/checkout', {
        token: buyer.accessToken,
        headers: { origin: info.url },
        json: { planType: 'proSubscription' },
      });
    const answers = await Promise.all([click(), click()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]?.body.data.url).toBe(answers[0]?.body.data.url);
    expect((await click()).body.data.url).toBe(answers[0]?.body.data.url);
  });

  it('Pro Lifetime: no renewal, no cancellation; refunded within the 14 days, access ends', async () => {
    const buyer = await newUser('billing-lifetime');
    const as = (method: string, path: string, json?: unknown) =>
      api(method, path, {
        token: buyer.accessToken,
        headers: { origin: info.url },
        ...(json !== undefined ? { json } : {}),
      });
    const checkout = await as('POST', '/billing/checkout', { planType: 'proLifetime' });
    const paid = await fetch(`${checkout.body.data.url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lng: 'pt', email: buyer.email }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const bought = (await as('GET', '/billing/subscription')).body.data.subscription;
    expect(bought).toMatchObject({
      plan: 'proLifetime',
      hasProAccess: true,
      renews: false,
      refundable: true,
      currency: 'usd',
    });
    expect((await as('POST', '/billing/cancel', { reason: 'unused' })).body.error.code).toBe(
      'NO_ACTIVE_SUBSCRIPTION',
    );
    const refunded = await as('POST', '/billing/refund', {});
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ plan: 'free', hasProAccess: false });
    expect((await as('POST', '/billing/refund', {})).body.error.code).toBe('NOT_REFUNDABLE');
  });

  it('a refund of a payment Stripe does not know is 409 PAYMENT_NOT_FOUND, never 502', async () => {
    const buyer = await newUser('billing-unknown-payment');
    const as = (method: string, path: string, json?: unknown) =>
      api(method, path, {
        token: buyer.accessToken,
        headers: { origin: info.url },
        ...(json !== undefined ? { json } : {}),
      });
    const checkout = await as('POST', '/billing/checkout', { planType: 'proLifetime' });
    const paid = await fetch(`${checkout.body.data.url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lng: 'en', email: buyer.email }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // The stored purchase names a payment Stripe has no record of (deleted, or of another account or mode).
    await db.send(
      new UpdateCommand({
        TableName: info.tableName,
        Key: Subscription.key({ sub: buyer.sub }),
        UpdateExpression: 'SET stripePaymentIntentId = :unknown',
        ExpressionAttributeValues: { ':unknown': 'pi_unknown_to_stripe' },
      }),
    );

    const refund = await as('POST', '/billing/refund', {});

    expect([refund.status, refund.body.error?.code]).toEqual([409, 'PAYMENT_NOT_FOUND']);
    expect((await as('GET', '/billing/subscription')).body.data.subscription).toMatchObject({
      plan: 'proLifetime',
      hasProAccess: true,
    });
  });

  it('refuses bodies that are not the strict schema, and names no other user', async () => {
    const extra = await call('POST', '/billing/checkout', { planType: 'proLifetime', userId: 'someone' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('VALIDATION_FAILED');
    const reason = await call('POST', '/billing/cancel', { reason: 'because' });
    expect(reason.body.error.code).toBe('VALIDATION_FAILED');
    const anonymous = await api('POST', '/billing/checkout', { json: { planType: 'proLifetime' } });
    expect(anonymous.status).toBe(401);
  });

  it('account deletion cancels the Stripe subscription first', async () => {
    const { Item } = await db.send(
      new GetCommand({ TableName: info.tableName, Key: Subscription.key({ sub: user.sub }) }),
    );
    const subscriptionId = String(Item?.stripeSubscriptionId);
    const customerId = String(Item?.stripeCustomerId);
    const before = await db.send(
      new GetCommand({ TableName: info.tableName, Key: StripeCustomer.key({ customerId }) }),
    );
    expect(before.Item).toMatchObject({ sub: user.sub });
    const deleted = await call('DELETE', '/me', { password: user.password });
    expect(deleted.status).toBe(204);
    const stripe = createStripeClient(info.stripeSecretKey ?? '', {
      apiBase: info.endpoints.stripe,
      maxNetworkRetries: 0,
    });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const lookup = await db.send(
      new GetCommand({ TableName: info.tableName, Key: StripeCustomer.key({ customerId }) }),
    );
    expect(lookup.Item).toBeUndefined();
  });
});

describe('POST /api/webhooks/stripe through the gateway', () => {
  const event = JSON.stringify({ id: 'evt_it_unknown', object: 'event', type: 'product.created', data: {} });

  it('a bad, missing, old or future-dated signature is 400 INVALID_SIGNATURE', async () => {
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_wrong' });
    const old = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: DEV_STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const future = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: DEV_STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    for (const signature of [wrong, undefined, old, future, 'garbage']) {
      const response = await webhook(event, signature);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INVALID_SIGNATURE');
    }
    // Not JSON, another content type: still a signature question, never a 500.
    expect((await webhook('not json at all', wrong, 'text/plain')).status).toBe(400);
  });

  it('the raw body reaches the verification unchanged: a signed event of an unknown type is 200', async () => {
    // Odd spacing and non-ASCII text: any re-serialisation would break the signature.
    const payload = event
      .replace('{', '{  ')
      .replace('"data":{}', '"data":{"object":{"name":"Currículo ✓"}}');
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: DEV_STRIPE_WEBHOOK_SECRET,
    });
    const response = await webhook(payload, signature);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: true, outcome: 'unhandled type' });
  });
});
