import type { StripeContext } from '../context.ts';
import { findIn } from '../store.ts';
import type { Charge, Invoice, PaymentIntent } from '../types.ts';
import type { ApiCall } from './call.ts';

/** GET /v1/invoices/{id}, GET /v1/charges/{id}, GET /v1/payment_intents/{id}. */
export async function retrieveApi(
  ctx: StripeContext,
  { method, parts }: ApiCall,
): Promise<Invoice | Charge | PaymentIntent | undefined> {
  if (method !== 'GET') return undefined;
  const [, resource, id] = parts;
  if (resource === 'invoices') return findIn(ctx.store.invoices, id, 'invoice');
  if (resource === 'charges') return findIn(ctx.store.charges, id, 'charge');
  if (resource === 'payment_intents') return findIn(ctx.store.paymentIntents, id, 'payment_intent');
  return undefined;
}
