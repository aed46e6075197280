import type Stripe from 'stripe';
import { MONEY_BACK_GUARANTEE_DAYS, RENEWAL_MONTHS, type SubscriptionView } from '#shared/billing';
import { hasProAccess, isCancelledButValid } from '#shared/plans';

/**
 * Pure decisions of the subscription lifecycle (spec section 4): a Stripe object (from a webhook event, or
 * returned by a Stripe call) becomes an `Observation`, and `decide` turns the stored row plus one
 * observation into the next row. No I/O here.
 *
 * Ordering. Stripe may deliver events late, twice, or in any order; an older fact must never overwrite a
 * newer one. Each observation belongs to a *purchase* (a Stripe subscription id, or the payment intent of a
 * Lifetime purchase) and carries an order key taken from the Stripe objects themselves, not from arrival:
 *   1. a different purchase replaces the stored one only when it was bought later (`purchaseAt`);
 *   2. within one purchase, the key is (period end, event `created`, rank of the event type), compared in
 *      that order: a later billing period always wins, then the later event, then the type that carries
 *      more (a subscription update outranks an invoice of the same second). The answer of our own Stripe
 *      call (cancel, reactivate, sync) is a subscription read at a known millisecond: it outranks events of
 *      the same second and two such answers order by their milliseconds (Stripe's `created` has only
 *      seconds, so a cancel and an undo within one second would otherwise tie);
 *   3. an ended purchase (subscription deleted/canceled, or refunded) stays ended: later updates of it are
 *      ignored, so updated-after-deleted cannot resurrect it; several end facts merge (earliest end wins).
 * The key is stored as `stripeOrder` (a fixed-width string, so DynamoDB can compare it too) together with
 * `stripeStateAt` (the observed object's time, epoch seconds).
 */

export type SubscriptionStatus = 'active' | 'gracePeriod' | 'cancelled' | 'pending' | 'paused';

/** The Subscription row (pk USER#{sub}, sk SUBSCRIPTION) without its keys. */
export interface SubscriptionRow {
  profileId: string;
  subscriptionType: string;
  status: string;
  validUntil: string | null;
  nextPaymentAmount: number | null;
  nextPaymentDate: string | null;
  currency: string | null;
  canReactivateUntil: string | null;
  cancellationReason: string | null;
  cancellationReasonDetails: string | null;
  cancellationEffectiveDate: string | null;
  /** The customer at Stripe (cus_…). */
  stripeCustomerId: string | null;
  /** The subscription at Stripe (sub_…), for proSubscription. */
  stripeSubscriptionId: string | null;
  /** The payment of a Lifetime purchase (pi_…), for refunds. */
  stripePaymentIntentId: string | null;
  /** The purchase this row describes: the subscription id or the Lifetime payment intent (or session). */
  stripePurchaseId: string | null;
  /** When that purchase was made (ISO); the money-back guarantee counts from here. */
  purchasedAt: string | null;
  /** When the purchase ended (deleted, refunded), ISO; set once, never cleared for that purchase. */
  endedAt: string | null;
  refundedAt: string | null;
  /** When the buyer disputed a payment of the purchase with their bank (a chargeback), ISO; access ended then. */
  disputedAt: string | null;
  /**
   * The plan kinds (proSubscription, proLifetime) whose money-back guarantee the account has used: a full
   * refund of a purchase of that kind, by us or in Stripe. Kept across purchases: once per account per kind.
   */
  guaranteeUsed: string[];
  /** Order key of the last applied observation (see above). */
  stripeOrder: string | null;
  /** Time of the last applied Stripe object (epoch seconds). */
  stripeStateAt: number | null;
  /** Id of the last applied event (or 'api:…' for a change read back from a Stripe call). */
  stripeEventId: string | null;
  updatedAt: string;
  createdAt: string;
}

/** The fields a renewal sets, exactly (spec section 4: Renewal). */
export const renewalFields = [
  'status',
  'validUntil',
  'cancellationReason',
  'cancellationReasonDetails',
  'cancellationEffectiveDate',
  'canReactivateUntil',
] as const;

/** Fields that describe the state; an observation sets all of them (the identity fields are merged). */
type StateFields = Pick<
  SubscriptionRow,
  | 'subscriptionType'
  | 'status'
  | 'validUntil'
  | 'nextPaymentAmount'
  | 'nextPaymentDate'
  | 'currency'
  | 'canReactivateUntil'
  | 'cancellationReason'
  | 'cancellationReasonDetails'
  | 'cancellationEffectiveDate'
>;

export interface Observation {
  /** The Stripe object the facts come from (for logs). */
  source: string;
  purchaseId: string;
  /** Epoch seconds: when the purchase was made (or a lower bound known from this object). */
  purchaseAt: number;
  periodEnd: number;
  /** Epoch seconds: the event's `created` (or the time a Stripe call's answer was read). */
  at: number;
  rank: number;
  /** Milliseconds within `at`, known only for answers of our own Stripe calls (0 for events). */
  atMs?: number;
  /** The purchase ended (deleted/canceled/refunded) at this time (epoch seconds). */
  endedAt?: number;
  refunded?: boolean;
  /** The end is a dispute (a chargeback): recorded as `disputedAt`, reason 'disputed'. */
  disputed?: boolean;
  state: StateFields;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  stripePaymentIntentId?: string | null;
  /** A renewal paid (invoice.paid for a new cycle): the reactivation e-mail follows. */
  renewal?: boolean;
}

export interface Decision {
  /** The next row, or null when nothing changes (older, duplicate or irrelevant fact). */
  next: SubscriptionRow | null;
  /** Why (for logs and tests). */
  reason: string;
  /** Send the reactivation e-mail after the row is written (a renewal). */
  sendReactivationEmail: boolean;
}

const ranks = {
  checkout: 1,
  subscriptionCreated: 2,
  paymentFailed: 3,
  invoicePaid: 4,
  subscriptionUpdated: 5,
  /** Our own call's answer outranks an event of the same second, and two answers order by milliseconds. */
  apiRead: 6,
} as const;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const seconds = (isoDate: string | null | undefined) =>
  isoDate ? Math.floor(new Date(isoDate).getTime() / 1000) : 0;

/** One calendar month after `epochSeconds` (clamped to the month's last day, like Stripe). */
export function addMonths(epochSeconds: number, months = RENEWAL_MONTHS): number {
  const d = new Date(epochSeconds * 1000);
  const day = d.getUTCDate();
  const t = new Date(d);
  t.setUTCDate(1);
  t.setUTCMonth(t.getUTCMonth() + months);
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(day, last));
  return Math.floor(t.getTime() / 1000);
}

/** The order key as a fixed-width string: comparing two keys as strings compares them as tuples. */
export function orderKey(o: Pick<Observation, 'periodEnd' | 'at' | 'rank' | 'atMs'>): string {
  const pad = (n: number, width = 12) => String(Math.max(0, Math.floor(n))).padStart(width, '0');
  return `${pad(o.periodEnd)}.${pad(o.at)}.${o.rank}.${pad(o.atMs ?? 0, 3)}`;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** An empty row for a user who never paid. */
export function emptyRow(sub: string, now: Date): SubscriptionRow {
  const at = now.toISOString();
  return {
    profileId: sub,
    subscriptionType: 'free',
    status: 'cancelled',
    validUntil: null,
    nextPaymentAmount: null,
    nextPaymentDate: null,
    currency: null,
    canReactivateUntil: null,
    cancellationReason: null,
    cancellationReasonDetails: null,
    cancellationEffectiveDate: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    stripePaymentIntentId: null,
    stripePurchaseId: null,
    purchasedAt: null,
    endedAt: null,
    refundedAt: null,
    disputedAt: null,
    guaranteeUsed: [],
    stripeOrder: null,
    stripeStateAt: null,
    stripeEventId: null,
    createdAt: at,
    updatedAt: at,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading Stripe objects (current API versions and the older field names)

/** The current period of a subscription: on its items (current API), or top-level (before 2025-03-31). */
export function subscriptionPeriod(s: Stripe.Subscription): { start: number; end: number } {
  const legacy = s as unknown as { current_period_start?: number; current_period_end?: number };
  const items = s.items?.data ?? [];
  const ends = items.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
  const starts = items.map((i) => i.current_period_start).filter((n): n is number => typeof n === 'number');
  const end = ends.length > 0 ? Math.max(...ends) : (legacy.current_period_end ?? 0);
  const start = starts.length > 0 ? Math.min(...starts) : (legacy.current_period_start ?? s.start_date ?? 0);
  return { start, end };
}

/** The monthly amount of a subscription in major units, from its first item's price. */
function subscriptionAmount(s: Stripe.Subscription): number | null {
  const item = s.items?.data?.[0];
  const unit = item?.price?.unit_amount;
  return typeof unit === 'number' ? (unit * (item?.quantity ?? 1)) / 100 : null;
}

/** The subscription an invoice belongs to: `parent.subscription_details` now, `subscription` before. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription ?? null);
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return fromParent ?? idOf(legacy ?? null);
}

/** The service period an invoice pays for: its subscription line's period (the invoice's own is the past). */
function invoicePeriod(invoice: Stripe.Invoice): { start: number; end: number } {
  const lines = invoice.lines?.data ?? [];
  const ends = lines.map((l) => l.period?.end).filter((n): n is number => typeof n === 'number');
  const starts = lines.map((l) => l.period?.start).filter((n): n is number => typeof n === 'number');
  if (ends.length > 0) return { start: Math.min(...starts), end: Math.max(...ends) };
  return { start: invoice.period_start, end: invoice.period_end };
}

/** The user id a Stripe object names (our checkout puts it in metadata and client_reference_id). */
export function userIdOf(object: Record<string, unknown>): string | null {
  const meta = (object.metadata ?? null) as Record<string, string> | null;
  if (meta?.userId) return meta.userId;
  if (typeof object.client_reference_id === 'string' && object.client_reference_id)
    return object.client_reference_id;
  const parent = object.parent as Stripe.Invoice.Parent | null | undefined;
  const subMeta = parent?.subscription_details?.metadata;
  if (subMeta?.userId) return subMeta.userId;
  const legacyDetails = object.subscription_details as { metadata?: Record<string, string> } | undefined;
  return legacyDetails?.metadata?.userId ?? null;
}

/** The customer id a Stripe object names. */
export function customerIdOf(object: Record<string, unknown>): string | null {
  return idOf(object.customer as string | { id: string } | null | undefined);
}

// ---------------------------------------------------------------------------------------------------
// Observations

const noCancellation = {
  canReactivateUntil: null,
  cancellationReason: null,
  cancellationReasonDetails: null,
  cancellationEffectiveDate: null,
};

/**
 * The state a subscription object describes. `at` is the time of the fact (the event's `created`).
 */
export function observeSubscription(s: Stripe.Subscription, at: number, rank: number): Observation {
  const period = subscriptionPeriod(s);
  const base = {
    source: `subscription ${s.id} (${s.status})`,
    purchaseId: s.id,
    purchaseAt: s.created,
    periodEnd: period.end,
    at,
    rank,
    stripeCustomerId: customerIdOf(s as unknown as Record<string, unknown>),
    stripeSubscriptionId: s.id,
  };
  const amount = subscriptionAmount(s);
  const currency = s.currency ?? null;
  if (s.status === 'canceled' || s.status === 'incomplete_expired') {
    const end = s.ended_at ?? s.canceled_at ?? at;
    return {
      ...base,
      endedAt: end,
      state: {
        subscriptionType: 'proSubscription',
        status: 'cancelled',
        validUntil: iso(end),
        nextPaymentAmount: null,
        nextPaymentDate: null,
        currency,
        ...noCancellation,
        cancellationReason: cancellationReasonOf(s),
        cancellationReasonDetails: s.cancellation_details?.comment || null,
        cancellationEffectiveDate: iso(end),
      },
    };
  }
  const cancelAt = s.cancel_at ?? (s.cancel_at_period_end ? period.end : null);
  const cancellation =
    cancelAt !== null
      ? {
          canReactivateUntil: iso(cancelAt),
          cancellationReason: cancellationReasonOf(s),
          cancellationReasonDetails: s.cancellation_details?.comment || null,
          cancellationEffectiveDate: iso(cancelAt),
        }
      : noCancellation;
  const renewing = cancelAt === null;
  const paidUntil = cancelAt !== null ? Math.min(cancelAt, period.end || cancelAt) : period.end;
  let status: SubscriptionStatus;
  let validUntil: string | null = paidUntil ? iso(paidUntil) : null;
  switch (s.status) {
    case 'active':
    case 'trialing':
      status = 'active';
      break;
    case 'past_due':
      status = 'gracePeriod';
      break;
    case 'unpaid':
      // Stripe stopped retrying: access ends where the last paid period ended.
      status = 'cancelled';
      validUntil = period.start ? iso(period.start) : iso(at);
      break;
    case 'paused':
      status = 'paused';
      break;
    default:
      status = 'pending';
      validUntil = null;
  }
  return {
    ...base,
    state: {
      subscriptionType: 'proSubscription',
      status,
      validUntil,
      nextPaymentAmount: renewing && status !== 'cancelled' ? amount : null,
      nextPaymentDate: renewing && status !== 'cancelled' && period.end ? iso(period.end) : null,
      currency,
      ...cancellation,
    },
  };
}

function cancellationReasonOf(s: Stripe.Subscription): string | null {
  return s.metadata?.cancellationReason || s.cancellation_details?.feedback || null;
}

/** checkout.session.completed (and async_payment_succeeded): the start of a purchase. */
export function observeCheckout(session: Stripe.Checkout.Session, at: number): Observation | null {
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const currency = session.currency ?? null;
  const customer = customerIdOf(session as unknown as Record<string, unknown>);
  if (session.mode === 'subscription') {
    const subscriptionId = idOf(session.subscription);
    if (!subscriptionId) return null;
    // The period is not on the session; one month from the purchase until the subscription's own events
    // (ranked higher for the same period) say exactly.
    const estimatedEnd = addMonths(session.created);
    return {
      source: `checkout ${session.id} (subscription)`,
      purchaseId: subscriptionId,
      purchaseAt: session.created,
      periodEnd: 0,
      at,
      rank: ranks.checkout,
      stripeCustomerId: customer,
      stripeSubscriptionId: subscriptionId,
      state: {
        subscriptionType: 'proSubscription',
        status: paid ? 'active' : 'pending',
        validUntil: paid ? iso(estimatedEnd) : null,
        nextPaymentAmount: session.amount_total !== null ? session.amount_total / 100 : null,
        nextPaymentDate: paid ? iso(estimatedEnd) : null,
        currency,
        ...noCancellation,
      },
    };
  }
  if (session.mode === 'payment') {
    const paymentIntent = idOf(session.payment_intent);
    return {
      source: `checkout ${session.id} (lifetime)`,
      purchaseId: paymentIntent ?? session.id,
      purchaseAt: session.created,
      periodEnd: 0,
      at,
      rank: ranks.checkout,
      stripeCustomerId: customer,
      stripePaymentIntentId: paymentIntent,
      stripeSubscriptionId: null,
      state: {
        subscriptionType: 'proLifetime',
        status: paid ? 'active' : 'pending',
        validUntil: null,
        nextPaymentAmount: null,
        nextPaymentDate: null,
        currency,
        ...noCancellation,
      },
    };
  }
  return null;
}

/**
 * invoice.paid: a paid period. For a new cycle this is the spec's renewal: status active, validUntil one
 * month ahead (the end of the paid period), the cancellation fields and canReactivateUntil cleared, then the
 * reactivation e-mail.
 */
export function observeInvoicePaid(invoice: Stripe.Invoice, at: number): Observation | null {
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return null;
  const period = invoicePeriod(invoice);
  const validUntil = period.end > period.start ? period.end : addMonths(period.start || at);
  return {
    source: `invoice ${invoice.id} paid (${invoice.billing_reason})`,
    purchaseId: subscriptionId,
    purchaseAt: invoice.created,
    periodEnd: validUntil,
    at,
    rank: ranks.invoicePaid,
    stripeCustomerId: customerIdOf(invoice as unknown as Record<string, unknown>),
    stripeSubscriptionId: subscriptionId,
    renewal: invoice.billing_reason === 'subscription_cycle',
    state: {
      subscriptionType: 'proSubscription',
      status: 'active',
      validUntil: iso(validUntil),
      nextPaymentAmount: invoice.amount_paid / 100,
      nextPaymentDate: iso(validUntil),
      currency: invoice.currency ?? null,
      ...noCancellation,
    },
  };
}

/** invoice.payment_failed: the grace period (access kept while Stripe retries the payment). */
export function observePaymentFailed(invoice: Stripe.Invoice, at: number): Observation | null {
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return null;
  const period = invoicePeriod(invoice);
  const end = period.end > period.start ? period.end : addMonths(period.start || at);
  return {
    source: `invoice ${invoice.id} payment failed`,
    purchaseId: subscriptionId,
    purchaseAt: invoice.created,
    periodEnd: end,
    at,
    rank: ranks.paymentFailed,
    stripeCustomerId: customerIdOf(invoice as unknown as Record<string, unknown>),
    stripeSubscriptionId: subscriptionId,
    state: {
      subscriptionType: 'proSubscription',
      status: 'gracePeriod',
      validUntil: iso(end),
      nextPaymentAmount: invoice.amount_due / 100,
      nextPaymentDate: invoice.next_payment_attempt ? iso(invoice.next_payment_attempt) : null,
      currency: invoice.currency ?? null,
      ...noCancellation,
    },
  };
}

/**
 * charge.refunded: a fully refunded payment ends the purchase it paid for (Lifetime included): access is
 * removed at once. Which purchase: the Lifetime one when the payment intent matches, otherwise the stored
 * subscription when the charge was made during it. Partial refunds change nothing.
 */
export function observeRefund(
  charge: Stripe.Charge,
  at: number,
  stored: SubscriptionRow | null,
): Observation | null {
  if (!charge.refunded) return null;
  const paymentIntent = idOf(charge.payment_intent);
  const refundTime = refundTimeOf(charge) ?? at;
  const meta = (charge.metadata ?? {}) as Record<string, string>;
  // A Lifetime purchase is its payment intent: known from the charge alone (our checkout also tags the
  // payment with planType), so the refund counts even if it arrives before the checkout event.
  const lifetime =
    paymentIntent !== null &&
    (meta.planType === 'proLifetime' ||
      (stored?.subscriptionType === 'proLifetime' && stored.stripePaymentIntentId === paymentIntent));
  let purchaseId: string;
  let subscriptionType: string;
  if (lifetime && paymentIntent) {
    purchaseId = paymentIntent;
    subscriptionType = 'proLifetime';
  } else if (
    stored?.stripePurchaseId &&
    stored.subscriptionType === 'proSubscription' &&
    charge.created >= seconds(stored.purchasedAt) - 60
  ) {
    purchaseId = stored.stripePurchaseId;
    subscriptionType = 'proSubscription';
  } else {
    return null;
  }
  return {
    source: `charge ${charge.id} refunded`,
    purchaseId,
    purchaseAt: stored?.stripePurchaseId === purchaseId ? seconds(stored.purchasedAt) : charge.created,
    periodEnd: 0,
    at,
    rank: 9,
    endedAt: refundTime,
    refunded: true,
    stripeCustomerId: customerIdOf(charge as unknown as Record<string, unknown>),
    ...(lifetime ? { stripePaymentIntentId: paymentIntent, stripeSubscriptionId: null } : {}),
    state: {
      subscriptionType,
      status: 'cancelled',
      validUntil: iso(refundTime),
      nextPaymentAmount: null,
      nextPaymentDate: null,
      currency: charge.currency ?? stored?.currency ?? null,
      ...noCancellation,
      cancellationReason: 'refunded',
      cancellationEffectiveDate: iso(refundTime),
    },
  };
}

function refundTimeOf(charge: Stripe.Charge): number | null {
  const refunds = charge.refunds?.data ?? [];
  const times = refunds.map((r) => r.created).filter((n) => typeof n === 'number');
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * A refund we asked Stripe for (the money-back guarantee): the stored purchase ends now, refunded. The
 * charge.refunded event that follows says the same and merges with it.
 */
export function observeRefundRequested(stored: SubscriptionRow, now: Date): Observation | null {
  if (!stored.stripePurchaseId) return null;
  const at = Math.floor(now.getTime() / 1000);
  return {
    source: `refund of ${stored.stripePurchaseId}`,
    purchaseId: stored.stripePurchaseId,
    purchaseAt: seconds(stored.purchasedAt),
    periodEnd: 0,
    at,
    rank: 9,
    endedAt: at,
    refunded: true,
    state: {
      subscriptionType: stored.subscriptionType,
      status: 'cancelled',
      validUntil: iso(at),
      nextPaymentAmount: null,
      nextPaymentDate: null,
      currency: stored.currency,
      ...noCancellation,
      cancellationReason: 'refunded',
      cancellationEffectiveDate: iso(at),
    },
  };
}

/**
 * charge.dispute.created: the buyer asked their bank for the money back. Whatever payment of the account
 * it names (a dispute names only a charge, which the webhook has already tied to this user), the stored
 * purchase ends at the dispute: no access is kept while the money is being taken back.
 */
export function observeDispute(
  dispute: Stripe.Dispute,
  at: number,
  stored: SubscriptionRow | null,
): Observation | null {
  if (!stored?.stripePurchaseId) return null;
  const end = dispute.created || at;
  return {
    source: `dispute ${dispute.id} of charge ${idOf(dispute.charge)}`,
    purchaseId: stored.stripePurchaseId,
    purchaseAt: seconds(stored.purchasedAt),
    periodEnd: 0,
    at,
    rank: 9,
    endedAt: end,
    disputed: true,
    state: {
      subscriptionType: stored.subscriptionType,
      status: 'cancelled',
      validUntil: iso(end),
      nextPaymentAmount: null,
      nextPaymentDate: null,
      currency: stored.currency,
      ...noCancellation,
      cancellationReason: 'disputed',
      cancellationEffectiveDate: iso(end),
    },
  };
}

/** The observation an event carries, or null for event types that do not change a subscription. */
export function observeEvent(event: Stripe.Event, stored: SubscriptionRow | null): Observation | null {
  const at = event.created;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return observeCheckout(event.data.object, at);
    case 'customer.subscription.created':
      return observeSubscription(event.data.object, at, ranks.subscriptionCreated);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return observeSubscription(event.data.object, at, ranks.subscriptionUpdated);
    case 'invoice.paid':
      return observeInvoicePaid(event.data.object, at);
    case 'invoice.payment_failed':
      return observePaymentFailed(event.data.object, at);
    case 'charge.refunded':
      return observeRefund(event.data.object, at, stored);
    case 'charge.dispute.created':
      return observeDispute(event.data.object, at, stored);
    default:
      return null;
  }
}

/** A subscription read back from a Stripe call (cancel, reactivate, sync), observed at `now`. */
export function observeApiSubscription(s: Stripe.Subscription, now: Date): Observation {
  const observation = observeSubscription(s, Math.floor(now.getTime() / 1000), ranks.apiRead);
  return { ...observation, atMs: now.getTime() % 1000 };
}

// ---------------------------------------------------------------------------------------------------
// Deciding

/**
 * The next row for the stored row (null: none yet) and one observation. Commutative in the sense the tests
 * check: applying a set of observations in any order ends in the same row (apart from bookkeeping times).
 */
export function decide(
  sub: string,
  stored: SubscriptionRow | null,
  obs: Observation,
  eventId: string,
  now: Date,
): Decision {
  const none = (reason: string): Decision => ({ next: null, reason, sendReactivationEmail: false });
  const base = stored ?? emptyRow(sub, now);
  const samePurchase = base.stripePurchaseId === obs.purchaseId;
  const key = orderKey(obs);

  if (!samePurchase && base.stripePurchaseId) {
    const storedAt = seconds(base.purchasedAt);
    if (obs.purchaseAt < storedAt) return none('an older purchase');
    if (obs.purchaseAt === storedAt && obs.purchaseId < base.stripePurchaseId)
      return none('a purchase of the same second, ordered by id');
    if (obs.endedAt !== undefined) return none('the end of a purchase that is not the stored one');
  }
  if (
    !samePurchase &&
    base.subscriptionType === 'proLifetime' &&
    !base.endedAt &&
    base.status === 'active' &&
    obs.state.subscriptionType !== 'proLifetime'
  )
    return none('a lifetime purchase is never replaced by a subscription');

  const identity = samePurchase
    ? {
        stripeCustomerId: base.stripeCustomerId ?? obs.stripeCustomerId ?? null,
        stripeSubscriptionId: base.stripeSubscriptionId ?? obs.stripeSubscriptionId ?? null,
        stripePaymentIntentId: base.stripePaymentIntentId ?? obs.stripePaymentIntentId ?? null,
        stripePurchaseId: obs.purchaseId,
        purchasedAt: iso(Math.min(seconds(base.purchasedAt) || obs.purchaseAt, obs.purchaseAt)),
      }
    : {
        stripeCustomerId: obs.stripeCustomerId ?? base.stripeCustomerId,
        stripeSubscriptionId: obs.stripeSubscriptionId ?? null,
        stripePaymentIntentId: obs.stripePaymentIntentId ?? null,
        stripePurchaseId: obs.purchaseId,
        purchasedAt: iso(obs.purchaseAt),
      };
  /** Facts about the purchase that are not state (ids, purchase time) are merged even from an old event. */
  const identityOnly = (reason: string): Decision => {
    const changed = (Object.keys(identity) as (keyof typeof identity)[]).some((k) => identity[k] !== base[k]);
    if (!changed) return none(reason);
    return {
      next: { ...base, ...identity, profileId: sub, updatedAt: now.toISOString() },
      reason: `${reason}; identity merged`,
      sendReactivationEmail: false,
    };
  };
  const bookkeeping = {
    stripeOrder: key,
    stripeStateAt: obs.at,
    stripeEventId: eventId,
    updatedAt: now.toISOString(),
    createdAt: base.createdAt,
    profileId: sub,
  };

  if (samePurchase && base.endedAt) {
    // An ended purchase stays ended. Another end fact may only move the end earlier or add the refund.
    if (obs.endedAt === undefined)
      return identityOnly('the purchase has ended; a later update cannot resurrect it');
    const end = Math.min(seconds(base.endedAt), obs.endedAt);
    const refundedAt = base.refundedAt ?? (obs.refunded ? iso(obs.endedAt) : null);
    const disputedAt = base.disputedAt ?? (obs.disputed ? iso(obs.endedAt) : null);
    if (end === seconds(base.endedAt) && refundedAt === base.refundedAt && disputedAt === base.disputedAt)
      return identityOnly('already ended');
    const winner = end === obs.endedAt ? obs.state : base;
    return {
      next: {
        ...base,
        ...identity,
        ...bookkeeping,
        ...pickState(winner),
        status: 'cancelled',
        validUntil: iso(end),
        endedAt: iso(end),
        refundedAt,
        disputedAt,
        guaranteeUsed: withGuaranteeUsed(base.guaranteeUsed, refundedAt ? base.subscriptionType : null),
        // A dispute says the most to staff, then a refund, then whatever ended the purchase first.
        cancellationReason: disputedAt ? 'disputed' : refundedAt ? 'refunded' : winner.cancellationReason,
        stripeOrder: base.stripeOrder && base.stripeOrder > key ? base.stripeOrder : key,
      },
      reason: 'end of purchase merged',
      sendReactivationEmail: false,
    };
  }

  if (samePurchase && obs.endedAt === undefined && base.stripeOrder && key <= base.stripeOrder)
    return identityOnly(key === base.stripeOrder ? 'the same fact again' : 'an older fact');

  const next: SubscriptionRow = {
    ...base,
    ...identity,
    ...bookkeeping,
    ...obs.state,
    endedAt: obs.endedAt !== undefined ? iso(obs.endedAt) : null,
    refundedAt: obs.refunded && obs.endedAt !== undefined ? iso(obs.endedAt) : null,
    disputedAt: obs.disputed && obs.endedAt !== undefined ? iso(obs.endedAt) : null,
    guaranteeUsed: withGuaranteeUsed(base.guaranteeUsed, obs.refunded ? obs.state.subscriptionType : null),
  };
  return {
    next,
    reason: obs.endedAt !== undefined ? 'purchase ended' : samePurchase ? 'newer fact' : 'new purchase',
    sendReactivationEmail: Boolean(obs.renewal),
  };
}

/** The kinds whose guarantee is used, with `kind` added (a set, in a stable order). */
function withGuaranteeUsed(used: readonly string[] | null | undefined, kind: string | null): string[] {
  const all = new Set(used ?? []);
  if (kind === 'proSubscription' || kind === 'proLifetime') all.add(kind);
  return [...all].sort();
}

function pickState(s: StateFields): StateFields {
  return {
    subscriptionType: s.subscriptionType,
    status: s.status,
    validUntil: s.validUntil,
    nextPaymentAmount: s.nextPaymentAmount,
    nextPaymentDate: s.nextPaymentDate,
    currency: s.currency,
    canReactivateUntil: s.canReactivateUntil,
    cancellationReason: s.cancellationReason,
    cancellationReasonDetails: s.cancellationReasonDetails,
    cancellationEffectiveDate: s.cancellationEffectiveDate,
  };
}

// ---------------------------------------------------------------------------------------------------
// The view

type RowLike = Partial<SubscriptionRow> & { subscriptionType?: string; status?: string };

/** Whether the account has used the money-back guarantee of its current purchase's kind already. */
export function guaranteeUsed(row: RowLike | null | undefined): boolean {
  return Boolean(row?.subscriptionType && row.guaranteeUsed?.includes(row.subscriptionType));
}

/**
 * Whether a purchase is within the money-back guarantee: 14 days (Lifetime included), once per account
 * per plan kind.
 */
export function isRefundable(row: RowLike | null | undefined, now = new Date()): boolean {
  if (!row?.purchasedAt || row.endedAt || row.refundedAt) return false;
  if (row.subscriptionType !== 'proLifetime' && row.subscriptionType !== 'proSubscription') return false;
  if (guaranteeUsed(row)) return false;
  const age = now.getTime() - new Date(row.purchasedAt).getTime();
  return age >= 0 && age <= MONEY_BACK_GUARANTEE_DAYS * 86_400_000;
}

/** What the browser sees of a stored row (null: the user never paid). */
export function subscriptionView(row: RowLike | null | undefined, now = new Date()): SubscriptionView {
  const state =
    row?.subscriptionType && row.status
      ? { ...row, subscriptionType: row.subscriptionType, status: row.status }
      : null;
  const pro = hasProAccess(state, now);
  const cancelledButValid = isCancelledButValid(state, now);
  const future = (d: string | null | undefined) =>
    Boolean(d) && new Date(d as string).getTime() > now.getTime();
  const cancelPending =
    pro && row?.subscriptionType === 'proSubscription' && future(row?.canReactivateUntil ?? null);
  const type = row?.subscriptionType;
  return {
    plan:
      (pro || cancelledButValid) && (type === 'proSubscription' || type === 'proLifetime') ? type : 'free',
    subscriptionType: row?.subscriptionType ?? null,
    status: row?.status ?? null,
    validUntil: row?.validUntil ?? null,
    nextPaymentAmount: row?.nextPaymentAmount ?? null,
    nextPaymentDate: row?.nextPaymentDate ?? null,
    currency: row?.currency ?? null,
    cancellationReason: row?.cancellationReason ?? null,
    cancellationReasonDetails: row?.cancellationReasonDetails ?? null,
    cancellationEffectiveDate: row?.cancellationEffectiveDate ?? null,
    canReactivateUntil: row?.canReactivateUntil ?? null,
    hasProAccess: pro,
    cancelledButValid,
    cancelPending,
    inGracePeriod: pro && row?.status === 'gracePeriod',
    canReactivate: cancelPending && Boolean(row?.stripeSubscriptionId),
    renews: pro && type === 'proSubscription' && !cancelPending && row?.status === 'active',
    refundable: pro && isRefundable(row, now),
    hasBillingAccount: Boolean(row?.stripeCustomerId),
    disputedAt: row?.disputedAt ?? null,
  };
}
