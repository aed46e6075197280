import type Stripe from 'stripe';
import type { FormObject, FormValue } from './form.ts';

/**
 * The Stripe objects the stand-in keeps and answers with: the fields the billing code and the SDK read, as
 * Stripe's API (version `Stripe.API_VERSION`) shapes them, and no more.
 */

export type Metadata = Record<string, string>;

/** A list as Stripe pages it (the stand-in always answers in one page). */
export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** A postal address as Stripe writes one; the stand-in keeps the fields it was given. */
export type Address = Partial<Stripe.Address>;

export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  address: Address | null;
  metadata: Metadata;
  livemode: false;
  balance: number;
  currency: null;
  default_source: null;
  description: null;
  invoice_settings: { custom_fields: null; default_payment_method: null; footer: null };
  shipping: null;
}

/** A Checkout line item as the billing code sends it (inline `price_data`). */
export interface LineItemParams {
  price?: string;
  quantity?: string;
  price_data?: {
    currency?: string;
    unit_amount?: string;
    recurring?: { interval?: string };
    product_data?: { name?: string };
  };
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  created: number;
  expires_at: number;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null; address: Address; phone: null } | null;
  metadata: Metadata;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string | null;
  subscription: string | null;
  payment_intent: string | null;
  invoice: string | null;
  livemode: false;
  /** Ours: the request's line items, kept for the page and the subscription (not in the API's answers). */
  line_items: LineItemParams[];
  /** Ours: the request's `subscription_data` (its metadata goes on the subscription). */
  subscription_data: FormObject | null;
  /** Ours: the request's `payment_intent_data` (its metadata goes on the payment). */
  payment_intent_data: FormObject | null;
  url: string | null;
}

/** A session as the API answers it: without the request's parameters kept for later. */
export type CheckoutSessionJson = Omit<
  CheckoutSession,
  'line_items' | 'subscription_data' | 'payment_intent_data'
>;

export interface Price {
  id: string;
  object: 'price';
  currency: string;
  unit_amount: number;
  recurring: { interval: string; interval_count: number } | null;
  product: string;
  type: 'recurring' | 'one_time';
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  quantity: number;
  price: Price;
  subscription: string;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  currency: string;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  items: StripeList<SubscriptionItem>;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string;
  created: number;
  metadata: Metadata;
  status: 'succeeded';
  livemode: false;
  latest_charge: string | null;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  reason: 'requested_by_customer';
  metadata: Metadata;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  disputed: boolean;
  captured: boolean;
  currency: string;
  customer: string;
  created: number;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded';
  payment_intent: string;
  metadata: Metadata;
  livemode: false;
  billing_details: { name: string | null; email: string | null; address: Address | null; phone: null };
  refunds: StripeList<Refund>;
  /** Ours: the invoice this charge paid, if any. */
  invoice_id?: string;
}

/** An invoice's payment as the current API lists it (`invoice.payments`, expandable). */
export interface InvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number;
  amount_requested: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  created: number;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'paid';
  status_transitions: { paid_at: number; canceled_at: null };
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  period: { start: number; end: number };
  quantity: number;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  customer_address: Address | null;
  created: number;
  currency: string;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  status: 'paid' | 'open';
  next_payment_attempt: number | null;
  period_start: number;
  period_end: number;
  livemode: false;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Metadata };
  };
  lines: StripeList<InvoiceLine>;
  status_transitions: { paid_at: number | null; finalized_at: number };
  payments: StripeList<InvoicePayment>;
  /** Ours: the charge that paid it, if any. */
  charge_id?: string;
}

export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  created: number;
  reason: 'fraudulent';
  status: 'needs_response';
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Metadata;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  created: number;
  livemode: false;
  return_url: string | null;
  flow: FormValue | null;
  url: string;
}

/** Whatever the API answers with or an event carries. */
export type StripeObject =
  | Customer
  | CheckoutSession
  | CheckoutSessionJson
  | Subscription
  | StripeList<Subscription>
  | Invoice
  | Charge
  | PaymentIntent
  | Refund
  | Dispute
  | PortalSession;

/** The events the stand-in sends, each when Stripe would. */
export type StripeEventType =
  | 'customer.created'
  | 'customer.updated'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'charge.succeeded'
  | 'charge.refunded'
  | 'charge.dispute.created'
  | 'payment_intent.succeeded';

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: StripeObject };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: StripeEventType;
}
