import type { StripeContext } from '../context.ts';
import { createCustomer, customerInput, customerOf, updateCustomer } from '../customers.ts';
import type { Customer } from '../types.ts';
import type { ApiCall } from './call.ts';

/** POST /v1/customers, GET /v1/customers/{id}, POST /v1/customers/{id}. */
export async function customersApi(
  ctx: StripeContext,
  { method, parts, params }: ApiCall,
): Promise<Customer | undefined> {
  const id = parts[2];
  if (method === 'POST' && !id) return createCustomer(ctx, customerInput(params));
  if (method === 'GET' && id) return customerOf(ctx, id);
  if (method === 'POST' && id) return updateCustomer(ctx, customerOf(ctx, id), params);
  return undefined;
}
