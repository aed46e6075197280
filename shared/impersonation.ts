// Impersonation constants with no schema (the SPA's API client needs the header on every page). Re-exported by
// shared/admin.ts.

/** Impersonation grants live 15 minutes from issue; one grant opens one read-only session. */
export const IMPERSONATION_TTL_SECONDS = 15 * 60;

/** The header the SPA sends on every API call while impersonating (the session token). */
export const IMPERSONATION_HEADER = 'x-impersonation-session';

/** A session token is about 350 characters; a header longer than this is refused (400) before any work. */
export const IMPERSONATION_SESSION_MAX_LENGTH = 1024;
