import { defaultAfterSignIn } from '../../../lib/safe-redirect.ts';
import { authErrorName } from './auth-errors.ts';
import type { AuthCallback } from './callback-url.ts';
import type { ResetLink } from './flow-storage.ts';

/** Spec section 9: the callback waits up to 2 s for a session. */
export const CALLBACK_WAIT_MS = 2000;

export const callbackTargets = {
  verificationFailed: '/auth?error=verification_failed',
  resetFailed: '/auth?error=reset_failed',
  confirmedSignIn: '/auth?view=sign-in&confirmed=1',
  resetChange: '/reset-password?step=change',
  signIn: '/auth',
  sessionError: '/error',
} as const;

/** Everything the callback touches, injected so the flow is testable without Amplify or a browser. */
export interface AuthCallbackDeps {
  confirmSignUp(email: string, code: string): Promise<void>;
  /** Whether a session exists now; throws when the session cannot be read. */
  hasSession(): Promise<boolean>;
  /** Wait until a session exists or `ms` pass; throws when the session cannot be read. */
  waitForSession(ms: number): Promise<boolean>;
  saveResetLink(link: ResetLink): void;
  readIntendedRedirect(): string | null;
  clearIntendedRedirect(): void;
  /** Apply the user's stored language choice, if there is one. */
  applyStoredLanguage(): Promise<void>;
  /** Remove tokens or a code from the address once processed (history.replaceState). */
  stripCallbackFromUrl(): void;
}

/** Cognito's answer when the account was confirmed already (a link opened twice). */
function alreadyConfirmed(error: unknown): boolean {
  return (
    authErrorName(error) === 'NotAuthorizedException' &&
    error instanceof Error &&
    /current status is confirmed/i.test(error.message)
  );
}

/** Process one callback and return the in-app path to go to next (spec section 4). */
export async function runAuthCallback(callback: AuthCallback, deps: AuthCallbackDeps): Promise<string> {
  switch (callback.kind) {
    case 'invalid':
      return callback.type === 'signup' ? callbackTargets.verificationFailed : callbackTargets.resetFailed;

    case 'recovery':
      deps.saveResetLink({ email: callback.email, code: callback.code });
      return callbackTargets.resetChange;

    case 'signup': {
      try {
        await deps.confirmSignUp(callback.email, callback.code);
      } catch (error) {
        if (!alreadyConfirmed(error)) return callbackTargets.verificationFailed;
      }
      deps.clearIntendedRedirect();
      await deps.applyStoredLanguage().catch(() => undefined);
      const signedIn = await deps.hasSession().catch(() => false);
      return signedIn ? defaultAfterSignIn : callbackTargets.confirmedSignIn;
    }

    case 'oauth':
    case 'none': {
      let signedIn: boolean;
      try {
        signedIn =
          callback.kind === 'oauth' && callback.error === null
            ? await deps.waitForSession(CALLBACK_WAIT_MS)
            : await deps.hasSession();
      } catch {
        deps.stripCallbackFromUrl();
        return callbackTargets.sessionError;
      }
      deps.stripCallbackFromUrl();
      if (!signedIn) return callbackTargets.signIn;
      const target = deps.readIntendedRedirect() ?? defaultAfterSignIn;
      deps.clearIntendedRedirect();
      return target;
    }
  }
}
