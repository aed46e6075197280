/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { authErrorKey } from './auth-errors.ts';

const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });

describe('authErrorKey', () => {
  it.each([
    ['UsernameExistsException', 'signUp', 'auth.errors.emailExists'],
    ['NotAuthorizedException', 'signIn', 'auth.errors.incorrectCredentials'],
    ['UserNotFoundException', 'signIn', 'auth.errors.incorrectCredentials'],
    ['CodeMismatchException', 'confirm', 'auth.errors.codeMismatch'],
    ['ExpiredCodeException', 'confirm', 'auth.errors.codeExpired'],
    ['LimitExceededException', 'signIn', 'auth.errors.tooManyAttempts'],
    ['InvalidPasswordException', 'signUp', 'auth.errors.invalidPassword'],
    ['InvalidPasswordException', 'signIn', 'auth.errors.incorrectCredentials'],
    ['NotAuthorizedException', 'confirm', 'errors.generic'],
    ['SomethingNew', 'signIn', 'errors.generic'],
    ['SomethingNew', 'signUp', 'auth.errors.signUpFailed'],
    ['UserNotFoundException', 'reset', 'auth.errors.codeMismatch'],
    ['InvalidPasswordException', 'reset', 'auth.errors.invalidPassword'],
    ['ExpiredCodeException', 'reset', 'auth.errors.codeExpired'],
  ] as const)('maps %s during %s to %s', (name, action, key) => {
    expect(authErrorKey(cognitoError(name), action)).toBe(key);
  });

  it("treats an 'already been registered' message as an existing account", () => {
    expect(authErrorKey(new Error('User already been registered'), 'signUp')).toBe('auth.errors.emailExists');
  });

  it('says a code was already used when Cognito finds the account confirmed, on confirm or resend', () => {
    const confirmed = cognitoError(
      'NotAuthorizedException',
      'User cannot be confirmed. Current status is CONFIRMED',
    );
    const resent = cognitoError('InvalidParameterException', 'User is already confirmed.');
    expect(authErrorKey(confirmed, 'confirm')).toBe('auth.errors.alreadyConfirmed');
    expect(authErrorKey(resent, 'confirm')).toBe('auth.errors.alreadyConfirmed');
    // Not on sign-in: there the same exception name means a wrong password.
    expect(authErrorKey(confirmed, 'signIn')).toBe('auth.errors.incorrectCredentials');
  });

  it('falls back to the generic message for non-errors', () => {
    expect(authErrorKey('boom', 'signIn')).toBe('errors.generic');
  });
});
