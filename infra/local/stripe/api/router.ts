import { sessionJson } from '../checkout.ts';
import type { StripeContext } from '../context.ts';
import { StripeApiError } from '../errors.ts';
import type { FormObject } from '../form.ts';
import type { StripeObject } from '../types.ts';
import { billingPortalApi } from './billing-portal.ts';
import type { ApiCall } from './call.ts';
import { checkoutSessionsApi } from './checkout-sessions.ts';
import { customersApi } from './customers.ts';
import { refundsApi } from './refunds.ts';
import { retrieveApi } from './retrieve.ts';
import { subscriptionsApi } from './subscriptions.ts';

type ResourceApi = (ctx: StripeContext, call: ApiCall) => Promise<StripeObject | undefined>;

/** The resources of the Stripe REST API the billing code calls, by the path's first part after `/v1/`. */
const resources: Record<string, ResourceApi> = {
  customers: customersApi,
  checkout: checkoutSessionsApi,
  subscriptions: subscriptionsApi,
  billing_portal: billingPortalApi,
  refunds: refundsApi,
  invoices: retrieveApi,
  charges: retrieveApi,
  payment_intents: retrieveApi,
};

/** The answer to one API call, as JSON text; 404 for any call the stand-in does not know. */
export async function apiAnswer(
  ctx: StripeContext,
  method: string,
  path: string,
  params: FormObject,
): Promise<string> {
  const parts = path.split('/').filter(Boolean); // ['v1', ...]
  const resource = parts[1];
  const api = resource && Object.hasOwn(resources, resource) ? resources[resource] : undefined;
  const result = await api?.(ctx, { method, path, parts, params });
  if (!result) throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}).`);
  return JSON.stringify(
    result.object === 'checkout.session' && 'line_items' in result ? sessionJson(result) : result,
  );
}
