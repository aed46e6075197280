import Stripe from 'stripe';
import { billingErrorStatus } from '#shared/billing';
import { logger } from '../../lib/logger.ts';
import { sendReactivationEmail } from './mail.ts';
import { customerIdOf, observeEvent, type SubscriptionRow, userIdOf } from './state.ts';
import {
  applyObservation,
  type BillingFacts,
  eventProcessed,
  readSubscriptionRow,
  userOfCustomer,
} from './store.ts';

/**
 * POST /api/webhooks/stripe. The handler passes the body exactly as received (no JSON parsing before this:
 * the signature is over the raw bytes; API Gateway's base64 body must be decoded to the same UTF-8 string)
 * and the `Stripe-Signature` header. Answers:
 * - 400 `INVALID_SIGNATURE`: missing, wrong, or dated more than `toleranceSeconds` (300 s, Stripe's default)
 *   before or after now (Stripe's library refuses only old ones; a future date is a replay prepared ahead
 *   or a clock to distrust); nothing is read or written;
 * - 200 `{received: true}` otherwise, also for unknown event types (logged), duplicates, older events
 *   (recorded, no change) and events for users we do not know;
 * - a thrown error (500) only when DynamoDB fails: Stripe retries the delivery, and the event record,
 *   written in the same transaction as the change, keeps the retry from applying twice.
 */

export const handledEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
] as const;

/** The audit log's actor for what Stripe tells us (no staff member acts). */
export const STRIPE_AUDIT_ACTOR = { sub: 'stripe', email: null, role: null } as const;

export interface WebhookResponse {
  status: 200 | 400;
  body: { received: true; outcome: string } | { error: { code: 'INVALID_SIGNATURE'; message: string } };
}

export interface WebhookOptions {
  /** How far a signature's timestamp may be from now, either way, in seconds (default 300, as Stripe's). */
  toleranceSeconds?: number;
  now?: () => Date;
  /**
   * The Stripe client: a dispute names only its charge, which is read to find the customer, and the
   * disputed subscription is cancelled through it. Without one a dispute fails (500) and Stripe retries.
   */
  stripe?: Stripe;
}

const verifier = Stripe.webhooks;

/**
 * The latest `t=` timestamp of a Stripe-Signature header (epoch seconds), or null when it has none. The
 * latest, not the first: a header may repeat `t=` and Stripe's verifier signs over the one it reads last.
 */
export function signatureTimestamp(header: string): number | null {
  let latest: number | null = null;
  for (const part of header.split(',')) {
    const [key, value] = part.split('=');
    if (key?.trim() !== 't' || !value) continue;
    const t = Number.parseInt(value.trim(), 10);
    if (Number.isFinite(t)) latest = Math.max(latest ?? t, t);
  }
  return latest;
}

/** Verify, then apply one Stripe event at most once. */
export async function handleStripeWebhook(
  rawBody: string,
  signatureHeader: string | undefined,
  secret: string,
  options: WebhookOptions = {},
): Promise<WebhookResponse> {
  let event: Stripe.Event;
  try {
    if (!signatureHeader || !secret) throw new Error('missing signature or secret');
    const tolerance = options.toleranceSeconds ?? 300;
    const nowSeconds = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
    const timestamp = signatureTimestamp(signatureHeader);
    if (timestamp !== null && timestamp > nowSeconds + tolerance)
      throw new Error('signature timestamp is in the future');
    event = verifier.constructEvent(rawBody, signatureHeader, secret, tolerance);
  } catch (error) {
    logger.warn('stripe webhook refused: bad signature', { reason: (error as Error).message });
    return {
      status: billingErrorStatus.INVALID_SIGNATURE,
      body: {
        error: {
          code: 'INVALID_SIGNATURE',
          message: 'The Stripe signature is missing, wrong, too old or dated in the future.',
        },
      },
    };
  }
  const done = (outcome: string): WebhookResponse => ({ status: 200, body: { received: true, outcome } });
  const log = { eventId: event.id, type: event.type };

  if (!(handledEventTypes as readonly string[]).includes(event.type)) {
    logger.info('stripe event of an unhandled type acknowledged', log);
    return done('unhandled type');
  }
  if (await eventProcessed(event.id)) {
    logger.info('stripe event already processed', log);
    return done('duplicate');
  }

  const object = event.data.object as unknown as Record<string, unknown>;
  const dispute = event.type === 'charge.dispute.created' ? event.data.object : null;
  const customerId = dispute ? await customerOfDispute(dispute, options.stripe) : customerIdOf(object);
  const sub = (dispute ? null : userIdOf(object)) ?? (customerId ? await userOfCustomer(customerId) : null);
  if (!sub) {
    // Not recorded: a later delivery may find the user once the checkout event has linked the customer.
    logger.warn('stripe event for no known user', { ...log, customerId });
    return done('unknown user');
  }

  const stored = await readSubscriptionRow(sub);
  const observation = observeEvent(event, stored.row);
  if (dispute) await stopBilling(options.stripe, sub, stored.row);
  const outcome = await applyObservation({
    sub,
    event: { id: event.id, type: event.type },
    observation,
    customerId: dispute ? null : customerId,
    billing: billingFacts(event, customerId),
    ...(dispute
      ? {
          audit: {
            actor: { ...STRIPE_AUDIT_ACTOR },
            action: `STRIPE ${event.type}`,
            target: { userId: sub },
          },
        }
      : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  if (outcome.kind === 'duplicate') return done('duplicate');
  if (outcome.kind === 'userGone') {
    logger.warn('stripe event for a deleted account ignored', { ...log, sub });
    return done('user gone');
  }
  logger.info('stripe event processed', { ...log, sub, outcome: outcome.decision.reason });
  if (outcome.decision.sendReactivationEmail && outcome.decision.next) {
    try {
      await sendReactivationEmail(sub, outcome.decision.next.validUntil);
    } catch (error) {
      logger.error('reactivation e-mail failed', { sub, error: error as Error });
    }
  }
  return done(outcome.decision.reason);
}

/** The customer of a disputed charge (a dispute names no customer), read from Stripe. */
async function customerOfDispute(
  dispute: Stripe.Dispute,
  stripe: Stripe | undefined,
): Promise<string | null> {
  if (typeof dispute.charge !== 'string')
    return customerIdOf(dispute.charge as unknown as Record<string, unknown>);
  if (!stripe) throw new Error('a dispute needs the Stripe client to read its charge');
  try {
    const charge = await stripe.charges.retrieve(dispute.charge);
    return customerIdOf(charge as unknown as Record<string, unknown>);
  } catch (error) {
    // A charge Stripe does not know (another account's event) names nobody; anything else is retried.
    if ((error as { type?: string }).type === 'StripeInvalidRequestError') return null;
    throw error;
  }
}

/**
 * Cancel the disputed purchase's subscription at Stripe now, so no further payment is taken, before the
 * dispute is recorded: when Stripe cannot be reached the delivery fails and Stripe retries it. A
 * subscription Stripe refuses to cancel (already cancelled, or gone) has nothing left to bill.
 */
async function stopBilling(stripe: Stripe | undefined, sub: string, row: SubscriptionRow | null) {
  const subscriptionId = row?.stripeSubscriptionId;
  if (row?.subscriptionType !== 'proSubscription' || !subscriptionId || row.endedAt) return;
  if (!stripe) throw new Error('a dispute needs the Stripe client to cancel the subscription');
  try {
    await stripe.subscriptions.cancel(subscriptionId, {
      prorate: false,
      cancellation_details: { comment: 'payment disputed' },
    });
    logger.info('subscription cancelled after a dispute', { sub });
  } catch (error) {
    if ((error as { type?: string }).type !== 'StripeInvalidRequestError') throw error;
    logger.warn('subscription of a dispute not cancelled: Stripe refused', { sub, error: error as Error });
  }
}

/** BillingInfo facts (spec section 3) carried by a checkout session or an invoice. */
export function billingFacts(event: Stripe.Event, customerId: string | null): BillingFacts | null {
  if (!customerId) return null;
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const d = event.data.object.customer_details;
    if (!d) return null;
    return {
      customerId,
      name: d.name ?? null,
      email: d.email ?? null,
      address: d.address ?? null,
      at: event.created,
    };
  }
  if (event.type === 'invoice.paid') {
    const i = event.data.object;
    return {
      customerId,
      name: i.customer_name ?? null,
      email: i.customer_email ?? null,
      address: i.customer_address ?? null,
      at: event.created,
    };
  }
  return null;
}
