/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { hasAuthCallbackHash, isCompleteImplicitHash, parseAuthCallback } from './callback-url.ts';

describe('parseAuthCallback', () => {
  it('reads the sign-up confirmation link of the e-mail', () => {
    const search = `?type=signup&email=${encodeURIComponent('ana+cv@example.com')}&code=123456`;

    expect(parseAuthCallback(search, '')).toEqual({
      kind: 'signup',
      email: 'ana+cv@example.com',
      code: '123456',
    });
  });

  it('reads the recovery link of the e-mail', () => {
    expect(parseAuthCallback('?type=recovery&email=a%40b.co&code=654321', '')).toEqual({
      kind: 'recovery',
      email: 'a@b.co',
      code: '654321',
    });
  });

  it.each([
    ['?type=signup&email=a%40b.co', 'signup'],
    ['?type=signup&code=123456', 'signup'],
    ['?type=recovery&email=not-an-email&code=123456', 'recovery'],
    ['?type=recovery&email=a%40b.co&code=12%2034', 'recovery'],
  ] as const)('treats %s as an invalid %s link', (search, type) => {
    expect(parseAuthCallback(search, '')).toEqual({ kind: 'invalid', type });
  });

  it('recognises a social sign-in return by its OAuth code in the query or the hash', () => {
    expect(parseAuthCallback('?code=abc&state=xyz', '')).toEqual({ kind: 'oauth', error: null });
    expect(parseAuthCallback('', '#access_token=t&expires_in=3600')).toEqual({ kind: 'oauth', error: null });
    expect(parseAuthCallback('', '#code=abc')).toEqual({ kind: 'oauth', error: null });
  });

  it('reports a provider error', () => {
    expect(parseAuthCallback('?error=access_denied&error_description=User+cancelled', '')).toEqual({
      kind: 'oauth',
      error: 'User cancelled',
    });
  });

  it('finds nothing in an empty address', () => {
    expect(parseAuthCallback('', '')).toEqual({ kind: 'none' });
  });
});

describe('callback hashes', () => {
  it('holds a callback when it carries an access token or a code', () => {
    expect(hasAuthCallbackHash('#access_token=abc&token_type=Bearer')).toBe(true);
    expect(hasAuthCallbackHash('#code=abc')).toBe(true);
    expect(hasAuthCallbackHash('#section-2')).toBe(false);
    expect(hasAuthCallbackHash('')).toBe(false);
  });

  it('needs all four implicit-flow fields to be complete', () => {
    expect(isCompleteImplicitHash('#access_token=a&expires_in=3600&refresh_token=r&token_type=bearer')).toBe(
      true,
    );
    expect(isCompleteImplicitHash('#access_token=a&expires_in=3600&token_type=bearer')).toBe(false);
  });
});
