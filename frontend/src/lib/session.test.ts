import { describe, expect, it } from '@jest/globals';
import { cognitoEndpoint, isExpired, jwtClaims } from './session.ts';

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

describe('reading the stored tokens without Amplify', () => {
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
