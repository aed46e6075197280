import type { AccessGrantState } from './access-grant.ts';

export type GuardDecision =
  /** Render the protected page. */
  | 'render'
  /** A sign-in callback in the hash is being processed: 'Processing authentication...'. */
  | 'processing'
  /** The session is read, or a grant redeemed: 'Loading...'. */
  | 'loading'
  /** Nobody is signed in: off to /auth. */
  | 'redirect'
  /** The server refused the impersonation grant: its error, and the way back to the admin area. */
  | 'grantRefused';

export interface GuardInput {
  auth: 'loading' | 'signedIn' | 'signedOut';
  grant: AccessGrantState;
  /** True while a callback hash is within its 2-second processing window. */
  processingCallback: boolean;
}

/**
 * The route guard of spec section 2, with its impersonation bypass replaced by a server-checked grant: a
 * grant is only ever redeemed by a signed-in staff member, so without a session every grant state still
 * ends at sign-in (the redirect keeps the whole address, grant included).
 */
export function guardDecision({ auth, grant, processingCallback }: GuardInput): GuardDecision {
  if (auth === 'signedIn') {
    if (grant.status === 'requested' || grant.status === 'pending') return 'loading';
    if (grant.status === 'failed') return 'grantRefused';
    return 'render';
  }
  if (processingCallback) return 'processing';
  if (auth === 'loading') return 'loading';
  return 'redirect';
}
