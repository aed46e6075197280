import { signIn } from 'aws-amplify/auth';
import { authErrorName } from './auth-errors.ts';

export type SignInOutcome = 'signedIn' | 'needsConfirmation' | 'unsupported';

/**
 * Password sign-in with USER_PASSWORD_AUTH: cognito-local has no SRP, and the deployed app client allows
 * the same flow, so every stage signs in the same way.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  try {
    const result = await signIn({
      username: email,
      password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    if (result.isSignedIn) return 'signedIn';
    // Amplify turns UserNotConfirmedException into this step instead of throwing.
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'needsConfirmation';
    return 'unsupported';
  } catch (error) {
    const name = authErrorName(error);
    if (name === 'UserNotConfirmedException') return 'needsConfirmation';
    if (name === 'UserAlreadyAuthenticatedException') return 'signedIn';
    throw error;
  }
}
