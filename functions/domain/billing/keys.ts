import { StripeCustomer } from '../../adapters/table/entities.ts';

/**
 * The one billing key still named outside the billing repository (functions/adapters/table/billing.ts):
 * account deletion removes the Stripe customer lookup. Goes when account.ts moves to its repository.
 */
export const billingKeys = {
  stripeCustomer: (customerId: string) => StripeCustomer.key({ customerId }),
} as const;
