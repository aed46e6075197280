import type { StripeContext } from '../context.ts';
import { StripeApiError } from '../errors.ts';
import { int, text } from '../form.ts';
import { refundCharge } from '../payments.ts';
import { findIn } from '../store.ts';
import type { Charge, Refund } from '../types.ts';
import type { ApiCall } from './call.ts';

/** POST /v1/refunds of a `charge` or a `payment_intent` (its latest charge), all or `amount` of it. */
export async function refundsApi(
  ctx: StripeContext,
  { method, params }: ApiCall,
): Promise<Refund | undefined> {
  if (method !== 'POST') return undefined;
  let ch: Charge | undefined;
  if (params.charge) ch = findIn(ctx.store.charges, text(params.charge), 'charge');
  else if (params.payment_intent) {
    const pi = findIn(ctx.store.paymentIntents, text(params.payment_intent), 'payment_intent');
    ch = pi.latest_charge ? ctx.store.charges[pi.latest_charge] : undefined;
  }
  if (!ch) throw new StripeApiError(400, 'Provide a charge or a payment_intent to refund.');
  return refundCharge(ctx, ch, int(params.amount));
}
