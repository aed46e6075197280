/** What the route guard (app/require-auth.tsx) and the callback page need: the grant, callback and guard rules. */
export {
  type AccessGrant,
  type GrantFailureCode,
  grantFailureCode,
  grantRequest,
  resolveAccessGrant,
  withoutGrant,
} from './lib/access-grant.ts';
export { hasAuthCallbackHash, parseAuthCallback, stripAuthCallbackFromUrl } from './lib/callback-url.ts';
export { guardDecision } from './lib/guard-decision.ts';
export { CALLBACK_WAIT_MS, runAuthCallback } from './lib/run-auth-callback.ts';
