/** Plan limits and Pro access rules (spec sections 4, 6 and 9). */

export const FREE_RESUME_LIMIT = 3;
export const FREE_AI_SUGGESTION_LIMIT = 3;
/**
 * Claude tokens (in and out) one user may spend in a UTC day, whatever the plan: a suggestion costs 3,000 to
 * 10,000, so this is a hundred or more calls, and it caps what one account can cost (about $2 a day).
 */
export const AI_DAILY_TOKEN_LIMIT = 500_000;

/**
 * Photos one user may keep stored, whatever the plan (a photo is up to 2 MB). Photos on none of the user's
 * resumes are deleted an hour after upload (functions/domain/photos.ts), so only a burst of uploads, or this
 * many resumes with different photos, reaches it.
 */
export const MAX_STORED_PHOTOS = 20;

export const subscriptionTypes = ['proLifetime', 'proSubscription'] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number] | (string & {});

export interface SubscriptionState {
  subscriptionType: SubscriptionType;
  status: string;
  validUntil?: string | null;
  canReactivateUntil?: string | null;
}

/** Pro access: a Pro type, status active or gracePeriod, and validUntil absent or in the future. */
export function hasProAccess(sub: SubscriptionState | null | undefined, now = new Date()): boolean {
  if (!sub) return false;
  if (sub.subscriptionType !== 'proLifetime' && sub.subscriptionType !== 'proSubscription') return false;
  if (sub.status !== 'active' && sub.status !== 'gracePeriod') return false;
  return !sub.validUntil || new Date(sub.validUntil).getTime() > now.getTime();
}

/** Cancelled but still paid up: cancelled (or reactivatable) with validUntil in the future. */
export function isCancelledButValid(sub: SubscriptionState | null | undefined, now = new Date()): boolean {
  if (!sub?.validUntil) return false;
  const cancelled = sub.status === 'cancelled' || Boolean(sub.canReactivateUntil);
  return cancelled && new Date(sub.validUntil).getTime() > now.getTime();
}

/** Paid features go to Pro users, cancelled-but-valid users and admins. */
export function hasPaidAccess(
  sub: SubscriptionState | null | undefined,
  role: string | null,
  now = new Date(),
): boolean {
  return role === 'admin' || hasProAccess(sub, now) || isCancelledButValid(sub, now);
}

/** The number of resumes a user may keep, or null for unlimited. */
export function resumeLimit(paid: boolean): number | null {
  return paid ? null : FREE_RESUME_LIMIT;
}
