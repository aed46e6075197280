/**
 * Stable error codes shared by the API and the SPA. The server sends a code and a developer-facing
 * message; the SPA shows its own translation of the code (`errors.<CODE>`), never the server's text.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHORIZED',
  'ACCOUNT_INACTIVE',
  'FORBIDDEN',
  'NOT_FOUND',
  'RESUME_NOT_FOUND',
  'JOB_NOT_FOUND',
  'RESUME_LIMIT_REACHED',
  'RESUME_TOO_LARGE',
  'REVISION_CONFLICT',
  'WRITE_CONFLICT',
  'PRO_REQUIRED',
  'WS_TICKET_INVALID',
  'INCORRECT_PASSWORD',
  'PASSWORD_TOO_WEAK',
  'AUTH_RATE_LIMITED',
  'PROVIDER_NOT_CONNECTED',
  'PARTIAL_DELETION',
  'AI_LIMIT_REACHED',
  'AI_RATE_LIMITED',
  'AI_DAILY_LIMIT',
  'AI_UNAVAILABLE',
  'AI_TIMEOUT',
  'AI_BAD_ANSWER',
  'NOTHING_TO_IMPROVE',
  'NOTHING_TO_SUMMARIZE',
  'RESUME_INCOMPLETE',
  'TAILORING_NOT_READY',
  'TAILORING_OUTDATED',
  'ALREADY_PRO',
  'CHECKOUT_FAILED',
  'PORTAL_FAILED',
  'NO_BILLING_ACCOUNT',
  'NO_ACTIVE_SUBSCRIPTION',
  'NOT_REACTIVATABLE',
  'NOT_REFUNDABLE',
  'GUARANTEE_USED',
  'PAYMENT_NOT_FOUND',
  'ALREADY_REFUNDED',
  'PAYMENT_PROVIDER_ERROR',
  'PAYMENTS_NOT_CONFIGURED',
  'INVALID_SIGNATURE',
  'USER_NOT_FOUND',
  'CANNOT_ACT_ON_SELF',
  'STAFF_TARGET_FORBIDDEN',
  'AUDIT_UNAVAILABLE',
  'IMPERSONATION_INVALID',
  'IMPERSONATION_EXPIRED',
  'IMPERSONATION_USED',
  'IMPERSONATION_READ_ONLY',
  'EVENTS_RATE_LIMITED',
  'UPLOAD_RATE_LIMITED',
  'PHOTO_RATE_LIMITED',
  'PHOTO_LIMIT_REACHED',
  'BILLING_RATE_LIMITED',
  'WS_RATE_LIMITED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** HTTP status each code is sent with. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 400,
  UNSUPPORTED_MEDIA_TYPE: 400,
  UNAUTHORIZED: 401,
  ACCOUNT_INACTIVE: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RESUME_NOT_FOUND: 404,
  /** No such job, or someone else's: the two look the same. */
  JOB_NOT_FOUND: 404,
  RESUME_LIMIT_REACHED: 403,
  /** The resume would pass DynamoDB's 400 KB item limit. */
  RESUME_TOO_LARGE: 400,
  /** `If-Match` named a revision other than the stored one: someone else saved in between. */
  REVISION_CONFLICT: 412,
  /** Writes kept colliding after every retry; nothing was changed and the client may simply try again. */
  WRITE_CONFLICT: 409,
  /** A paid feature (e.g. a Pro template) chosen without paid access. */
  PRO_REQUIRED: 403,
  WS_TICKET_INVALID: 401,
  INCORRECT_PASSWORD: 400,
  /** A new password the policy refuses (shared/password-policy.ts): too short, too common, or the old one. */
  PASSWORD_TOO_WEAK: 400,
  /** Too many password checks (a change, or the re-check before deleting the account) in a short time. */
  AUTH_RATE_LIMITED: 429,
  PROVIDER_NOT_CONNECTED: 404,
  PARTIAL_DELETION: 500,
  /** A Free user has used every AI suggestion of the plan (spec section 6); the UI offers the upgrade. */
  AI_LIMIT_REACHED: 403,
  /** Too many AI calls in a short time (per-user rate limit); the answer carries Retry-After. */
  AI_RATE_LIMITED: 429,
  /**
   * The user's AI tokens of the UTC day are spent (Pro included): `resetAt` and Retry-After say when the
   * next day starts.
   */
  AI_DAILY_LIMIT: 429,
  /** The AI provider could not be reached or refused; the use was given back. */
  AI_UNAVAILABLE: 503,
  AI_TIMEOUT: 504,
  /** The provider's answer did not fit its schema (or nothing grounded was left). */
  AI_BAD_ANSWER: 502,
  /** A suggestion asked for an experience with no description: the user's to fill in, no AI use taken. */
  NOTHING_TO_IMPROVE: 400,
  /** A summary asked for a resume with no title, position, skill or degree: nothing to write it from. */
  NOTHING_TO_SUMMARIZE: 400,
  /** The resume lacks parts a feature needs (tailoring: personal info, names, some content); `issues` lists them. */
  RESUME_INCOMPLETE: 400,
  /** The tailoring job has not finished (or failed): there is nothing to apply. */
  TAILORING_NOT_READY: 409,
  /** The resume changed since it was tailored, so an accepted change no longer fits it; tailor it again. */
  TAILORING_OUTDATED: 409,
  /** Billing (shared/billing.ts billingErrorStatus): checkout asked while the user already has Pro access. */
  ALREADY_PRO: 409,
  /** Stripe refused the checkout session or gave no URL. */
  CHECKOUT_FAILED: 502,
  /** Stripe refused the billing portal session or gave no URL. */
  PORTAL_FAILED: 502,
  /** The user never paid through Stripe: there is no customer for the portal. */
  NO_BILLING_ACCOUNT: 404,
  /** Cancel asked with no renewing subscription (Free, Lifetime, already cancelled). */
  NO_ACTIVE_SUBSCRIPTION: 409,
  /** Reactivate asked with no pending cancellation to undo. */
  NOT_REACTIVATABLE: 409,
  /** Refund asked outside the 14-day money-back guarantee, or with nothing paid. */
  NOT_REFUNDABLE: 409,
  /** Refund: the account already used the guarantee of this plan kind (once per account per kind). */
  GUARANTEE_USED: 409,
  /** Refund: Stripe has no record of the purchase's payment; the purchase's state, not a provider failure. */
  PAYMENT_NOT_FOUND: 409,
  /** Refund: Stripe already refunded the payment (its charge.refunded event has not arrived yet). */
  ALREADY_REFUNDED: 409,
  /** A Stripe call failed; nothing changed. */
  PAYMENT_PROVIDER_ERROR: 502,
  /** No Stripe keys and no local stand-in: payments are off in this deployment. */
  PAYMENTS_NOT_CONFIGURED: 503,
  /** Stripe webhook: the signature is missing, wrong or too old. */
  INVALID_SIGNATURE: 400,
  /** Admin: no such user (spec: 'User not found'). */
  USER_NOT_FOUND: 404,
  /** Admin: staff cannot delete, disable or change the role of their own account through the admin API. */
  CANNOT_ACT_ON_SELF: 409,
  /** Admin: the target's role is equal to or above the caller's (shared/permissions.ts mayActOn). */
  STAFF_TARGET_FORBIDDEN: 403,
  /** The audit entry of a staff action could not be written, so the action did not happen. */
  AUDIT_UNAVAILABLE: 503,
  /** An impersonation grant or session that is forged, tampered with, for someone else, or ended. */
  IMPERSONATION_INVALID: 403,
  /** The grant's 15 minutes are over. */
  IMPERSONATION_EXPIRED: 403,
  /** The grant already opened a session: grants are single-use. */
  IMPERSONATION_USED: 409,
  /** Impersonation is read-only: every write is refused. */
  IMPERSONATION_READ_ONLY: 403,
  /** Too many analytics events from one user in a minute. */
  EVENTS_RATE_LIMITED: 429,
  /** Too many resume files to import in a minute or an hour. */
  UPLOAD_RATE_LIMITED: 429,
  /** Too many photo uploads in a minute. */
  PHOTO_RATE_LIMITED: 429,
  /** The user keeps MAX_STORED_PHOTOS photos already, after the ones on no resume for an hour were deleted. */
  PHOTO_LIMIT_REACHED: 409,
  /** Too many checkouts or Stripe syncs in a minute. */
  BILLING_RATE_LIMITED: 429,
  /** Too many WebSocket messages in a minute (sent as an error frame). */
  WS_RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** One field-level problem reported with VALIDATION_FAILED. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The JSON body of every error response. */
export interface ErrorBody {
  /** `resetAt`: when a limit that refused the request lets it through again (ISO 8601). */
  error: { code: ErrorCode; message: string; issues?: FieldIssue[]; resetAt?: string };
}

/** Narrow an unknown value to a known error code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}
