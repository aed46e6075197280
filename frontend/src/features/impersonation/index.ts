/** What the signed-in app needs to open, show and end a staff member's read-only session as another user. */
export { endImpersonation } from './api/end-impersonation.ts';
export { redeemImpersonation } from './api/redeem-impersonation.ts';
export { ImpersonationBanner } from './components/impersonation-banner.tsx';
export { useImpersonation, useLeavingImpersonation } from './hooks/use-impersonation.ts';
