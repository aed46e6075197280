/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { fieldErrors, signInSchema, signUpSchema } from './schemas.ts';

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
      password: '123456',
    });

    expect(result).toEqual({
      data: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: '123456' },
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
