import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { withStandardClaims, withVerifiedEmail } from './cognito.ts';
import { startTestPool, type TestPool } from './cognito-test-pool.ts';

const require = createRequire(import.meta.url);
const privateKey = createPrivateKey(
  (require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string }).pem,
);
const publicKey = createPublicKey({
  key: (require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: object }).jwk as never,
  format: 'jwk',
});

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An ID token as cognito-local writes it: the e-mail, never the names. */
function cognitoLocalIdToken(): string {
  const body = `${part({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${part({
    sub: 'u1',
    email: 'robin@example.com',
    token_use: 'id',
    aud: 'client1',
    exp: 2_000_000_000,
  })}`;
  return `${body}.${sign('RSA-SHA256', Buffer.from(body), privateKey).toString('base64url')}`;
}

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
const verifies = (token: string) => {
  const [header, payload, signature] = token.split('.');
  return verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    publicKey,
    Buffer.from(signature ?? '', 'base64url'),
  );
};

describe('ID tokens of the local Cognito', () => {
  const user = {
    Username: 'u1',
    Attributes: [
      { Name: 'email', Value: 'robin@example.com' },
      { Name: 'given_name', Value: 'Robin' },
      { Name: 'family_name', Value: 'Silva' },
      { Name: 'custom:secret', Value: 'not for the token' },
    ],
  };

  test("carry the user's names as Cognito's do, signed so the keys cognito-local publishes still verify them", () => {
    const tokens = withStandardClaims({ IdToken: cognitoLocalIdToken(), AccessToken: 'access' }, user);
    expect(claims(tokens.IdToken ?? '')).toEqual({
      sub: 'u1',
      email: 'robin@example.com',
      token_use: 'id',
      aud: 'client1',
      exp: 2_000_000_000,
      given_name: 'Robin',
      family_name: 'Silva',
    });
    expect(tokens.IdToken?.split('.')[0]).toBe(cognitoLocalIdToken().split('.')[0]);
    expect(verifies(tokens.IdToken ?? '')).toBe(true);
    expect(tokens.AccessToken).toBe('access');
  });

  test('are left as they are when the user has no names, and a changed token does not verify', () => {
    const original = cognitoLocalIdToken();
    const unnamed = { Username: 'u2', Attributes: [{ Name: 'email', Value: 'x@example.com' }] };
    expect(withStandardClaims({ IdToken: original }, unnamed).IdToken).toBe(original);
    const [header, , signature] = (withStandardClaims({ IdToken: original }, user).IdToken ?? '').split('.');
    expect(verifies(`${header}.${part({ sub: 'someone-else' })}.${signature}`)).toBe(false);
  });
});

describe('e-mail verification in the local Cognito', () => {
  const user = { Username: 'u3', Attributes: [{ Name: 'email', Value: 'vera@example.com' }] };
  const pool = { AutoVerifiedAttributes: ['email'] };

  test('marks the address verified, as Cognito does when its e-mailed code confirms a sign-up', () => {
    expect(withVerifiedEmail(user, pool)?.Attributes).toEqual([
      { Name: 'email', Value: 'vera@example.com' },
      { Name: 'email_verified', Value: 'true' },
    ]);
  });

  test('changes nothing for a pool that does not verify e-mail, a user without one, or one already verified', () => {
    const verified = withVerifiedEmail(user, pool);
    expect(withVerifiedEmail(user, {})).toBeNull();
    expect(withVerifiedEmail({ Username: 'u4', Attributes: [] }, pool)).toBeNull();
    expect(verified && withVerifiedEmail(verified, pool)).toBeNull();
  });
});

describe('InitiateAuth REFRESH_TOKEN_AUTH at the local Cognito (the browser refreshes its session with it)', () => {
  let pool: TestPool;
  beforeAll(async () => {
    pool = await startTestPool();
  }, 60_000);
  afterAll(async () => {
    await pool?.stop();
  });

  const refresh = (refreshToken: string) =>
    pool.call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: pool.clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });

  test('is served unsigned and answers new access and ID tokens for the same user, keeping the refresh token', async () => {
    const signedIn = await pool.signIn();

    const { status, body } = await refresh(signedIn.RefreshToken ?? '');

    expect(status).toBe(200);
    const result = body.AuthenticationResult as {
      AccessToken: string;
      IdToken: string;
      RefreshToken?: string;
    };
    expect(result.RefreshToken).toBeUndefined();
    expect(claims(result.AccessToken)).toMatchObject({
      token_use: 'access',
      sub: claims(signedIn.AccessToken).sub,
      client_id: pool.clientId,
    });
    expect(claims(result.AccessToken).iat).toEqual(expect.any(Number));
    expect(claims(result.IdToken)).toMatchObject({
      token_use: 'id',
      email: pool.user.email,
      given_name: 'Robin',
      family_name: 'Quinn',
    });
    expect(verifies(result.IdToken)).toBe(true);
  });

  test('refuses an unknown or revoked refresh token with NotAuthorizedException', async () => {
    const signedIn = await pool.signIn();
    const unknown = await refresh('not-a-refresh-token');
    const revoke = await pool.call('RevokeToken', { ClientId: pool.clientId, Token: signedIn.RefreshToken });

    const revoked = await refresh(signedIn.RefreshToken ?? '');

    expect(unknown).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    expect(revoke.status).toBe(200);
    expect(revoked).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
  });
});
