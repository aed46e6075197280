import { createSession, expireIfDue, expireSession } from '../checkout.ts';
import type { StripeContext } from '../context.ts';
import { findIn } from '../store.ts';
import type { CheckoutSession } from '../types.ts';
import type { ApiCall } from './call.ts';

/** POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, POST /v1/checkout/sessions/{id}/expire. */
export async function checkoutSessionsApi(
  ctx: StripeContext,
  { method, parts, params }: ApiCall,
): Promise<CheckoutSession | undefined> {
  if (parts[2] !== 'sessions') return undefined;
  const sessionId = parts[3];
  if (method === 'POST' && !sessionId) return createSession(ctx, params);
  if (method === 'GET' && sessionId)
    return expireIfDue(ctx, findIn(ctx.store.sessions, sessionId, 'checkout.session'));
  if (method === 'POST' && sessionId && parts[4] === 'expire')
    return expireSession(ctx, findIn(ctx.store.sessions, sessionId, 'checkout.session'));
  return undefined;
}
