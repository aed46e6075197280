import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import Stripe from 'stripe';
import { checkoutSession, DAY, dispute, event, invoice } from './fixtures.ts';
import type { ApplyInput, ApplyOutcome, StoredRow } from './store.ts';

// The webhook's own logic with the store mocked: verification first, then type filter, duplicate check,
// user resolution and the one write. The DynamoDB side is tested against DynamoDB Local in
// tests/integration/billing.test.ts.

const applied: ApplyInput[] = [];
let outcome: ApplyOutcome = {
  kind: 'applied',
  decision: { next: null, reason: 'x', sendReactivationEmail: false },
  row: null,
};
const processed = new Set<string>();
const customers = new Map<string, string>();
const sent: string[] = [];

jest.unstable_mockModule('./store.ts', () => ({
  applyObservation: async (input: ApplyInput) => {
    applied.push(input);
    return outcome;
  },
  eventProcessed: async (id: string) => processed.has(id),
  readSubscriptionRow: async (): Promise<StoredRow> => ({
    row: storedRow as StoredRow['row'],
    rev: 0,
    exists: storedRow !== null,
  }),
  userOfCustomer: async (id: string) => customers.get(id) ?? null,
}));
// The Stripe client the webhook asks about a disputed charge, and cancels the subscription with.
const stripeCalls: string[] = [];
const charges = new Map<string, { customer: string | null }>();
let storedRow: Record<string, unknown> | null = null;
const stripe = {
  charges: {
    retrieve: async (id: string) => {
      stripeCalls.push(`charges.retrieve ${id}`);
      const found = charges.get(id);
      if (!found) throw Object.assign(new Error('No such charge'), { type: 'StripeInvalidRequestError' });
      return { id, object: 'charge', ...found };
    },
  },
  subscriptions: {
    cancel: async (id: string) => {
      stripeCalls.push(`subscriptions.cancel ${id}`);
      return { id, status: 'canceled' };
    },
  },
} as unknown as Stripe;
jest.unstable_mockModule('./mail.ts', () => ({
  sendReactivationEmail: async (sub: string) => {
    sent.push(sub);
    return true;
  },
}));
process.env.LOG_LEVEL = 'SILENT';
const { handleStripeWebhook } = await import('./webhook.ts');

const secret = 'whsec_unit';
const T = Math.floor(Date.now() / 1000);
const sign = (e: Stripe.Event, options: { secret?: string; timestamp?: number } = {}) => {
  const payload = JSON.stringify(e);
  return {
    payload,
    header: Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? secret,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    }),
  };
};
const checkout = () =>
  event(
    'checkout.session.completed',
    checkoutSession({
      mode: 'subscription',
      userId: 'u1',
      customer: 'cus_1',
      created: T,
      subscription: 'sub_1',
    }),
    T,
  );

beforeEach(() => {
  applied.length = 0;
  sent.length = 0;
  processed.clear();
  customers.clear();
  charges.clear();
  stripeCalls.length = 0;
  storedRow = null;
  outcome = {
    kind: 'applied',
    decision: { next: null, reason: 'x', sendReactivationEmail: false },
    row: null,
  };
});

describe('handleStripeWebhook', () => {
  it('refuses a wrong secret, a changed body, an old timestamp, a missing header: 400, nothing read or written', async () => {
    const e = checkout();
    const good = sign(e);
    const cases: [string, string | undefined][] = [
      [good.payload, sign(e, { secret: 'whsec_other' }).header],
      [`${good.payload} `, good.header],
      [good.payload, sign(e, { timestamp: T - 301 }).header],
      [good.payload, undefined],
      [good.payload, 'garbage'],
    ];
    for (const [payload, header] of cases) {
      const response = await handleStripeWebhook(payload, header, secret);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'INVALID_SIGNATURE' } });
    }
    expect(await handleStripeWebhook(good.payload, good.header, '')).toMatchObject({ status: 400 });
    expect(applied).toHaveLength(0);
  });

  it('refuses a signature dated more than 5 minutes in the future, as an old one', async () => {
    const e = checkout();
    // The handler's clock is T: the test must not depend on how long the suite took to get here.
    const atT = { now: () => new Date(T * 1000) };
    for (const timestamp of [T + 301, T + 3600, T + 10 * 365 * DAY]) {
      const { payload, header } = sign(e, { timestamp });
      const response = await handleStripeWebhook(payload, header, secret, atT);
      expect(response).toMatchObject({ status: 400, body: { error: { code: 'INVALID_SIGNATURE' } } });
    }
    expect(applied).toHaveLength(0);
    // Clocks a little apart are not refused: within 5 minutes either way.
    const { payload, header } = sign(e, { timestamp: T + 240 });
    expect((await handleStripeWebhook(payload, header, secret, atT)).status).toBe(200);
  });

  it('acknowledges unknown types without writing', async () => {
    const { payload, header } = sign(
      event('payment_intent.created', { id: 'pi_1', object: 'payment_intent' }, T),
    );
    expect(await handleStripeWebhook(payload, header, secret)).toEqual({
      status: 200,
      body: { received: true, outcome: 'unhandled type' },
    });
    expect(applied).toHaveLength(0);
  });

  it('skips an event already processed', async () => {
    const e = checkout();
    processed.add(e.id);
    const { payload, header } = sign(e);
    expect((await handleStripeWebhook(payload, header, secret)).body).toMatchObject({ outcome: 'duplicate' });
    expect(applied).toHaveLength(0);
  });

  it('applies a verified event for the user it names, with its id, customer and billing details', async () => {
    const e = checkout();
    const { payload, header } = sign(e);
    expect((await handleStripeWebhook(payload, header, secret)).status).toBe(200);
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({
      sub: 'u1',
      event: { id: e.id, type: 'checkout.session.completed' },
      customerId: 'cus_1',
      billing: { customerId: 'cus_1', name: 'Ana Souza', email: 'ana@example.test', at: T },
      observation: { purchaseId: 'sub_1', state: { subscriptionType: 'proSubscription', status: 'active' } },
    });
  });

  it('finds the user through the customer when the object carries no user id', async () => {
    customers.set('cus_9', 'u9');
    const e = event(
      'invoice.payment_failed',
      invoice({
        subscription: 'sub_9',
        customer: 'cus_9',
        created: T,
        periodStart: T,
        periodEnd: T + 30 * DAY,
        paid: false,
      }),
      T,
    );
    const { payload, header } = sign(e);
    await handleStripeWebhook(payload, header, secret);
    expect(applied[0]).toMatchObject({ sub: 'u9', observation: { state: { status: 'gracePeriod' } } });
  });

  it('answers 200 without writing for a customer it does not know', async () => {
    const e = event(
      'invoice.paid',
      invoice({
        subscription: 'sub_x',
        customer: 'cus_x',
        created: T,
        periodStart: T,
        periodEnd: T + 30 * DAY,
      }),
      T,
    );
    const { payload, header } = sign(e);
    expect((await handleStripeWebhook(payload, header, secret)).body).toMatchObject({
      outcome: 'unknown user',
    });
    expect(applied).toHaveLength(0);
  });

  it('sends the reactivation e-mail after a renewal is written, and not for a duplicate', async () => {
    const e = event(
      'invoice.paid',
      invoice({
        subscription: 'sub_1',
        customer: 'cus_1',
        userId: 'u1',
        created: T,
        periodStart: T,
        periodEnd: T + 30 * DAY,
      }),
      T,
    );
    const { payload, header } = sign(e);
    outcome = {
      kind: 'applied',
      decision: {
        next: { validUntil: new Date().toISOString() } as never,
        reason: 'newer fact',
        sendReactivationEmail: true,
      },
      row: null,
    };
    await handleStripeWebhook(payload, header, secret);
    expect(sent).toEqual(['u1']);
    outcome = { kind: 'duplicate' };
    expect((await handleStripeWebhook(payload, header, secret)).body).toMatchObject({ outcome: 'duplicate' });
    expect(sent).toEqual(['u1']);
  });
});

describe('charge.dispute.created', () => {
  const disputeEvent = () =>
    event('charge.dispute.created', dispute({ charge: 'ch_d', paymentIntent: 'pi_d', created: T }), T);

  it('finds the user through the disputed charge, cancels the subscription first, and applies with an audit entry by stripe', async () => {
    charges.set('ch_d', { customer: 'cus_d' });
    customers.set('cus_d', 'u_d');
    storedRow = {
      subscriptionType: 'proSubscription',
      stripeSubscriptionId: 'sub_d',
      stripePurchaseId: 'sub_d',
      purchasedAt: new Date((T - 3 * DAY) * 1000).toISOString(),
      endedAt: null,
      status: 'active',
    };
    const e = disputeEvent();
    const { payload, header } = sign(e);
    const response = await handleStripeWebhook(payload, header, secret, { stripe });
    expect(response.status).toBe(200);
    expect(stripeCalls).toEqual(['charges.retrieve ch_d', 'subscriptions.cancel sub_d']);
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({
      sub: 'u_d',
      event: { id: e.id, type: 'charge.dispute.created' },
      observation: { state: { status: 'cancelled', cancellationReason: 'disputed' } },
      audit: {
        actor: { sub: 'stripe', email: null, role: null },
        action: 'STRIPE charge.dispute.created',
        target: { userId: 'u_d' },
      },
    });
  });

  it('a Lifetime purchase has no subscription to cancel', async () => {
    charges.set('ch_d', { customer: 'cus_d' });
    customers.set('cus_d', 'u_d');
    storedRow = {
      subscriptionType: 'proLifetime',
      stripeSubscriptionId: null,
      stripePaymentIntentId: 'pi_d',
      stripePurchaseId: 'pi_d',
      purchasedAt: new Date((T - DAY) * 1000).toISOString(),
      endedAt: null,
      status: 'active',
    };
    const { payload, header } = sign(disputeEvent());
    await handleStripeWebhook(payload, header, secret, { stripe });
    expect(stripeCalls).toEqual(['charges.retrieve ch_d']);
    expect(applied[0]).toMatchObject({ sub: 'u_d', audit: { actor: { sub: 'stripe' } } });
  });

  it('a charge of no known customer is acknowledged without a write', async () => {
    charges.set('ch_d', { customer: 'cus_unknown' });
    const { payload, header } = sign(disputeEvent());
    expect((await handleStripeWebhook(payload, header, secret, { stripe })).body).toMatchObject({
      outcome: 'unknown user',
    });
    expect(applied).toHaveLength(0);
  });
});

describe('signatureTimestamp', () => {
  it('reads the latest t= of a header, so a repeated t= cannot hide a future date', async () => {
    const { signatureTimestamp } = await import('./webhook.ts');
    expect(signatureTimestamp('t=100,v1=abc')).toBe(100);
    expect(signatureTimestamp('t=100,v1=abc,t=900')).toBe(900);
    expect(signatureTimestamp('v1=abc')).toBeNull();
    expect(signatureTimestamp('garbage')).toBeNull();
  });
});
