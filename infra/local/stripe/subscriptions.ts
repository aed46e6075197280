import { addMonth, nowSeconds } from './calendar.ts';
import type { StripeContext } from './context.ts';
import { StripeApiError } from './errors.ts';
import { bool, type FormObject, formObject, int, mergeMetadata, text } from './form.ts';
import { newId } from './ids.ts';
import { createInvoice, createPayment, invoicePayment } from './payments.ts';
import type { CheckoutSession, LineItemParams, Price, Subscription, SubscriptionItem } from './types.ts';

/** The price of a Checkout line item, as the subscription item and the invoice carry it. */
function priceOf(line: LineItemParams): Price {
  const data = line.price_data ?? {};
  return {
    id: line.price ?? newId('price'),
    object: 'price',
    currency: String(data.currency ?? 'usd'),
    unit_amount: int(data.unit_amount) ?? 0,
    recurring: data.recurring ? { interval: data.recurring.interval ?? 'month', interval_count: 1 } : null,
    product: newId('prod'),
    type: data.recurring ? 'recurring' : 'one_time',
  };
}

/** The subscription's one item: its price, quantity and current period. */
export const itemOf = (s: Subscription): SubscriptionItem => s.items.data[0] as SubscriptionItem;

/** The current period of a subscription (its item's). */
export const period = (s: Subscription) => ({
  start: itemOf(s).current_period_start,
  end: itemOf(s).current_period_end,
});

/** The subscription a completed subscription Checkout starts: active for a month (not saved). */
export function createSubscription(
  ctx: StripeContext,
  session: CheckoutSession,
  customerId: string,
): Subscription {
  const created = nowSeconds();
  const end = addMonth(created);
  const id = newId('sub');
  const line = session.line_items?.[0] ?? {};
  const price = priceOf(line);
  const s: Subscription = {
    id,
    object: 'subscription',
    customer: customerId,
    status: 'active',
    created,
    start_date: created,
    billing_cycle_anchor: created,
    currency: price.currency,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    latest_invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, session.subscription_data?.metadata),
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          created,
          current_period_start: created,
          current_period_end: end,
          quantity: int(line.quantity) ?? 1,
          price,
          subscription: id,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
  };
  ctx.store.subscriptions[id] = s;
  return s;
}

/**
 * The next payment succeeds: an open (failed) invoice is paid for its period, else the next period starts
 * with a paid invoice and a pending cancellation is lifted. Sends invoice.paid and
 * customer.subscription.updated.
 */
export async function renew(ctx: StripeContext, s: Subscription): Promise<void> {
  const item = itemOf(s);
  const open = Object.values(ctx.store.invoices).find(
    (i) => i.parent?.subscription_details?.subscription === s.id && i.status === 'open',
  );
  if (open) {
    // Pay the failed renewal: same period.
    const { pi, ch } = createPayment(ctx, s.customer, open.amount_due, open.currency, {});
    open.payments.data.push(invoicePayment(open, pi));
    Object.assign(open, {
      status: 'paid',
      amount_paid: open.amount_due,
      amount_remaining: 0,
      attempt_count: open.attempt_count + 1,
      next_payment_attempt: null,
      charge_id: ch.id,
      status_transitions: { ...open.status_transitions, paid_at: nowSeconds() },
    });
    ch.invoice_id = open.id;
    s.status = 'active';
    ctx.save();
    await ctx.emit('invoice.paid', open);
    await ctx.emit('customer.subscription.updated', s);
    return;
  }
  const start = item.current_period_end;
  const p = { start, end: addMonth(start) };
  item.current_period_start = p.start;
  item.current_period_end = p.end;
  s.status = 'active';
  if (s.cancel_at_period_end) {
    s.cancel_at_period_end = false;
    s.cancel_at = null;
  }
  const inv = createInvoice(ctx, s, 'subscription_cycle', true, p);
  ctx.save();
  await ctx.emit('customer.subscription.updated', s);
  await ctx.emit('invoice.paid', inv);
}

/** The next payment fails: the next period starts with an open invoice and the subscription is past due. */
export async function failNext(ctx: StripeContext, s: Subscription): Promise<void> {
  const item = itemOf(s);
  const start = item.current_period_end;
  const p = { start, end: addMonth(start) };
  item.current_period_start = p.start;
  item.current_period_end = p.end;
  const inv = createInvoice(ctx, s, 'subscription_cycle', false, p);
  s.status = 'past_due';
  ctx.save();
  await ctx.emit('invoice.payment_failed', inv);
  await ctx.emit('customer.subscription.updated', s);
}

/** `POST /v1/subscriptions/{id}`: cancel at period end (or not), cancellation details, metadata. */
export async function updateSubscription(
  ctx: StripeContext,
  s: Subscription,
  params: FormObject,
): Promise<void> {
  if (s.status === 'canceled')
    throw new StripeApiError(400, 'A canceled subscription can only update its metadata.');
  if (params.cancel_at_period_end !== undefined) {
    s.cancel_at_period_end = bool(params.cancel_at_period_end);
    s.cancel_at = s.cancel_at_period_end ? period(s).end : null;
    s.canceled_at = s.cancel_at_period_end ? nowSeconds() : null;
  }
  const details = formObject(params.cancellation_details);
  if (details) {
    s.cancellation_details = {
      ...s.cancellation_details,
      ...(details.comment !== undefined ? { comment: text(details.comment) || null } : {}),
      ...(details.feedback !== undefined ? { feedback: text(details.feedback) || null } : {}),
    };
  }
  if (params.metadata) s.metadata = mergeMetadata(s.metadata, params.metadata);
  ctx.save();
  await ctx.emit('customer.subscription.updated', s);
}

/** `DELETE /v1/subscriptions/{id}`: canceled now (a second time changes nothing). */
export async function cancelSubscription(
  ctx: StripeContext,
  s: Subscription,
  params: FormObject = {},
): Promise<void> {
  if (s.status === 'canceled') return;
  const now = nowSeconds();
  s.status = 'canceled';
  s.canceled_at = now;
  s.ended_at = now;
  s.cancel_at = null;
  const comment = formObject(params.cancellation_details)?.comment;
  if (comment !== undefined)
    s.cancellation_details = {
      ...s.cancellation_details,
      comment: text(comment) || null,
    };
  s.cancellation_details = { ...s.cancellation_details, reason: 'cancellation_requested' };
  ctx.save();
  await ctx.emit('customer.subscription.deleted', s);
}
