/** Which form the Amplify error came from: the same Cognito name can mean different things. */
export type AuthAction = 'signIn' | 'signUp' | 'confirm' | 'resetRequest' | 'reset';

export type AuthErrorKey =
  | 'auth.errors.emailExists'
  | 'auth.errors.incorrectCredentials'
  | 'auth.errors.codeMismatch'
  | 'auth.errors.codeExpired'
  | 'auth.errors.alreadyConfirmed'
  | 'auth.errors.tooManyAttempts'
  | 'auth.errors.invalidPassword'
  | 'auth.errors.network'
  | 'auth.errors.signUpFailed'
  | 'errors.generic';

/** The name of an Amplify AuthError (it carries the Cognito exception name), or '' for anything else. */
export function authErrorName(error: unknown): string {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : '';
}

/** The translation key for an Amplify/Cognito error. */
export function authErrorKey(error: unknown, action: AuthAction): AuthErrorKey {
  const name = authErrorName(error);
  const message = error instanceof Error ? error.message : '';
  if (action === 'confirm' && isAlreadyConfirmed(error)) return 'auth.errors.alreadyConfirmed';
  switch (name) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return 'auth.errors.emailExists';
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      if (action === 'signIn') return 'auth.errors.incorrectCredentials';
      // A reset for an unknown address looks like a wrong code: the page does not reveal who has an account.
      if (action === 'reset') return 'auth.errors.codeMismatch';
      return fallback(action);
    case 'CodeMismatchException':
      return 'auth.errors.codeMismatch';
    case 'ExpiredCodeException':
      return 'auth.errors.codeExpired';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'auth.errors.tooManyAttempts';
    case 'InvalidPasswordException':
      // cognito-local answers a wrong password with this name; Cognito uses NotAuthorizedException.
      return action === 'signIn' ? 'auth.errors.incorrectCredentials' : 'auth.errors.invalidPassword';
    case 'NetworkError':
      return 'auth.errors.network';
  }
  // Spec: a message saying the address is 'already been registered' means the same as UsernameExists.
  if (/already (been )?registered|already exists/i.test(message)) return 'auth.errors.emailExists';
  return fallback(action);
}

/**
 * A confirmation (or a resend) for an account that is already confirmed: the code was used before. Cognito
 * names no exception for it, only the message ('User cannot be confirmed. Current status is CONFIRMED' from
 * ConfirmSignUp, 'User is already confirmed.' from ResendConfirmationCode).
 */
export function isAlreadyConfirmed(error: unknown): boolean {
  const name = authErrorName(error);
  const message = error instanceof Error ? error.message : '';
  return (
    (name === 'NotAuthorizedException' || name === 'InvalidParameterException') &&
    /status is CONFIRMED|already confirmed/i.test(message)
  );
}

/** Spec section 8: a failed sign-up without a known reason says 'Signup failed'. */
function fallback(action: AuthAction): AuthErrorKey {
  return action === 'signUp' ? 'auth.errors.signUpFailed' : 'errors.generic';
}

/** Codes of a reset link that can never work again: the link is dead and the user starts over. */
export function isDeadResetCode(error: unknown): boolean {
  const name = authErrorName(error);
  return (
    name === 'CodeMismatchException' ||
    name === 'ExpiredCodeException' ||
    name === 'UserNotFoundException' ||
    name === 'NotAuthorizedException'
  );
}
