import type Stripe from 'stripe';
import type { SubscriptionView } from '#shared/billing';
import { logger } from '../../lib/logger.ts';
import { BillingError } from './errors.ts';
import { guaranteeUsed, isRefundable, observeRefundRequested, subscriptionView } from './state.ts';
import { applyObservation, readSubscriptionRow } from './store.ts';

/** The payment of an invoice: `payments` (current API, expanded) or `payment_intent` / `charge` (older). */
function invoicePaymentOf(invoice: Stripe.Invoice): { payment_intent?: string; charge?: string } | null {
  for (const p of invoice.payments?.data ?? []) {
    const pi = p.payment?.payment_intent;
    if (pi) return { payment_intent: typeof pi === 'string' ? pi : pi.id };
    const ch = p.payment?.charge;
    if (ch) return { charge: typeof ch === 'string' ? ch : ch.id };
  }
  const legacy = invoice as unknown as {
    payment_intent?: string | { id: string } | null;
    charge?: string | { id: string } | null;
  };
  if (legacy.payment_intent)
    return {
      payment_intent:
        typeof legacy.payment_intent === 'string' ? legacy.payment_intent : legacy.payment_intent.id,
    };
  if (legacy.charge) return { charge: typeof legacy.charge === 'string' ? legacy.charge : legacy.charge.id };
  return null;
}

/**
 * What Stripe's refusal of a refund means when it is about the purchase, not about Stripe: its payment
 * unknown there (deleted, or of another account or mode) is PAYMENT_NOT_FOUND, already refunded there (the
 * charge.refunded event not here yet) is ALREADY_REFUNDED, both 409. Anything else is null: a failure.
 */
export function refundRefusal(error: unknown): BillingError | null {
  const { type, code } = (error ?? {}) as { type?: unknown; code?: unknown };
  if (type !== 'StripeInvalidRequestError') return null;
  if (code === 'resource_missing') {
    return new BillingError('PAYMENT_NOT_FOUND', 'Stripe has no record of this purchase’s payment.', {
      cause: error,
    });
  }
  if (code === 'charge_already_refunded') {
    return new BillingError('ALREADY_REFUNDED', 'This payment has already been refunded.', { cause: error });
  }
  return null;
}

/**
 * The 14-day money-back guarantee (Lifetime included), once per account per plan kind: refund the purchase's payment and end it. A Lifetime
 * purchase refunds its payment intent; a subscription refunds its latest paid invoice and is cancelled at
 * once. Access ends now (applied here; the charge.refunded and subscription.deleted events that follow say
 * the same). GUARANTEE_USED (409) when a purchase of this kind was refunded before (buy, refund, buy
 * again); NOT_REFUNDABLE (409) outside the 14 days or with nothing paid; PAYMENT_NOT_FOUND or
 * ALREADY_REFUNDED (409) when Stripe does not know the payment or refunded it already; PAYMENT_PROVIDER_ERROR
 * (502) when Stripe fails.
 */
export async function refundPurchase(
  stripe: Stripe,
  sub: string,
  now: () => Date = () => new Date(),
): Promise<SubscriptionView> {
  const { row } = await readSubscriptionRow(sub);
  if (row && !row.endedAt && guaranteeUsed(row)) {
    throw new BillingError(
      'GUARANTEE_USED',
      'The money-back guarantee of this plan was already used on this account (once per account).',
    );
  }
  if (!row || !isRefundable(row, now())) {
    throw new BillingError('NOT_REFUNDABLE', 'This purchase is outside the 14-day money-back guarantee.');
  }
  // Once Stripe has refunded, its later refusals (the cancel) are failures, never "nothing to refund".
  let refunded = false;
  try {
    if (row.subscriptionType === 'proLifetime') {
      if (!row.stripePaymentIntentId)
        throw new BillingError('NOT_REFUNDABLE', 'There is no payment to refund.');
      await stripe.refunds.create({
        payment_intent: row.stripePaymentIntentId,
        reason: 'requested_by_customer',
        metadata: { userId: sub },
      });
      refunded = true;
    } else {
      const subscriptionId = row.stripeSubscriptionId;
      if (!subscriptionId) throw new BillingError('NOT_REFUNDABLE', 'There is no payment to refund.');
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const invoiceId =
        typeof subscription.latest_invoice === 'string'
          ? subscription.latest_invoice
          : subscription.latest_invoice?.id;
      const invoice = invoiceId ? await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }) : null;
      const payment = invoice ? invoicePaymentOf(invoice) : null;
      if (!payment) throw new BillingError('NOT_REFUNDABLE', 'There is no payment to refund.');
      await stripe.refunds.create({ ...payment, reason: 'requested_by_customer', metadata: { userId: sub } });
      refunded = true;
      await stripe.subscriptions.cancel(subscriptionId, { cancellation_details: { comment: 'refunded' } });
    }
  } catch (cause) {
    if (cause instanceof BillingError) throw cause;
    const refusal = refunded ? null : refundRefusal(cause);
    if (refusal) {
      logger.warn('stripe refused the refund', { sub, code: refusal.code });
      throw refusal;
    }
    logger.error('stripe refund failed', { sub, error: cause as Error });
    throw new BillingError('PAYMENT_PROVIDER_ERROR', 'The refund could not be made; try again.', { cause });
  }
  logger.info('purchase refunded', { sub, type: row.subscriptionType });
  const observation = observeRefundRequested(row, now());
  const outcome = await applyObservation({ sub, observation, now });
  return subscriptionView(outcome.kind === 'applied' ? outcome.row : row, now());
}
