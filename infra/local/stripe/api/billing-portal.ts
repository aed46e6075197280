import { nowSeconds } from '../calendar.ts';
import type { StripeContext } from '../context.ts';
import { customerOf } from '../customers.ts';
import { text } from '../form.ts';
import { newId } from '../ids.ts';
import type { PortalSession } from '../types.ts';
import type { ApiCall } from './call.ts';

/** POST /v1/billing_portal/sessions: a link to the customer's page, which returns to `return_url`. */
export async function billingPortalApi(
  ctx: StripeContext,
  { method, parts, params }: ApiCall,
): Promise<PortalSession | undefined> {
  if (parts[2] !== 'sessions' || method !== 'POST') return undefined;
  const c = customerOf(ctx, String(params.customer ?? ''));
  const returnUrl = text(params.return_url);
  const session: PortalSession = {
    id: newId('bps'),
    object: 'billing_portal.session',
    customer: c.id,
    created: nowSeconds(),
    livemode: false,
    return_url: returnUrl ?? null,
    flow: params.flow_data ?? null,
    url: `${ctx.publicUrl}/customer/${c.id}${returnUrl ? `?return=${encodeURIComponent(returnUrl)}` : ''}`,
  };
  ctx.store.portalSessions[session.id] = session;
  ctx.save();
  return session;
}
