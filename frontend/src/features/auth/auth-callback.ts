/**
 * The rest of what the social sign-in callback page (app/routes/auth-callback.tsx) needs: Amplify's session
 * and the reset link kept for /reset-password. Apart from index.ts, which the signed-in shell loads.
 */
export { hasAmplifySession, waitForAmplifySession } from './lib/amplify-session.ts';
export { saveResetLink } from './lib/flow-storage.ts';
