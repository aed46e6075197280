/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { fieldErrors, resetChangeSchema, resetRequestSchema, signInSchema, signUpSchema } from './schemas.ts';

describe('sign-up validation', () => {
  it('reports each invalid field with its message key', () => {
    const result = fieldErrors(signUpSchema, {
      firstName: ' ',
      lastName: '',
      email: 'not-an-email',
      password: '12345',
    });

    expect(result.errors).toEqual({
      firstName: 'firstNameRequired',
      lastName: 'lastNameRequired',
      email: 'email',
      password: 'passwordMin',
    });
  });

  it('accepts a complete form and trims names and e-mail', () => {
    const result = fieldErrors(signUpSchema, {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: ' ada@example.com ',
      password: 'violet ferry',
    });

    expect(result).toEqual({
      data: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'violet ferry' },
      errors: null,
    });
  });
});

describe('sign-in validation', () => {
  it('needs an e-mail and a password of any length', () => {
    expect(fieldErrors(signInSchema, { email: '', password: '' }).errors).toEqual({
      email: 'email',
      password: 'passwordRequired',
    });
    expect(fieldErrors(signInSchema, { email: 'a@b.co', password: 'x' }).errors).toBeNull();
  });
});

describe('password reset validation', () => {
  const change = { email: 'a@b.co', code: '123456', password: 'new-pass', confirmPassword: 'new-pass' };

  it('needs a valid e-mail to send the reset mail', () => {
    expect(fieldErrors(resetRequestSchema, { email: 'nope' }).errors).toEqual({ email: 'email' });
    expect(fieldErrors(resetRequestSchema, { email: ' a@b.co ' }).data).toEqual({ email: 'a@b.co' });
  });

  it('reports a short password, a missing code and a mismatch with their spec messages', () => {
    expect(
      fieldErrors(resetChangeSchema, { ...change, code: ' ', password: '12345', confirmPassword: '12345' })
        .errors,
    ).toEqual({
      code: 'resetCodeRequired',
      password: 'passwordMin',
    });
    expect(fieldErrors(resetChangeSchema, { ...change, confirmPassword: 'other-pass' }).errors).toEqual({
      confirmPassword: 'passwordsMismatch',
    });
    expect(fieldErrors(resetChangeSchema, change).errors).toBeNull();
  });

  it('refuses a 7-character or a common new password on sign-up and reset alike', () => {
    const signUp = { firstName: 'Ada', lastName: 'L', email: 'a@b.co' };
    expect(fieldErrors(signUpSchema, { ...signUp, password: 'abcdefg' }).errors).toEqual({
      password: 'passwordMin',
    });
    expect(fieldErrors(signUpSchema, { ...signUp, password: 'Password1' }).errors).toEqual({
      password: 'passwordCommon',
    });
    expect(
      fieldErrors(resetChangeSchema, { ...change, password: 'QWERTY123', confirmPassword: 'QWERTY123' })
        .errors,
    ).toEqual({ password: 'passwordCommon' });
  });
});
