/** The billing feature to the others: checkout and its verification, for the pricing page. */
export { startCheckout } from './api/billing.ts';
export { useCheckoutVerification, type VerificationPhase } from './hooks/use-checkout-verification.ts';
export { pageNavigation } from './lib/redirect.ts';
