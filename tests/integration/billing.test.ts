import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import Stripe from 'stripe';
import { Profile, Subscription } from '../../functions/adapters/table/entities.ts';
import type { SubscriptionShape } from '../../functions/domain/billing/fixtures.ts';
import { db, info } from './support/client.ts';

// The billing domain in this process against the local cloud's DynamoDB: the webhook with events signed by
// stripe.webhooks.generateTestHeaderString, and the whole purchase through the local Stripe stand-in.

Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: info.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: info.credentials.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: info.endpoints.dynamodb,
  TABLE_NAME: info.tableName,
  ALLOWED_ORIGINS: 'http://app.local.test',
  LOG_LEVEL: 'SILENT',
});
const { handleStripeWebhook } = await import('../../functions/domain/billing/webhook.ts');
const { setMailer } = await import('../../functions/domain/billing/mail.ts');
const { StripeCustomer, StripeEvent } = await import('../../functions/adapters/table/entities.ts');
const { readSubscriptionRow, readBillingInfo } = await import('../../functions/domain/billing/store.ts');
const { renewalFields, addMonths } = await import('../../functions/domain/billing/state.ts');
const fx = await import('../../functions/domain/billing/fixtures.ts');
const { createStripeClient } = await import('../../functions/domain/billing/stripe-client.ts');
const { createCheckoutSession } = await import('../../functions/domain/billing/checkout.ts');
const { createPortalSession } = await import('../../functions/domain/billing/portal.ts');
const { cancelAtPeriodEnd, reactivateSubscription, cancelForAccountDeletion } = await import(
  '../../functions/domain/billing/cancel.ts'
);
const { syncSubscription, subscriptionOverview } = await import('../../functions/domain/billing/sync.ts');
const { refundPurchase } = await import('../../functions/domain/billing/refund.ts');
const { startLocalStripe } = await import('../../infra/local/stripe.ts');
const { hasPaidAccess } = await import('../../shared/plans.ts');

jest.setTimeout(30_000);

const secret = 'whsec_integration_secret';
const mails: { to: string; subject: string }[] = [];
setMailer(async (m) => {
  mails.push({ to: m.to, subject: m.subject });
});

/** A user with a Profile (as the post-confirmation trigger makes it), and no subscription. */
async function newProfile(): Promise<string> {
  const sub = randomUUID();
  await db.send(
    new PutCommand({
      TableName: info.tableName,
      Item: {
        ...Profile.key({ sub }),
        entity: 'Profile',
        id: sub,
        userId: sub,
        email: `${sub}@example.test`,
        locale: 'en',
        aiUsageCount: 0,
      },
    }),
  );
  return sub;
}

function signed(e: Stripe.Event, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(e);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? secret,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return { payload, header };
}

async function deliver(e: Stripe.Event) {
  const { payload, header } = signed(e);
  return handleStripeWebhook(payload, header, secret);
}

async function rawRow(sub: string) {
  const { Item } = await db.send(
    new GetCommand({ TableName: info.tableName, Key: Subscription.key({ sub }), ConsistentRead: true }),
  );
  return Item;
}

async function eventRecord(id: string) {
  const { Item } = await db.send(
    new GetCommand({
      TableName: info.tableName,
      Key: StripeEvent.key({ eventId: id }),
      ConsistentRead: true,
    }),
  );
  return Item;
}

const now = Math.floor(Date.now() / 1000);
const T0 = now - 3 * fx.DAY;

/** A monthly subscription's events for a user: checkout, created, first invoice, renewal, cancel, deleted. */
function lifecycle(sub: string, tag: string) {
  const ids = { sub: `sub_${tag}`, cus: `cus_${tag}` };
  const P1 = { start: T0, end: addMonths(T0) };
  const P2 = { start: P1.end, end: addMonths(P1.end) };
  const s = (over: Partial<SubscriptionShape> = {}) =>
    fx.subscription({
      id: ids.sub,
      customer: ids.cus,
      userId: sub,
      created: T0,
      periodStart: P1.start,
      periodEnd: P1.end,
      ...over,
    });
  const events = [
    fx.event(
      'checkout.session.completed',
      fx.checkoutSession({
        mode: 'subscription',
        userId: sub,
        customer: ids.cus,
        created: T0 - 20,
        subscription: ids.sub,
      }),
      T0,
    ),
    fx.event('customer.subscription.created', s(), T0),
    fx.event(
      'invoice.paid',
      fx.invoice({
        subscription: ids.sub,
        customer: ids.cus,
        userId: sub,
        created: T0,
        periodStart: P1.start,
        periodEnd: P1.end,
        billingReason: 'subscription_create',
      }),
      T0,
    ),
    fx.event(
      'customer.subscription.updated',
      s({ cancelAtPeriodEnd: true, reason: 'unused', comment: 'no time' }),
      T0 + fx.DAY,
    ),
    fx.event('customer.subscription.updated', s(), T0 + 2 * fx.DAY),
    fx.event(
      'customer.subscription.updated',
      s({ cancelAtPeriodEnd: true, reason: 'too_expensive' }),
      T0 + 2 * fx.DAY + 60,
    ),
  ];
  return { ids, P1, P2, s, events };
}

/** The row without bookkeeping, to compare end states. */
function stateOf(item: Record<string, unknown> | undefined) {
  if (!item) return null;
  const {
    pk: _pk,
    sk: _sk,
    updatedAt: _u,
    createdAt: _c,
    stripeEventId: _e,
    stripeOrder: _o,
    stripeStateAt: _s,
    stripeRev: _r,
    profileId: _p,
    ...rest
  } = item;
  return rest;
}

describe('Stripe webhook (signed events, local DynamoDB)', () => {
  it('a bad, foreign, old or future-dated signature is 400 and changes nothing', async () => {
    const sub = await newProfile();
    const { events } = lifecycle(sub, randomUUID().slice(0, 8));
    const e = events[0] as Stripe.Event;
    const good = signed(e);
    const cases = [
      { payload: good.payload, header: signed(e, { secret: 'whsec_wrong' }).header },
      { payload: good.payload.replace('"paid"', '"unpaid"'), header: good.header },
      { payload: good.payload, header: signed(e, { timestamp: now - 600 }).header },
      { payload: good.payload, header: signed(e, { timestamp: now + 3600 }).header },
      { payload: good.payload, header: '' },
      { payload: good.payload, header: 't=1,v1=deadbeef' },
    ];
    for (const c of cases) {
      const response = await handleStripeWebhook(c.payload, c.header, secret);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.objectContaining({ code: 'INVALID_SIGNATURE' }) });
    }
    expect(await rawRow(sub)).toBeUndefined();
    expect(await eventRecord(e.id)).toBeUndefined();
    // The same event correctly signed is applied.
    expect((await handleStripeWebhook(good.payload, good.header, secret)).status).toBe(200);
    expect((await rawRow(sub))?.status).toBe('active');
  });

  it('the checkout makes the user Pro and writes BillingInfo, the customer lookup and the event record', async () => {
    const sub = await newProfile();
    const { events, ids } = lifecycle(sub, randomUUID().slice(0, 8));
    const response = await deliver(events[0] as Stripe.Event);
    expect(response).toEqual({ status: 200, body: { received: true, outcome: 'new purchase' } });
    const row = await rawRow(sub);
    expect(row).toMatchObject({
      entity: 'Subscription',
      subscriptionType: 'proSubscription',
      status: 'active',
      stripeCustomerId: ids.cus,
      stripeSubscriptionId: ids.sub,
      profileId: sub,
    });
    expect(hasPaidAccess(row as never, null)).toBe(true);
    const record = await eventRecord((events[0] as Stripe.Event).id);
    expect(record).toMatchObject({ type: 'checkout.session.completed', sub });
    expect(record?.ttl).toBeGreaterThan(now + 29 * fx.DAY);
    const { Item: lookup } = await db.send(
      new GetCommand({ TableName: info.tableName, Key: StripeCustomer.key({ customerId: ids.cus }) }),
    );
    expect(lookup?.sub).toBe(sub);
    expect(await readBillingInfo(sub)).toMatchObject({
      customerId: ids.cus,
      profileId: sub,
      name: 'Ana Souza',
      addressCity: 'Recife',
      addressCountry: 'BR',
    });
  });

  it('a duplicate has one effect, even when deliveries race', async () => {
    const sub = await newProfile();
    const { events, ids, P2 } = lifecycle(sub, randomUUID().slice(0, 8));
    for (const e of events.slice(0, 3)) await deliver(e);
    const renewal = fx.event(
      'invoice.paid',
      fx.invoice({
        subscription: ids.sub,
        customer: ids.cus,
        created: P2.start,
        periodStart: P2.start,
        periodEnd: P2.end,
      }),
      P2.start,
    );
    const before = mails.filter((m) => m.to.startsWith(sub)).length;
    const first = await deliver(renewal);
    expect(first.body).toMatchObject({ outcome: 'newer fact' });
    const rev = (await rawRow(sub))?.stripeRev;
    const again = await Promise.all([deliver(renewal), deliver(renewal), deliver(renewal)]);
    for (const r of again) expect(r).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect((await rawRow(sub))?.stripeRev).toBe(rev);
    expect(mails.filter((m) => m.to.startsWith(sub)).length).toBe(before + 1);

    // A brand-new event delivered by several racing requests is applied exactly once.
    const sub2 = await newProfile();
    const l2 = lifecycle(sub2, randomUUID().slice(0, 8));
    const racing = await Promise.all(Array.from({ length: 5 }, () => deliver(l2.events[0] as Stripe.Event)));
    expect(racing.filter((r) => 'received' in r.body && r.body.outcome === 'new purchase')).toHaveLength(1);
    expect((await rawRow(sub2))?.stripeRev).toBe(1);
  });

  it('renewal sets exactly the spec fields and sends the reactivation e-mail', async () => {
    const sub = await newProfile();
    const { events, ids, P2 } = lifecycle(sub, randomUUID().slice(0, 8));
    for (const e of events) await deliver(e); // ends cancel-pending with a reason
    const before = await rawRow(sub);
    expect(before).toMatchObject({
      canReactivateUntil: expect.any(String),
      cancellationReason: 'too_expensive',
    });
    const renewal = fx.event(
      'invoice.paid',
      fx.invoice({
        subscription: ids.sub,
        customer: ids.cus,
        userId: sub,
        created: P2.start,
        periodStart: P2.start,
        periodEnd: P2.end,
      }),
      P2.start,
    );
    await deliver(renewal);
    const after = await rawRow(sub);
    expect(Object.fromEntries(renewalFields.map((f) => [f, after?.[f]]))).toEqual({
      status: 'active',
      validUntil: new Date(
        addMonths(Math.floor(new Date(String(before?.validUntil)).getTime() / 1000)) * 1000,
      ).toISOString(),
      cancellationReason: null,
      cancellationReasonDetails: null,
      cancellationEffectiveDate: null,
      canReactivateUntil: null,
    });
    for (const k of ['subscriptionType', 'stripeCustomerId', 'stripeSubscriptionId', 'purchasedAt'])
      expect(after?.[k]).toEqual(before?.[k]);
    expect(mails.filter((m) => m.to === `${sub}@example.test`).at(-1)?.subject).toMatch(/active/);
  });

  it('updated after deleted does not resurrect', async () => {
    const sub = await newProfile();
    const { events, s, P1 } = lifecycle(sub, randomUUID().slice(0, 8));
    for (const e of events.slice(0, 3)) await deliver(e);
    const endedAt = T0 + 2 * fx.DAY;
    await deliver(
      fx.event(
        'customer.subscription.deleted',
        s({ status: 'canceled', canceledAt: endedAt, endedAt }),
        endedAt,
      ),
    );
    const late = await deliver(
      fx.event('customer.subscription.updated', s({ periodEnd: P1.end }), endedAt + 30),
    );
    expect(late.body).toMatchObject({ outcome: expect.stringContaining('cannot resurrect') });
    const row = await rawRow(sub);
    expect(row).toMatchObject({ status: 'cancelled', endedAt: new Date(endedAt * 1000).toISOString() });
    expect(hasPaidAccess(row as never, null)).toBe(false);
  });

  it('events in reverse order end in the same state as in order', async () => {
    const forwardUser = await newProfile();
    const backwardUser = await newProfile();
    const tag = randomUUID().slice(0, 8);
    const forward = lifecycle(forwardUser, `${tag}f`);
    const backward = lifecycle(backwardUser, `${tag}b`);
    for (const e of forward.events) await deliver(e);
    for (const e of [...backward.events].reverse()) await deliver(e);
    const a = stateOf(await rawRow(forwardUser));
    const b = stateOf(await rawRow(backwardUser));
    const normalize = (x: Record<string, unknown> | null, t: string) =>
      JSON.parse(JSON.stringify(x).replaceAll(t, 'X'));
    expect(normalize(b, `${tag}b`)).toEqual(normalize(a, `${tag}f`));
    expect(a).toMatchObject({ status: 'active', cancellationReason: 'too_expensive' });
  });

  it('unknown types are acknowledged; events for unknown or deleted users change nothing', async () => {
    const unknown = fx.event(
      'customer.created' as Stripe.Event.Type,
      { id: 'cus_x', object: 'customer' },
      now,
    );
    expect(await deliver(unknown)).toEqual({
      status: 200,
      body: { received: true, outcome: 'unhandled type' },
    });
    expect(await eventRecord(unknown.id)).toBeUndefined();

    const stranger = fx.event(
      'invoice.paid',
      fx.invoice({
        subscription: 'sub_nobody',
        customer: `cus_nobody_${randomUUID()}`,
        created: now,
        periodStart: now,
        periodEnd: now + 30 * fx.DAY,
      }),
      now,
    );
    expect((await deliver(stranger)).body).toMatchObject({ outcome: 'unknown user' });

    const ghost = randomUUID(); // no Profile: a deleted account
    const { events } = lifecycle(ghost, randomUUID().slice(0, 8));
    expect((await deliver(events[0] as Stripe.Event)).body).toMatchObject({ outcome: 'user gone' });
    expect(await rawRow(ghost)).toBeUndefined();

    // An account being deleted (Profile status 'deleting') gets no new billing rows either.
    const leaving = await newProfile();
    await db.send(
      new PutCommand({
        TableName: info.tableName,
        Item: { ...Profile.key({ sub: leaving }), id: leaving, status: 'deleting' },
      }),
    );
    const l = lifecycle(leaving, randomUUID().slice(0, 8));
    expect((await deliver(l.events[0] as Stripe.Event)).body).toMatchObject({ outcome: 'user gone' });
    expect(await rawRow(leaving)).toBeUndefined();
  });

  it('an event without our metadata finds its user through the customer lookup', async () => {
    const sub = await newProfile();
    const { events, ids, P2 } = lifecycle(sub, randomUUID().slice(0, 8));
    await deliver(events[0] as Stripe.Event);
    const failed = fx.event(
      'invoice.payment_failed',
      fx.invoice({
        subscription: ids.sub,
        customer: ids.cus,
        created: P2.start,
        periodStart: P2.start,
        periodEnd: P2.end,
        paid: false,
      }),
      P2.start,
    );
    await deliver(failed);
    expect((await rawRow(sub))?.status).toBe('gracePeriod');
  });

  it('a Lifetime refund within the guarantee removes access', async () => {
    const sub = await newProfile();
    const tag = randomUUID().slice(0, 8);
    await deliver(
      fx.event(
        'checkout.session.completed',
        fx.checkoutSession({
          mode: 'payment',
          userId: sub,
          customer: `cus_${tag}`,
          created: now - 3600,
          paymentIntent: `pi_${tag}`,
        }),
        now - 3600,
      ),
    );
    expect((await subscriptionOverview(sub)).subscription).toMatchObject({
      plan: 'proLifetime',
      refundable: true,
      renews: false,
    });
    await deliver(
      fx.event(
        'charge.refunded',
        fx.charge({
          customer: `cus_${tag}`,
          paymentIntent: `pi_${tag}`,
          created: now - 3600,
          refundedAt: now - 60,
        }),
        now - 60,
      ),
    );
    const overview = await subscriptionOverview(sub);
    expect(overview.subscription).toMatchObject({ plan: 'free', hasProAccess: false, status: 'cancelled' });
    expect(overview.billingInfo).toBeNull();
  });
});

describe('purchase through the local Stripe stand-in', () => {
  let webhookServer: Server;
  let local: Awaited<ReturnType<typeof startLocalStripe>>;
  let stripe: Stripe;
  const appOrigin = 'http://app.local.test';
  /** The raw body of every event the stand-in delivered, by event id (to deliver one again). */
  const bodies = new Map<string, string>();

  beforeAll(async () => {
    webhookServer = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        bodies.set(String((JSON.parse(raw) as { id?: string }).id), raw);
        void handleStripeWebhook(raw, String(req.headers['stripe-signature'] ?? ''), secret, { stripe }).then(
          (r) => {
            res.writeHead(r.status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(r.body));
          },
          () => {
            res.writeHead(500);
            res.end();
          },
        );
      });
    });
    await new Promise<void>((r) => webhookServer.listen(0, '127.0.0.1', () => r()));
    const { port } = webhookServer.address() as AddressInfo;
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
    await new Promise<void>((r) => webhookServer.close(() => r()));
  });

  const pay = (url: string) =>
    fetch(`${url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ana',
    });

  it('Pro Monthly: checkout, pay, cancel at period end, reactivate, portal, sync, deletion', async () => {
    const sub = await newProfile();
    // Bought on the Brazilian host: charged in BRL, and sent back there.
    const { url } = await createCheckoutSession(stripe, {
      sub,
      email: `${sub}@example.test`,
      planType: 'proSubscription',
      appOrigin: 'https://curriculos.local.test.br',
    });
    const paid = await pay(url);
    expect(paid.headers.get('location')).toBe(
      'https://curriculos.local.test.br/pricing?checkSubscription=true',
    );
    expect(local.deliveries().every((d) => d.status === 200)).toBe(true);

    let overview = await subscriptionOverview(sub);
    expect(overview.subscription).toMatchObject({
      plan: 'proSubscription',
      status: 'active',
      hasProAccess: true,
      renews: true,
      nextPaymentAmount: 5,
      currency: 'brl',
    });
    expect(overview.billingInfo).toMatchObject({ profileId: sub, email: `${sub}@example.test` });
    await expect(
      createCheckoutSession(stripe, {
        sub,
        email: null,
        planType: 'proLifetime',
        appOrigin,
      }),
    ).rejects.toMatchObject({ code: 'ALREADY_PRO', status: 409 });

    const cancelled = await cancelAtPeriodEnd(stripe, sub, {
      reason: 'too_expensive',
      details: 'students budget',
    });
    expect(cancelled).toMatchObject({
      cancelPending: true,
      hasProAccess: true,
      cancellationReason: 'too_expensive',
      cancellationReasonDetails: 'students budget',
      canReactivate: true,
      renews: false,
    });
    await expect(cancelAtPeriodEnd(stripe, sub, { reason: 'other' })).resolves.toMatchObject({
      cancelPending: true,
    });

    const reactivated = await reactivateSubscription(stripe, sub);
    expect(reactivated).toMatchObject({
      cancelPending: false,
      renews: true,
      cancellationReason: null,
      canReactivateUntil: null,
    });
    expect(mails.filter((m) => m.to === `${sub}@example.test`)).toHaveLength(1);

    const portal = await createPortalSession(stripe, { sub, appOrigin, returnPath: '/subscription' });
    expect(portal.url).toContain('/customer/cus_');

    const synced = await syncSubscription(stripe, sub);
    expect(synced).toMatchObject({ synced: true, subscription: { status: 'active', renews: true } });

    // "Fail next payment" on the local customer page: grace period.
    const customerPage = portal.url.split('?')[0];
    const { row } = await readSubscriptionRow(sub);
    await fetch(`${customerPage}/fail`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `target=${row?.stripeSubscriptionId}`,
    });
    overview = await subscriptionOverview(sub);
    expect(overview.subscription).toMatchObject({ inGracePeriod: true, hasProAccess: true });

    expect(await cancelForAccountDeletion(stripe, sub)).toBe(true);
    await local.idle(); // the subscription.deleted event
    overview = await subscriptionOverview(sub);
    expect(overview.subscription).toMatchObject({ plan: 'free', status: 'cancelled', hasProAccess: false });
    await expect(reactivateSubscription(stripe, sub)).rejects.toMatchObject({ code: 'NOT_REACTIVATABLE' });
  });

  it('the currency is the host’s: BRL on a .br or configured Brazilian host, USD elsewhere', async () => {
    const cases = [
      { appOrigin, ptBrHosts: [], currency: 'usd' },
      { appOrigin: 'https://cv.local.test.br', ptBrHosts: [], currency: 'brl' },
      { appOrigin: 'https://curriculos.local.test', ptBrHosts: ['curriculos.local.test'], currency: 'brl' },
    ];
    for (const c of cases) {
      const sub = await newProfile();
      const { url } = await createCheckoutSession(stripe, {
        sub,
        email: null,
        planType: 'proLifetime',
        appOrigin: c.appOrigin,
        ptBrHosts: c.ptBrHosts,
      });
      const session = await stripe.checkout.sessions.retrieve(url.split('/').pop() ?? '');
      expect([session.currency, session.amount_total]).toEqual([c.currency, 7000]);
    }
  });

  it('a double click makes one session: concurrent checkouts share it, later ones reuse it while it is open', async () => {
    const sub = await newProfile();
    const input = { sub, email: null, planType: 'proSubscription' as const, appOrigin };
    const clicks = await Promise.all([1, 2, 3].map(() => createCheckoutSession(stripe, input)));
    expect(new Set(clicks.map((c) => c.url)).size).toBe(1);
    const again = await createCheckoutSession(stripe, input);
    expect(again.url).toBe(clicks[0]?.url);
    // Another plan is another session.
    const lifetime = await createCheckoutSession(stripe, { ...input, planType: 'proLifetime' });
    expect(lifetime.url).not.toBe(again.url);

    await pay(again.url);
    await local.idle();
    const { row } = await readSubscriptionRow(sub);
    const subscriptions = await stripe.subscriptions.list({ customer: String(row?.stripeCustomerId) });
    expect(subscriptions.data).toHaveLength(1);
  });

  it('an expired or completed session is not reused: the next checkout opens a new one', async () => {
    const sub = await newProfile();
    const input = { sub, email: null, planType: 'proLifetime' as const, appOrigin };
    const first = await createCheckoutSession(stripe, input);
    const firstId = first.url.split('/').pop() ?? '';
    await stripe.checkout.sessions.expire(firstId);
    const second = await createCheckoutSession(stripe, input);
    expect(second.url).not.toBe(first.url);
    expect((await stripe.checkout.sessions.retrieve(second.url.split('/').pop() ?? '')).status).toBe('open');
  });

  it('Pro Lifetime: one payment, no renewal; cancel is refused', async () => {
    const sub = await newProfile();
    const { url } = await createCheckoutSession(stripe, {
      sub,
      email: `${sub}@example.test`,
      planType: 'proLifetime',
      appOrigin,
    });
    await pay(url);
    const overview = await subscriptionOverview(sub);
    expect(overview.subscription).toMatchObject({
      plan: 'proLifetime',
      validUntil: null,
      renews: false,
      nextPaymentDate: null,
    });
    await expect(cancelAtPeriodEnd(stripe, sub, { reason: 'other' })).rejects.toMatchObject({
      code: 'NO_ACTIVE_SUBSCRIPTION',
      status: 409,
    });
  });

  it('sync retries 3 times with backoff from 1 s, then reports failure without changing anything', async () => {
    const sub = await newProfile();
    const { url } = await createCheckoutSession(stripe, {
      sub,
      email: null,
      planType: 'proSubscription',
      appOrigin,
    });
    await pay(url);
    const before = await rawRow(sub);
    const dead = createStripeClient('sk_test_local', {
      apiBase: 'http://127.0.0.1:9',
      maxNetworkRetries: 0,
      timeoutMs: 500,
    });
    const waits: number[] = [];
    const result = await syncSubscription(dead, sub, { sleep: async (ms) => void waits.push(ms) });
    expect(result.synced).toBe(false);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(await rawRow(sub)).toEqual(before);
    // Account deletion goes on when Stripe cannot be reached.
    expect(await cancelForAccountDeletion(dead, sub)).toBe(false);
  });

  it('the money-back guarantee: a refund ends Pro Monthly and Lifetime at once', async () => {
    for (const planType of ['proSubscription', 'proLifetime'] as const) {
      const sub = await newProfile();
      const { url } = await createCheckoutSession(stripe, {
        sub,
        email: null,
        planType,
        appOrigin,
      });
      await pay(url);
      expect((await subscriptionOverview(sub)).subscription).toMatchObject({
        plan: planType,
        refundable: true,
      });
      const view = await refundPurchase(stripe, sub);
      expect(view).toMatchObject({
        plan: 'free',
        hasProAccess: false,
        cancelledButValid: false,
        status: 'cancelled',
      });
      const row = await rawRow(sub);
      expect(row).toMatchObject({ refundedAt: expect.any(String), endedAt: expect.any(String) });
      await expect(refundPurchase(stripe, sub)).rejects.toMatchObject({ code: 'NOT_REFUNDABLE' });
      // The charge.refunded (and subscription.deleted) events that follow keep it ended (they may only move
      // the end to the refund's own time).
      await local.idle();
      const after = await rawRow(sub);
      expect(after).toMatchObject({
        status: 'cancelled',
        subscriptionType: planType,
        refundedAt: expect.any(String),
      });
      expect(String(after?.endedAt) <= String(row?.endedAt)).toBe(true);
      expect(hasPaidAccess(after as never, null)).toBe(false);
    }
    expect(local.deliveries().every((d) => d.status === 200)).toBe(true);
  });

  it('a dispute ends access at once, stops the subscription at Stripe, and is audited once by stripe', async () => {
    for (const planType of ['proSubscription', 'proLifetime'] as const) {
      const sub = await newProfile();
      const { url } = await createCheckoutSession(stripe, { sub, email: null, planType, appOrigin });
      await pay(url);
      await local.idle();
      const { row: bought } = await readSubscriptionRow(sub);
      const target = String(bought?.stripeSubscriptionId ?? bought?.stripePaymentIntentId);

      const disputed = await fetch(`${local.url}/customer/${bought?.stripeCustomerId}/dispute`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `target=${target}`,
      });
      expect(disputed.status).toBe(303);
      await local.idle();

      const view = (await subscriptionOverview(sub)).subscription;
      expect(view).toMatchObject({
        plan: 'free',
        hasProAccess: false,
        status: 'cancelled',
        cancellationReason: 'disputed',
        disputedAt: expect.any(String),
      });
      if (planType === 'proSubscription') {
        expect((await stripe.subscriptions.retrieve(target)).status).toBe('canceled');
      }
      const disputeEvents = local.deliveries().filter((d) => d.type === 'charge.dispute.created');
      const last = disputeEvents[disputeEvents.length - 1];
      expect(last?.status).toBe(200);
      const audited = async () =>
        (
          await db.send(
            new QueryCommand({
              TableName: info.tableName,
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': `AUDIT#${new Date().toISOString().slice(0, 7)}` },
            }),
          )
        ).Items?.filter((i) => i.target?.userId === sub) ?? [];
      expect(await audited()).toEqual([
        expect.objectContaining({
          actor: 'stripe',
          actorRole: null,
          action: 'STRIPE charge.dispute.created',
          outcome: 'succeeded',
        }),
      ]);
      // Stripe delivers the same event again: one effect, one audit entry.
      expect(await eventRecord(String(last?.id))).toMatchObject({ type: 'charge.dispute.created', sub });
      const payload = String(bodies.get(String(last?.id)));
      const again = await handleStripeWebhook(
        payload,
        Stripe.webhooks.generateTestHeaderString({ payload, secret }),
        secret,
        { stripe },
      );
      expect(again.body).toMatchObject({ outcome: 'duplicate' });
      expect(await audited()).toHaveLength(1);
    }
    expect(local.deliveries().every((d) => d.status === 200)).toBe(true);
  });

  it('the guarantee is once per account per plan kind: buy, refund, buy again, and the second refund is refused', async () => {
    const sub = await newProfile();
    for (const planType of ['proLifetime', 'proSubscription'] as const) {
      const buy = async () => {
        const { url } = await createCheckoutSession(stripe, { sub, email: null, planType, appOrigin });
        await pay(url);
        await local.idle();
      };
      await buy();
      await refundPurchase(stripe, sub);
      await local.idle();
      // Purchases are ordered by Stripe's `created`, in seconds: a person buys again in a later one.
      await new Promise((r) => setTimeout(r, 1_100));
      await buy();
      expect((await subscriptionOverview(sub)).subscription).toMatchObject({
        plan: planType,
        hasProAccess: true,
        refundable: false,
      });
      await expect(refundPurchase(stripe, sub)).rejects.toMatchObject({
        code: 'GUARANTEE_USED',
        status: 409,
      });
      expect((await subscriptionOverview(sub)).subscription.hasProAccess).toBe(true);
      if (planType === 'proSubscription') break;
      // The Lifetime is refunded by Stripe itself (support, dashboard): the monthly plan keeps its own guarantee.
      const row = await rawRow(sub);
      await stripe.refunds.create({ payment_intent: String(row?.stripePaymentIntentId) });
      await local.idle();
      await new Promise((r) => setTimeout(r, 1_100));
    }
  });

  it('no refund after 14 days', async () => {
    const sub = await newProfile();
    const { url } = await createCheckoutSession(stripe, {
      sub,
      email: null,
      planType: 'proLifetime',
      appOrigin,
    });
    await pay(url);
    const later = () => new Date(Date.now() + 15 * 86_400_000);
    await expect(refundPurchase(stripe, sub, later)).rejects.toMatchObject({
      code: 'NOT_REFUNDABLE',
      status: 409,
    });
    expect((await subscriptionOverview(sub)).subscription.hasProAccess).toBe(true);
  });

  it('a refund of a payment Stripe does not know is 409 PAYMENT_NOT_FOUND, never 502, and changes nothing', async () => {
    const cases = [
      { planType: 'proLifetime' as const, field: 'stripePaymentIntentId', unknown: 'pi_unknown_to_stripe' },
      {
        planType: 'proSubscription' as const,
        field: 'stripeSubscriptionId',
        unknown: 'sub_unknown_to_stripe',
      },
    ];
    for (const { planType, field, unknown } of cases) {
      const sub = await newProfile();
      const { url } = await createCheckoutSession(stripe, {
        sub,
        email: null,
        planType,
        appOrigin,
      });
      await pay(url);
      await local.idle();
      // The stored purchase names a payment Stripe has no record of (deleted, or of another account or mode).
      const row = { ...(await rawRow(sub)), [field]: unknown };
      await db.send(new PutCommand({ TableName: info.tableName, Item: row }));

      await expect(refundPurchase(stripe, sub)).rejects.toMatchObject({
        code: 'PAYMENT_NOT_FOUND',
        status: 409,
      });
      expect(await rawRow(sub)).toEqual(row);
    }
  });

  it('a refund Stripe already made (its webhook not here yet) is 409 ALREADY_REFUNDED, never 502', async () => {
    const sub = await newProfile();
    const { url } = await createCheckoutSession(stripe, {
      sub,
      email: null,
      planType: 'proLifetime',
      appOrigin,
    });
    await pay(url);
    await local.idle();
    const before = await rawRow(sub);
    // Refunded in Stripe's dashboard; the charge.refunded event has not reached us yet.
    await stripe.refunds.create({ payment_intent: String(before?.stripePaymentIntentId) });
    await local.idle();
    await db.send(new PutCommand({ TableName: info.tableName, Item: before }));

    await expect(refundPurchase(stripe, sub)).rejects.toMatchObject({
      code: 'ALREADY_REFUNDED',
      status: 409,
    });
  });

  it('the portal needs a Stripe customer', async () => {
    const sub = await newProfile();
    await expect(createPortalSession(stripe, { sub, appOrigin })).rejects.toMatchObject({
      code: 'NO_BILLING_ACCOUNT',
      status: 404,
    });
  });
});
