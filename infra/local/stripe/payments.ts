import { nowSeconds } from './calendar.ts';
import type { StripeContext } from './context.ts';
import { customerOf } from './customers.ts';
import { StripeApiError } from './errors.ts';
import { newId } from './ids.ts';
import type {
  Charge,
  Dispute,
  Invoice,
  InvoicePayment,
  Metadata,
  PaymentIntent,
  Refund,
  Subscription,
} from './types.ts';

/** A successful card payment: its payment intent and charge (not saved: the caller saves). */
export function createPayment(
  ctx: StripeContext,
  customerId: string,
  amount: number,
  currency: string,
  metadata: Metadata,
): { pi: PaymentIntent; ch: Charge } {
  const created = nowSeconds();
  const pi: PaymentIntent = {
    id: newId('pi'),
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency,
    customer: customerId,
    created,
    metadata,
    status: 'succeeded',
    livemode: false,
    latest_charge: null,
  };
  const c = customerOf(ctx, customerId);
  const ch: Charge = {
    id: newId('ch'),
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    disputed: false,
    captured: true,
    currency,
    customer: customerId,
    created,
    paid: true,
    refunded: false,
    status: 'succeeded',
    payment_intent: pi.id,
    metadata: {},
    livemode: false,
    billing_details: { name: c.name, email: c.email, address: c.address, phone: null },
    refunds: { object: 'list', data: [], has_more: false, url: '/v1/refunds' },
  };
  pi.latest_charge = ch.id;
  ctx.store.paymentIntents[pi.id] = pi;
  ctx.store.charges[ch.id] = ch;
  return { pi, ch };
}

/** An invoice's payment as the current API lists it (`invoice.payments`, expandable). */
export const invoicePayment = (inv: Invoice, pi: PaymentIntent): InvoicePayment => ({
  id: newId('inpay'),
  object: 'invoice_payment',
  amount_paid: pi.amount,
  amount_requested: pi.amount,
  currency: pi.currency,
  invoice: inv.id,
  is_default: true,
  livemode: false,
  created: pi.created,
  payment: { type: 'payment_intent', payment_intent: pi.id },
  status: 'paid',
  status_transitions: { paid_at: pi.created, canceled_at: null },
});

/**
 * The subscription's invoice for period `p`, paid (with its payment) or left open, and now its latest
 * (not saved: the caller saves).
 */
export function createInvoice(
  ctx: StripeContext,
  s: Subscription,
  reason: Invoice['billing_reason'],
  paid: boolean,
  p: { start: number; end: number },
): Invoice {
  const c = customerOf(ctx, s.customer);
  const item = s.items.data[0] as Subscription['items']['data'][number];
  const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
  const created = nowSeconds();
  const inv: Invoice = {
    id: newId('in'),
    object: 'invoice',
    customer: s.customer,
    customer_email: c.email,
    customer_name: c.name,
    customer_address: c.address,
    created,
    currency: s.currency,
    billing_reason: reason,
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    status: paid ? 'paid' : 'open',
    next_payment_attempt: paid ? null : created + 3 * 86_400,
    period_start: item.current_period_start,
    period_end: p.start,
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: s.id, metadata: { ...s.metadata } },
    },
    lines: {
      object: 'list',
      has_more: false,
      url: '/v1/invoices/lines',
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          amount,
          currency: s.currency,
          period: { start: p.start, end: p.end },
          quantity: item.quantity ?? 1,
        },
      ],
    },
    status_transitions: { paid_at: paid ? created : null, finalized_at: created },
    payments: { object: 'list', data: [], has_more: false, url: '/v1/invoice_payments' },
  };
  if (paid) {
    const { pi, ch } = createPayment(ctx, s.customer, amount, s.currency, {});
    inv.charge_id = ch.id;
    ch.invoice_id = inv.id;
    inv.payments.data.push(invoicePayment(inv, pi));
  }
  ctx.store.invoices[inv.id] = inv;
  s.latest_invoice = inv.id;
  return inv;
}

/** Refund what is left of a charge (or `amount` of it); sends charge.refunded. */
export async function refundCharge(ctx: StripeContext, ch: Charge, amount?: number): Promise<Refund> {
  const value = Math.min(amount ?? ch.amount - ch.amount_refunded, ch.amount - ch.amount_refunded);
  if (value <= 0)
    throw new StripeApiError(400, `Charge ${ch.id} has already been refunded.`, 'charge_already_refunded');
  const r: Refund = {
    id: newId('re'),
    object: 'refund',
    amount: value,
    charge: ch.id,
    created: nowSeconds(),
    currency: ch.currency,
    payment_intent: ch.payment_intent,
    status: 'succeeded',
    reason: 'requested_by_customer',
    metadata: {},
  };
  ctx.store.refunds[r.id] = r;
  ch.amount_refunded += value;
  ch.refunded = ch.amount_refunded >= ch.amount;
  ch.refunds.data.unshift(r);
  ctx.save();
  await ctx.emit('charge.refunded', ch);
  return r;
}

/** The buyer's bank disputes a payment: like Stripe's, the dispute names the charge, not the customer. */
export async function disputeCharge(ctx: StripeContext, ch: Charge): Promise<Dispute> {
  if (ch.disputed) throw new StripeApiError(400, `Charge ${ch.id} has already been disputed.`);
  const d: Dispute = {
    id: newId('dp'),
    object: 'dispute',
    amount: ch.amount - ch.amount_refunded,
    charge: ch.id,
    payment_intent: ch.payment_intent,
    currency: ch.currency,
    created: nowSeconds(),
    reason: 'fraudulent',
    status: 'needs_response',
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
  };
  ctx.store.disputes[d.id] = d;
  ch.disputed = true;
  ctx.save();
  await ctx.emit('charge.dispute.created', d);
  return d;
}
