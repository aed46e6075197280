import { keys } from '../keys.ts';

/**
 * Billing items of the single table (to be merged into the table in functions/domain/keys.ts):
 *
 * | Entity        | pk                     | sk           | Access pattern                                        |
 * |---------------|------------------------|--------------|-------------------------------------------------------|
 * | Subscription  | USER#{sub}             | SUBSCRIPTION | GetItem; conditional Put on `stripeRev` (webhook)      |
 * | BillingInfo   | USER#{sub}             | BILLING      | GetItem (Pro users only); Put conditional on sourceAt |
 * | Stripe event  | STRIPE_EVENT#{eventId} | EVENT        | Put with attribute_not_exists, in the same transaction |
 * |               |                        |              | as the state change (idempotency); TTL 30 days        |
 * | Stripe customer | STRIPECUST#{customerId} | CUSTOMER  | GetItem: the user (`sub`) of a Stripe customer        |
 * | Open checkout | USER#{sub}           | CHECKOUT#{planType} | GetItem: the user's last Checkout session for a |
 * |               |                        |              | plan, reused while open (a double click is one); TTL    |
 */
export const billingKeys = {
  subscription: keys.subscription,
  billingInfo: (sub: string) => ({ pk: keys.user(sub), sk: 'BILLING' }),
  stripeEvent: (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' }),
  stripeCustomer: (customerId: string) => ({ pk: `STRIPECUST#${customerId}`, sk: 'CUSTOMER' }),
  checkout: (sub: string, planType: string) => ({ pk: keys.user(sub), sk: `CHECKOUT#${planType}` }),
} as const;

/** How long a processed-event record is kept: Stripe retries a delivery for up to 3 days. */
export const STRIPE_EVENT_TTL_SECONDS = 30 * 86_400;
