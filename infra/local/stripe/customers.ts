import { nowSeconds } from './calendar.ts';
import type { StripeContext } from './context.ts';
import { StripeApiError } from './errors.ts';
import { type FormObject, type FormValue, formObject, mergeMetadata, text } from './form.ts';
import { newId } from './ids.ts';
import type { Address, Customer } from './types.ts';

/** The customer of that id, or Stripe's 404. */
export function customerOf({ store }: StripeContext, id: string): Customer {
  const c = store.customers[id];
  if (!c) throw new StripeApiError(404, `No such customer: '${id}'`, 'resource_missing');
  return c;
}

/** An address parameter (`address[city]=…`); '' or anything else is none. */
function addressOf(value: FormValue | undefined): Address | null {
  const fields = formObject(value);
  if (!fields) return null;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string')) as Address;
}

/** A new customer (not saved: the caller saves once its change is whole). */
export function createCustomer(
  { store }: StripeContext,
  input: { email?: string | null; name?: string | null; address?: Address | null; metadata?: FormValue },
): Customer {
  const c: Customer = {
    id: newId('cus'),
    object: 'customer',
    created: nowSeconds(),
    email: input.email ?? null,
    name: input.name ?? null,
    address: input.address ?? null,
    metadata: mergeMetadata({}, input.metadata),
    livemode: false,
    balance: 0,
    currency: null,
    default_source: null,
    description: null,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
    shipping: null,
  };
  store.customers[c.id] = c;
  return c;
}

/** `POST /v1/customers` parameters as a new customer's fields. */
export const customerInput = (params: FormObject) => ({
  email: text(params.email),
  name: text(params.name),
  address: addressOf(params.address),
  metadata: params.metadata,
});

/** `POST /v1/customers/{id}`: the given fields replaced, metadata merged; sends customer.updated. */
export async function updateCustomer(ctx: StripeContext, c: Customer, params: FormObject): Promise<Customer> {
  if (params.email !== undefined) c.email = text(params.email) ?? null;
  if (params.name !== undefined) c.name = text(params.name) ?? null;
  if (params.address !== undefined) c.address = addressOf(params.address);
  c.metadata = mergeMetadata(c.metadata, params.metadata);
  ctx.save();
  await ctx.emit('customer.updated', c);
  return c;
}
