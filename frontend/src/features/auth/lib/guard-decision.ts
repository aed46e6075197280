import type { AccessGrantState } from './access-grant.ts';

export type GuardDecision =
  /** Render the protected page. */
  | 'render'
  /** A sign-in callback in the hash is being processed: 'Processing authentication...'. */
  | 'processing'
  /** The session or a grant is being read: 'Loading...'. */
  | 'loading'
  /** Nobody is signed in: off to /auth. */
  | 'redirect';

export interface GuardInput {
  auth: 'loading' | 'signedIn' | 'signedOut';
  grant: AccessGrantState;
  /** True while a callback hash is within its 2-second processing window. */
  processingCallback: boolean;
}

/** The route guard of spec section 2, minus its client-side impersonation bypass (see access-grant.ts). */
export function guardDecision({ auth, grant, processingCallback }: GuardInput): GuardDecision {
  if (auth === 'signedIn') return 'render';
  if (grant.status === 'granted') return 'render';
  if (processingCallback) return 'processing';
  if (auth === 'loading' || grant.status === 'pending') return 'loading';
  return 'redirect';
}
