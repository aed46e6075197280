/**
 * The billing domain, for the HTTP handlers (functions/handlers/billing.ts and stripe-webhook.ts).
 *
 * Every call takes the caller's `sub` from the verified token, never from the body. A handler gets its
 * Stripe client once per request:
 *
 *   const settings = stripeSettings(await readSecret('stripe'));        // null: payments not configured
 *   const stripe = createStripeClient(settings.secretKey, { apiBase: settings.apiBase });
 *
 * Routes (suggested):
 *   POST /api/billing/checkout     checkoutRequestSchema   → createCheckoutSession → {url}
 *   POST /api/billing/portal       portalRequestSchema     → createPortalSession   → {url}
 *   POST /api/billing/cancel       cancelRequestSchema     → cancelAtPeriodEnd     → SubscriptionView
 *   POST /api/billing/reactivate   emptyRequestSchema      → reactivateSubscription→ SubscriptionView
 *   POST /api/billing/refund       emptyRequestSchema      → refundPurchase        → SubscriptionView
 *   POST /api/billing/sync         emptyRequestSchema      → syncSubscription      → SyncResponse
 *   GET  /api/billing/subscription                         → subscriptionOverview  → SubscriptionResponse
 *   POST /api/webhooks/stripe (public, raw body)            → handleStripeWebhook   → {status, body}
 * Account deletion calls cancelForAccountDeletion first (never throws; false is logged).
 */

export { cancelAtPeriodEnd, cancelForAccountDeletion, reactivateSubscription } from './cancel.ts';
export { type CheckoutInput, createCheckoutSession } from './checkout.ts';
export {
  DEV_STRIPE_WEBHOOK_SECRET,
  LOCAL_STRIPE_SECRET_KEY,
  parseStripeSecret,
  type StripeSettings,
  stripeSettings,
} from './config.ts';
export { BillingError } from './errors.ts';
export {
  type Mailer,
  reactivationMail,
  sendReactivationEmail,
  setMailer,
} from './mail.ts';
export { createPortalSession, PORTAL_NO_URL_MESSAGE, type PortalInput } from './portal.ts';
export { refundPurchase } from './refund.ts';
export { subscriptionView } from './state.ts';
export { createStripeClient, STRIPE_API_BASE_ENV } from './stripe-client.ts';
export { type SyncOptions, subscriptionOverview, syncSubscription } from './sync.ts';
export {
  handledEventTypes,
  handleStripeWebhook,
  type WebhookOptions,
  type WebhookResponse,
} from './webhook.ts';
