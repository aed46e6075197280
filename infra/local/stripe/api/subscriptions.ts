import type { StripeContext } from '../context.ts';
import { findIn } from '../store.ts';
import { cancelSubscription, updateSubscription } from '../subscriptions.ts';
import type { StripeList, Subscription } from '../types.ts';
import type { ApiCall } from './call.ts';

/**
 * GET /v1/subscriptions?customer=&status= (not canceled ones, unless `status=all`), GET|POST|DELETE
 * /v1/subscriptions/{id} (retrieve, update, cancel).
 */
export async function subscriptionsApi(
  ctx: StripeContext,
  { method, parts, params }: ApiCall,
): Promise<Subscription | StripeList<Subscription> | undefined> {
  const id = parts[2];
  if (method === 'GET' && !id) {
    const data = Object.values(ctx.store.subscriptions).filter(
      (s) =>
        (!params.customer || s.customer === params.customer) &&
        (params.status === 'all' || s.status !== 'canceled'),
    );
    return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
  }
  const s = findIn(ctx.store.subscriptions, id, 'subscription');
  if (method === 'GET') return s;
  if (method === 'POST') {
    await updateSubscription(ctx, s, params);
    return s;
  }
  if (method === 'DELETE') {
    await cancelSubscription(ctx, s, params);
    return s;
  }
  return undefined;
}
