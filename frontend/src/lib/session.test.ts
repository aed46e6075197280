import { afterEach, describe, expect, it } from '@jest/globals';
import {
  cognitoEndpoint,
  isExpired,
  isPublicPath,
  isStoredSignIn,
  jwtClaims,
  mayHaveStoredSession,
  needsSessionAtStart,
  oauthSignInInFlight,
} from './session.ts';

afterEach(() => {
  localStorage.clear();
});

/** UTF-8 bytes as a binary string (jsdom has no TextEncoder), then base64url. */
const base64url = (value: string) =>
  btoa(
    encodeURIComponent(value).replace(/%([0-9A-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    ),
  )
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (claims: object) =>
  `${base64url('{"alg":"RS256"}')}.${base64url(JSON.stringify(claims))}.signature`;

describe('reading the session without Amplify', () => {
  it('knows every prerendered public page (shared/site.ts), with or without a trailing slash', () => {
    for (const path of ['/', '/pricing', '/pricing/', '/faq', '/privacy-policy', '/terms', '/terms/']) {
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of ['/auth', '/auth/callback', '/resumes', '/account-settings', '/nope']) {
      expect(isPublicPath(path)).toBe(false);
    }
  });

  it('hints at a session from the keys Amplify stores for the app client', () => {
    expect(mayHaveStoredSession('client1', localStorage)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.other.LastAuthUser', 'u');
    localStorage.setItem('language', 'en-US');
    expect(mayHaveStoredSession('client1', localStorage)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.client1.LastAuthUser', 'u');
    expect(mayHaveStoredSession('client1', localStorage)).toBe(true);
    localStorage.clear();
    localStorage.setItem('CognitoIdentityServiceProvider.client1.inflightOAuth', 'true');
    expect(mayHaveStoredSession('client1', localStorage)).toBe(true);
  });

  it('assumes a session when it cannot tell', () => {
    expect(mayHaveStoredSession(undefined, localStorage)).toBe(true);
    const broken = {
      get length(): number {
        throw new Error('denied');
      },
      key: () => null,
    };
    expect(mayHaveStoredSession('client1', broken)).toBe(true);
  });

  it('watches refresh tokens for a sign-in in another tab', () => {
    expect(isStoredSignIn('CognitoIdentityServiceProvider.c.a@b.co.refreshToken', 'c')).toBe(true);
    expect(isStoredSignIn('CognitoIdentityServiceProvider.c.a@b.co.accessToken', 'c')).toBe(false);
    expect(isStoredSignIn('CognitoIdentityServiceProvider.d.u.refreshToken', 'c')).toBe(false);
    expect(isStoredSignIn('CognitoIdentityServiceProvider.c.u.refreshToken', undefined)).toBe(false);
  });

  it('reads the session at start on every page but the public ones', () => {
    expect(needsSessionAtStart('/resumes')).toBe(true);
    expect(needsSessionAtStart('/auth/callback')).toBe(true);
  });

  it('sees a social sign-in under way from the mark Amplify leaves before the redirect', () => {
    expect(oauthSignInInFlight('client1', localStorage)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.client1.inflightOAuth', 'false');
    expect(oauthSignInInFlight('client1', localStorage)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.other.inflightOAuth', 'true');
    expect(oauthSignInInFlight('client1', localStorage)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.client1.inflightOAuth', 'true');
    expect(oauthSignInInFlight('client1', localStorage)).toBe(true);
    expect(oauthSignInInFlight(undefined, localStorage)).toBe(false);
  });

  it("reads a token's claims, names with accents included, and nothing from what is not a token", () => {
    expect(jwtClaims(jwt({ sub: 'u1', given_name: 'João', exp: 100 }))).toEqual({
      sub: 'u1',
      given_name: 'João',
      exp: 100,
    });
    expect(jwtClaims(undefined)).toBeNull();
    expect(jwtClaims('not-a-token')).toBeNull();
    expect(jwtClaims('a.b%%.c')).toBeNull();
    expect(jwtClaims(`x.${base64url('"text"')}.y`)).toBeNull();
  });

  it('counts a token as expired 5 s before its time, by the server clock', () => {
    const exp = 1_000_000;
    const token = jwt({ exp });
    expect(isExpired(token, 0, exp * 1000 - 5001)).toBe(false);
    expect(isExpired(token, 0, exp * 1000 - 4999)).toBe(true);
    // The server's clock is a minute behind: the token lives a minute longer by this browser's clock.
    expect(isExpired(token, -60_000, exp * 1000 + 50_000)).toBe(false);
    expect(isExpired(jwt({ sub: 'no-exp' }), 0, 0)).toBe(true);
  });

  it("calls Cognito where Amplify would: the configured endpoint, else the pool's region", () => {
    const pool = { userPoolId: 'sa-east-1_abc', userPoolClientId: 'c' };
    expect(cognitoEndpoint(pool)).toBe('https://cognito-idp.sa-east-1.amazonaws.com/');
    expect(cognitoEndpoint({ ...pool, userPoolId: 'cn-north-1_abc' })).toBe(
      'https://cognito-idp.cn-north-1.amazonaws.com.cn/',
    );
    expect(cognitoEndpoint({ ...pool, cognitoEndpoint: 'http://localhost:3000/cognito' })).toBe(
      'http://localhost:3000/cognito',
    );
  });
});
