import type Stripe from 'stripe';

/**
 * Stripe-shaped objects and events for tests (only the fields the billing code reads, plus the obvious
 * ones), built like the current API version shapes them (period on the subscription items, the invoice's
 * subscription under `parent.subscription_details`).
 */

export const DAY = 86_400;
let counter = 0;
const nextId = (prefix: string) => `${prefix}_${(++counter).toString(36).padStart(6, '0')}`;

export interface SubscriptionShape {
  id: string;
  customer: string;
  userId?: string | null;
  status?: Stripe.Subscription.Status;
  created: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  canceledAt?: number | null;
  endedAt?: number | null;
  unitAmount?: number;
  currency?: string;
  reason?: string | null;
  comment?: string | null;
  /** Put the period at the top level, as API versions before 2025-03-31 did. */
  legacy?: boolean;
}

export function subscription(s: SubscriptionShape): Stripe.Subscription {
  const item = {
    id: `si_${s.id}`,
    object: 'subscription_item',
    current_period_start: s.periodStart,
    current_period_end: s.periodEnd,
    quantity: 1,
    price: {
      id: 'price_monthly',
      object: 'price',
      unit_amount: s.unitAmount ?? 500,
      currency: s.currency ?? 'usd',
      recurring: { interval: 'month', interval_count: 1 },
    },
  };
  if (s.legacy) {
    delete (item as Partial<typeof item>).current_period_start;
    delete (item as Partial<typeof item>).current_period_end;
  }
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status ?? 'active',
    created: s.created,
    start_date: s.created,
    currency: s.currency ?? 'usd',
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
    canceled_at: s.canceledAt ?? null,
    ended_at: s.endedAt ?? null,
    cancellation_details: { comment: s.comment ?? null, feedback: (s.reason as never) ?? null, reason: null },
    metadata: {
      ...(s.userId ? { userId: s.userId, planType: 'proSubscription' } : {}),
      ...(s.reason ? { cancellationReason: s.reason } : {}),
    },
    items: {
      object: 'list',
      data: [item],
      has_more: false,
      url: `/v1/subscription_items?subscription=${s.id}`,
    },
    ...(s.legacy ? { current_period_start: s.periodStart, current_period_end: s.periodEnd } : {}),
  } as unknown as Stripe.Subscription;
}

export interface InvoiceShape {
  subscription: string;
  customer: string;
  userId?: string | null;
  created: number;
  periodStart: number;
  periodEnd: number;
  billingReason?: Stripe.Invoice.BillingReason;
  amount?: number;
  currency?: string;
  paid?: boolean;
  nextPaymentAttempt?: number | null;
}

export function invoice(i: InvoiceShape): Stripe.Invoice {
  const amount = i.amount ?? 500;
  return {
    id: nextId('in'),
    object: 'invoice',
    customer: i.customer,
    created: i.created,
    currency: i.currency ?? 'usd',
    billing_reason: i.billingReason ?? 'subscription_cycle',
    amount_due: amount,
    amount_paid: i.paid === false ? 0 : amount,
    status: i.paid === false ? 'open' : 'paid',
    next_payment_attempt: i.nextPaymentAttempt ?? null,
    customer_name: 'Ana Souza',
    customer_email: 'ana@example.test',
    customer_address: {
      line1: 'Rua A, 1',
      line2: null,
      city: 'Recife',
      state: 'PE',
      postal_code: '50000-000',
      country: 'BR',
    },
    // The invoice's own period is the one that ended; the line's period is the one being paid for.
    period_start: i.periodStart - 30 * DAY,
    period_end: i.periodStart,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: i.subscription,
        metadata: i.userId ? { userId: i.userId, planType: 'proSubscription' } : {},
      },
    },
    lines: {
      object: 'list',
      has_more: false,
      url: '/v1/invoices/lines',
      data: [
        { id: nextId('il'), object: 'line_item', amount, period: { start: i.periodStart, end: i.periodEnd } },
      ],
    },
  } as unknown as Stripe.Invoice;
}

export interface CheckoutShape {
  mode: 'subscription' | 'payment';
  userId: string;
  customer: string;
  created: number;
  subscription?: string | null;
  paymentIntent?: string | null;
  amount?: number;
  currency?: string;
  paid?: boolean;
}

export function checkoutSession(c: CheckoutShape): Stripe.Checkout.Session {
  return {
    id: nextId('cs'),
    object: 'checkout.session',
    mode: c.mode,
    client_reference_id: c.userId,
    metadata: { userId: c.userId, planType: c.mode === 'subscription' ? 'proSubscription' : 'proLifetime' },
    customer: c.customer,
    created: c.created,
    currency: c.currency ?? 'usd',
    amount_total: c.amount ?? (c.mode === 'subscription' ? 500 : 7000),
    payment_status: c.paid === false ? 'unpaid' : 'paid',
    status: 'complete',
    subscription: c.subscription ?? null,
    payment_intent: c.paymentIntent ?? null,
    customer_details: {
      name: 'Ana Souza',
      email: 'ana@example.test',
      address: {
        line1: 'Rua A, 1',
        line2: null,
        city: 'Recife',
        state: 'PE',
        postal_code: '50000-000',
        country: 'BR',
      },
    },
  } as unknown as Stripe.Checkout.Session;
}

export function charge(c: {
  customer: string;
  paymentIntent: string | null;
  created: number;
  refundedAt: number;
  amount?: number;
  planType?: string;
  refunded?: boolean;
}): Stripe.Charge {
  const amount = c.amount ?? 7000;
  return {
    id: nextId('ch'),
    object: 'charge',
    customer: c.customer,
    payment_intent: c.paymentIntent,
    created: c.created,
    amount,
    amount_refunded: c.refunded === false ? Math.floor(amount / 2) : amount,
    refunded: c.refunded ?? true,
    currency: 'usd',
    metadata: c.planType ? { planType: c.planType } : {},
    refunds: {
      object: 'list',
      has_more: false,
      url: '/v1/refunds',
      data: [{ id: nextId('re'), object: 'refund', amount, created: c.refundedAt, status: 'succeeded' }],
    },
  } as unknown as Stripe.Charge;
}

/** A dispute (chargeback) of a charge: it names the charge and its payment intent, never the customer. */
export function dispute(d: {
  charge: string;
  paymentIntent: string | null;
  created: number;
  amount?: number;
  reason?: string;
}): Stripe.Dispute {
  return {
    id: nextId('dp'),
    object: 'dispute',
    charge: d.charge,
    payment_intent: d.paymentIntent,
    amount: d.amount ?? 500,
    currency: 'usd',
    created: d.created,
    reason: d.reason ?? 'fraudulent',
    status: 'needs_response',
    metadata: {},
  } as unknown as Stripe.Dispute;
}

/** A Stripe event around an object. */
export function event<T extends Stripe.Event.Type>(
  type: T,
  object: unknown,
  created: number,
  id = nextId('evt'),
): Stripe.Event {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as unknown as Stripe.Event;
}
