import type { StripeContext } from '../context.ts';
import { StripeApiError } from '../errors.ts';
import { disputeCharge, refundCharge } from '../payments.ts';
import { cancelSubscription, failNext, renew, updateSubscription } from '../subscriptions.ts';
import type { Charge, Customer, Subscription } from '../types.ts';

/** The charge that paid a subscription's latest invoice, if any. */
function latestCharge(ctx: StripeContext, s: Subscription): Charge | undefined {
  const inv = s.latest_invoice ? ctx.store.invoices[s.latest_invoice] : undefined;
  return inv?.charge_id ? ctx.store.charges[inv.charge_id] : undefined;
}

/**
 * A button of the customer's page on one of its subscriptions or one-time payments (`target`): renew, fail
 * the next payment, cancel at period end or resume, cancel now, refund (a subscription's refund also
 * cancels it), dispute. Anything else, or another customer's object, is 400.
 */
export async function customerAction(
  ctx: StripeContext,
  c: Customer,
  action: string,
  target: string,
): Promise<void> {
  const { store } = ctx;
  const s = store.subscriptions[target];
  if (s && s.customer === c.id) {
    if (action === 'renew') return renew(ctx, s);
    if (action === 'fail') return failNext(ctx, s);
    if (action === 'cancel-at-period-end')
      return updateSubscription(ctx, s, { cancel_at_period_end: 'true' });
    if (action === 'resume') return updateSubscription(ctx, s, { cancel_at_period_end: 'false' });
    if (action === 'cancel-now') return cancelSubscription(ctx, s);
    if (action === 'dispute') {
      const ch = latestCharge(ctx, s);
      if (!ch) throw new StripeApiError(400, 'No payment to dispute.');
      return void (await disputeCharge(ctx, ch));
    }
    if (action === 'refund') {
      const ch = latestCharge(ctx, s);
      if (ch && !ch.refunded) await refundCharge(ctx, ch);
      return cancelSubscription(ctx, s);
    }
  }
  const pi = store.paymentIntents[target];
  const ch = pi?.latest_charge ? store.charges[pi.latest_charge] : undefined;
  if (pi && pi.customer === c.id && action === 'dispute') {
    if (!ch) throw new StripeApiError(400, 'No payment to dispute.');
    return void (await disputeCharge(ctx, ch));
  }
  if (pi && pi.customer === c.id && action === 'refund') {
    if (ch && !ch.refunded) await refundCharge(ctx, ch);
    return;
  }
  throw new StripeApiError(400, 'Unknown action.');
}
