// Impersonation constants with no schema (the SPA's API client needs the header on every page). Re-exported by
// shared/admin.ts.

/** Impersonation grants live 15 minutes from issue; one grant opens one read-only session. */
export const IMPERSONATION_TTL_SECONDS = 15 * 60;

/** The header the SPA sends on every API call while impersonating (the session token). */
export const IMPERSONATION_HEADER = 'x-impersonation-session';

/** A session token is about 350 characters; a header longer than this is refused (400) before any work. */
export const IMPERSONATION_SESSION_MAX_LENGTH = 1024;

/** The lengths of a grant and of its target user's id, as the redeem call takes them (shared/admin.ts). */
export const IMPERSONATION_GRANT_LENGTH = { min: 10, max: 2000 } as const;
export const IMPERSONATION_TARGET_LENGTH = { min: 1, max: 64 } as const;

/**
 * Whether a grant and target user id could be redeemed at all: redeemImpersonationSchema's rule, without zod,
 * for the route guard, which reads them from every address it guards.
 */
export function isRedeemableGrant(grant: string | undefined, targetUser: string | undefined): boolean {
  const within = (value: string | undefined, { min, max }: { min: number; max: number }) =>
    typeof value === 'string' && value.length >= min && value.length <= max;
  return within(grant, IMPERSONATION_GRANT_LENGTH) && within(targetUser, IMPERSONATION_TARGET_LENGTH);
}
