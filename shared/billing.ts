import { z } from 'zod';

/**
 * Plans, prices and the billing API's shapes (spec sections 3, 4, 6 and 9). Shared by the SPA and the
 * functions; the server decides access from the stored Subscription (shared/plans.ts), never from these.
 */

export * from './prices.ts';

import { APP_RETURN_PATH_MAX_LENGTH, isAppReturnPath, planTypes } from './prices.ts';

/** A path of the app to come back to (shared/prices.ts isAppReturnPath): never a full URL. */
const appReturnPath = z
  .string()
  .max(APP_RETURN_PATH_MAX_LENGTH)
  .refine((path) => isAppReturnPath(path), 'a path of the app, starting with one /');

// ---------------------------------------------------------------------------------------------------
// Requests (strict: unknown fields are refused; the user id always comes from the verified token)

/**
 * POST /api/billing/checkout: the plan, and where the upgrade started (`returnPath`, a path of the app the
 * browser returns to once paid). The currency is the server's decision (from the app host the browser came
 * from, or Stripe's localized prices by the buyer's country), so a body that names one is refused like any
 * unknown field (400 VALIDATION_FAILED), never followed.
 */
export const checkoutRequestSchema = z.strictObject({
  planType: z.enum(planTypes),
  returnPath: appReturnPath.optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Where the browser goes next: the payment page, or the billing portal. */
export const redirectResponseSchema = z.object({ url: z.url() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;
export const checkoutResponseSchema = redirectResponseSchema;
export const portalResponseSchema = redirectResponseSchema;

/** Parts of the billing portal a link may open directly (spec: portalSection). */
export const portalSections = ['overview', 'paymentMethods', 'cancel'] as const;
export type PortalSection = (typeof portalSections)[number];

/**
 * POST /api/billing/portal. `returnPath` is a path of the app (e.g. `/subscription`), never a full URL,
 * so the portal cannot be made to send the user to another site.
 */
export const portalRequestSchema = z.strictObject({
  returnPath: z
    .string()
    .max(200)
    .regex(/^\/(?!\/)[A-Za-z0-9\-._~/?=&%]*$/, 'a path of the app, starting with one /')
    .optional(),
  portalSection: z.enum(portalSections).optional(),
});
export type PortalRequest = z.infer<typeof portalRequestSchema>;

/** Reasons the cancellation form offers (Stripe's own feedback values). */
export const cancellationReasons = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
] as const;
export type CancellationReason = (typeof cancellationReasons)[number];

/** POST /api/billing/cancel: cancel at the end of the paid period, with a reason and optional details. */
export const cancelRequestSchema = z.strictObject({
  reason: z.enum(cancellationReasons),
  details: z.string().trim().max(1000).optional(),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

/** POST /api/billing/reactivate and POST /api/billing/sync take an empty body. */
export const emptyRequestSchema = z.strictObject({});

// ---------------------------------------------------------------------------------------------------
// Responses

export const subscriptionStatuses = ['active', 'gracePeriod', 'cancelled', 'pending', 'paused'] as const;

/** GET /api/billing/subscription: what /subscription and /pricing show. Dates are ISO strings. */
export const subscriptionViewSchema = z.object({
  /** 'free' whenever the user has no Pro access (never bought, ended, refunded). */
  plan: z.enum(['free', ...planTypes]),
  /** The stored row's type and status (null when there is no row). */
  subscriptionType: z.string().nullable(),
  status: z.string().nullable(),
  validUntil: z.string().nullable(),
  nextPaymentAmount: z.number().nullable(),
  nextPaymentDate: z.string().nullable(),
  currency: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  cancellationReasonDetails: z.string().nullable(),
  cancellationEffectiveDate: z.string().nullable(),
  canReactivateUntil: z.string().nullable(),
  /** hasProAccess of shared/plans.ts. */
  hasProAccess: z.boolean(),
  /** isCancelledButValid of shared/plans.ts. */
  cancelledButValid: z.boolean(),
  /** Cancelled at the end of the period; access is kept until `cancellationEffectiveDate`. */
  cancelPending: z.boolean(),
  /** A renewal payment failed; Stripe retries and access is kept meanwhile. */
  inGracePeriod: z.boolean(),
  /** The cancellation can still be undone (POST /api/billing/reactivate). */
  canReactivate: z.boolean(),
  /** The plan renews by itself (a monthly plan, not cancelled). Lifetime never renews. */
  renews: z.boolean(),
  /** Within the money-back guarantee of the current purchase. */
  refundable: z.boolean(),
  /** The user has a Stripe customer, so the billing portal can open. */
  hasBillingAccount: z.boolean(),
  /** When the buyer disputed a payment with their bank (a chargeback), which ended the purchase. */
  disputedAt: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** BillingInfo (spec section 3); sent only to users with Pro access. */
export const billingInfoSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  customerId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  addressCity: z.string().nullable(),
  addressState: z.string().nullable(),
  addressPostalCode: z.string().nullable(),
  addressCountry: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

/** GET /api/billing/subscription answers with both; billingInfo is null unless the user has Pro access. */
export const subscriptionResponseSchema = z.object({
  subscription: subscriptionViewSchema,
  billingInfo: billingInfoSchema.nullable(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** POST /api/billing/sync: whether Stripe could be read (false after the retries), and the view. */
export const syncResponseSchema = z.object({
  synced: z.boolean(),
  subscription: subscriptionViewSchema,
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/** Error codes of the billing API (to be listed in shared/errors.ts) with their HTTP statuses. */
export const billingErrorStatus = {
  /** Checkout asked while the user already has Pro access. */
  ALREADY_PRO: 409,
  /** Stripe refused or gave no URL: 'Could not initiate checkout. Please try again.' */
  CHECKOUT_FAILED: 502,
  /** 'No URL returned from Stripe portal session creation' (or Stripe refused). */
  PORTAL_FAILED: 502,
  /** The user never paid through Stripe, so there is no customer for the portal. */
  NO_BILLING_ACCOUNT: 404,
  /** Cancel asked with no renewing subscription (Free, Lifetime, already cancelled). */
  NO_ACTIVE_SUBSCRIPTION: 409,
  /** Reactivate asked when there is no pending cancellation to undo (or its date passed). */
  NOT_REACTIVATABLE: 409,
  /** Refund asked outside the money-back guarantee (14 days from the purchase) or for nothing paid. */
  NOT_REFUNDABLE: 409,
  /** Refund: the account used the guarantee of this plan kind before (once per account per kind). */
  GUARANTEE_USED: 409,
  /** Refund: Stripe has no record of the purchase's payment (deleted, or of another account or mode). */
  PAYMENT_NOT_FOUND: 409,
  /** Refund: Stripe refunded the payment already (e.g. from its dashboard); its event is on the way. */
  ALREADY_REFUNDED: 409,
  /** A Stripe call failed (network, Stripe error) in cancel/reactivate/refund; nothing changed. */
  PAYMENT_PROVIDER_ERROR: 502,
  /** No Stripe key and no local stand-in: payments are off in this deployment. */
  PAYMENTS_NOT_CONFIGURED: 503,
  /** Webhook: the Stripe-Signature header is missing, wrong, too old or dated more than 5 min ahead. */
  INVALID_SIGNATURE: 400,
} as const;
export type BillingErrorCode = keyof typeof billingErrorStatus;

// ---------------------------------------------------------------------------------------------------
// WebSocket

/**
 * What the server pushes over the WebSocket whenever a user's subscription (or billing info) changes: the
 * whole view, as GET /api/billing/subscription has it, so the browser replaces its copy (Pro-only screens
 * unlock without a reload). Sent by the subscription-notifier stream consumer.
 */
export const subscriptionEventSchema = z.strictObject({
  type: z.literal('subscription'),
  subscription: subscriptionViewSchema,
});
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;
