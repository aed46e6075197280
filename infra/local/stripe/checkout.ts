import { nowSeconds } from './calendar.ts';
import type { StripeContext } from './context.ts';
import { createCustomer, customerOf } from './customers.ts';
import { StripeApiError } from './errors.ts';
import { type FormObject, type FormValue, formList, formObject, int, mergeMetadata, text } from './form.ts';
import { newId } from './ids.ts';
import { createInvoice, createPayment } from './payments.ts';
import { createSubscription, period } from './subscriptions.ts';
import type { Address, CheckoutSession, CheckoutSessionJson, LineItemParams } from './types.ts';

/** A line item parameter (`line_items[0][price_data][…]`) as the session keeps it. */
function lineItemOf(value: FormValue): LineItemParams {
  const line = formObject(value) ?? {};
  const data = formObject(line.price_data);
  const recurring = formObject(data?.recurring);
  const product = formObject(data?.product_data);
  return {
    price: text(line.price),
    quantity: text(line.quantity),
    price_data: data && {
      currency: text(data.currency),
      unit_amount: text(data.unit_amount),
      recurring: recurring && { interval: text(recurring.interval) },
      product_data: product && { name: text(product.name) },
    },
  };
}

/** `POST /v1/checkout/sessions`: an open session for a subscription or a one-time payment, for 24 hours. */
export function createSession(ctx: StripeContext, params: FormObject): CheckoutSession {
  const mode = params.mode;
  if (mode !== 'subscription' && mode !== 'payment')
    throw new StripeApiError(400, 'Missing or invalid mode.');
  const lines = formList(params.line_items).map(lineItemOf);
  if (lines.length === 0) throw new StripeApiError(400, 'line_items is required.');
  const successUrl = text(params.success_url);
  if (!successUrl) throw new StripeApiError(400, 'success_url is required.');
  const customer = text(params.customer);
  if (customer) customerOf(ctx, customer);
  const amount = lines.reduce(
    (sum, l) => sum + (int(l.price_data?.unit_amount) ?? 0) * (int(l.quantity) ?? 1),
    0,
  );
  const currency = String(lines[0]?.price_data?.currency ?? 'usd');
  if (mode === 'subscription' && !lines[0]?.price_data?.recurring)
    throw new StripeApiError(400, 'A subscription needs a recurring price.');
  const id = newId('cs_test');
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    mode,
    status: 'open',
    payment_status: 'unpaid',
    created: nowSeconds(),
    expires_at: nowSeconds() + 86_400,
    client_reference_id: text(params.client_reference_id) ?? null,
    customer: customer ?? null,
    customer_email: text(params.customer_email) ?? null,
    customer_details: null,
    metadata: mergeMetadata({}, params.metadata),
    amount_subtotal: amount,
    amount_total: amount,
    currency,
    success_url: successUrl,
    cancel_url: text(params.cancel_url) ?? null,
    subscription: null,
    payment_intent: null,
    invoice: null,
    livemode: false,
    line_items: lines,
    subscription_data: formObject(params.subscription_data) ?? null,
    payment_intent_data: formObject(params.payment_intent_data) ?? null,
    url: `${ctx.publicUrl}/checkout/${id}`,
  };
  ctx.store.sessions[id] = session;
  ctx.save();
  return session;
}

/** The JSON a session answers with (without our private copy of the request's line items). */
export const sessionJson = (s: CheckoutSession): CheckoutSessionJson => {
  const { line_items: _l, subscription_data: _s, payment_intent_data: _p, ...rest } = s;
  return rest;
};

/** A session past its `expires_at` is expired, as Stripe expires it (24 hours by default). */
export function expireIfDue(ctx: StripeContext, session: CheckoutSession): CheckoutSession {
  if (session.status === 'open' && session.expires_at <= nowSeconds()) {
    session.status = 'expired';
    session.url = null;
    ctx.save();
  }
  return session;
}

/** `POST /v1/checkout/sessions/{id}/expire`: only an open session; sends checkout.session.expired. */
export async function expireSession(ctx: StripeContext, session: CheckoutSession): Promise<CheckoutSession> {
  expireIfDue(ctx, session);
  if (session.status !== 'open')
    throw new StripeApiError(400, `Only Checkout Sessions with a status of open can be expired.`);
  session.status = 'expired';
  session.url = null;
  ctx.save();
  await ctx.emit('checkout.session.expired', session);
  return session;
}

/**
 * Pay on the checkout page: the customer (made from the form when the session named none), then the
 * subscription and its paid invoice, or the one-time payment, and checkout.session.completed last.
 */
export async function completeCheckout(
  ctx: StripeContext,
  session: CheckoutSession,
  form: Record<string, string>,
): Promise<void> {
  let customerId: string = session.customer ?? '';
  const email = String(form.email || session.customer_email || '') || null;
  const name = String(form.name || '') || null;
  const address: Address = {
    line1: null,
    line2: null,
    city: null,
    state: null,
    postal_code: null,
    country: 'US',
  };
  if (!customerId) {
    const c = createCustomer(ctx, { email, name });
    c.address = address;
    customerId = c.id;
    await ctx.emit('customer.created', c);
  } else {
    const c = customerOf(ctx, customerId);
    if (name) c.name = name;
  }
  const c = customerOf(ctx, customerId);
  session.customer = customerId;
  session.customer_details = { email: c.email, name: c.name, address: c.address ?? address, phone: null };
  session.status = 'complete';
  session.payment_status = 'paid';
  if (session.mode === 'subscription') {
    const s = createSubscription(ctx, session, customerId);
    const p = period(s);
    session.subscription = s.id;
    const inv = createInvoice(ctx, s, 'subscription_create', true, p);
    session.invoice = inv.id;
    ctx.save();
    await ctx.emit('customer.subscription.created', s);
    await ctx.emit('invoice.paid', inv);
  } else {
    const { pi, ch } = createPayment(
      ctx,
      customerId,
      session.amount_total,
      session.currency,
      mergeMetadata({}, session.payment_intent_data?.metadata),
    );
    session.payment_intent = pi.id;
    ctx.save();
    await ctx.emit('charge.succeeded', ch);
    await ctx.emit('payment_intent.succeeded', pi);
  }
  ctx.save();
  await ctx.emit('checkout.session.completed', session);
}
