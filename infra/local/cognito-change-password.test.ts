import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { changePasswordTarget, verifyAccessToken } from './cognito-change-password.ts';

const require = createRequire(import.meta.url);
const poolKey = createPrivateKey(
  (require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string }).pem,
);
const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

const issuerDomain = 'http://localhost:3000/cognito';
const now = new Date('2026-03-01T12:00:00Z');
const seconds = now.getTime() / 1000;
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function token(claims: Record<string, unknown> = {}, options: { key?: typeof poolKey; alg?: string } = {}) {
  const body = `${part({ alg: options.alg ?? 'RS256', kid: 'CognitoLocal' })}.${part({
    iss: `${issuerDomain}/local_pool`,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    client_id: 'client1',
    username: 'u1',
    sub: 'u1',
    exp: seconds + 3600,
    ...claims,
  })}`;
  return `${body}.${sign('RSA-SHA256', Buffer.from(body), options.key ?? poolKey).toString('base64url')}`;
}

const refusal = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  return null;
};

describe('the local Cognito checks an access token as Cognito does', () => {
  it('accepts its own unexpired access token and names the user and the client', () => {
    expect(verifyAccessToken(token(), { issuerDomain, now })).toEqual({
      username: 'u1',
      clientId: 'client1',
    });
  });

  it.each([
    ['signed by another key', token({}, { key: otherKey })],
    ['an ID token', token({ token_use: 'id' })],
    ['without the sign-in scope', token({ scope: 'openid' })],
    ['of another issuer', token({ iss: 'https://cognito-idp.us-east-1.amazonaws.com/pool' })],
    [
      'tampered with',
      `${token().split('.')[0]}.${part({ username: 'someone-else' })}.${token().split('.')[2]}`,
    ],
    ['not a token', 'not-a-token'],
  ])('refuses one %s with NotAuthorizedException', (_name, given) => {
    expect(refusal(() => verifyAccessToken(given, { issuerDomain, now }))).toEqual({
      code: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
  });

  it('refuses an expired one as expired', () => {
    expect(refusal(() => verifyAccessToken(token({ exp: seconds - 1 }), { issuerDomain, now }))).toEqual({
      code: 'NotAuthorizedException',
      message: 'Access Token has expired',
    });
  });
});

describe('ChangePassword in the local Cognito', () => {
  function pool(user: Record<string, unknown> | null) {
    const saved: Record<string, unknown>[] = [];
    const services = {
      clock: { get: () => now },
      cognito: {
        getUserPoolForClientId: async () => ({
          options: { Id: 'local_pool', Policies: { PasswordPolicy: { MinimumLength: 8 } } },
          getUserByUsername: async () => (user ? { Username: 'u1', ...user } : null),
          saveUser: async (_ctx: unknown, next: Record<string, unknown>) => {
            saved.push(next);
          },
        }),
      },
    };
    return { change: changePasswordTarget(services, issuerDomain), saved };
  }
  const confirmed = { Password: 'old-pass-1', Enabled: true, UserStatus: 'CONFIRMED' };
  const failure = async (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
    );

  it('saves the new password when the previous one is right', async () => {
    const { change, saved } = pool(confirmed);

    await change(
      {},
      { AccessToken: token(), PreviousPassword: 'old-pass-1', ProposedPassword: 'new-pass-22' },
    );

    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ Username: 'u1', Password: 'new-pass-22' });
  });

  it('answers a wrong previous password with NotAuthorizedException, and changes nothing', async () => {
    const { change, saved } = pool(confirmed);

    const result = await failure(
      change({}, { AccessToken: token(), PreviousPassword: 'guess-1234', ProposedPassword: 'new-pass-22' }),
    );

    expect(result).toEqual({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(saved).toHaveLength(0);
  });

  it("refuses a password shorter than the pool's policy, a disabled user and a forged token", async () => {
    const short = pool(confirmed);
    const disabled = pool({ ...confirmed, Enabled: false });
    const forged = pool(confirmed);

    const results = await Promise.all([
      failure(
        short.change({}, { AccessToken: token(), PreviousPassword: 'old-pass-1', ProposedPassword: 'short' }),
      ),
      failure(
        disabled.change(
          {},
          { AccessToken: token(), PreviousPassword: 'old-pass-1', ProposedPassword: 'new-pass-22' },
        ),
      ),
      failure(
        forged.change(
          {},
          {
            AccessToken: token({}, { key: otherKey }),
            PreviousPassword: 'old-pass-1',
            ProposedPassword: 'new-pass-22',
          },
        ),
      ),
    ]);

    expect(results.map((r) => r?.code)).toEqual([
      'InvalidPasswordException',
      'NotAuthorizedException',
      'NotAuthorizedException',
    ]);
    expect([short.saved, disabled.saved, forged.saved].map((s) => s.length)).toEqual([0, 0, 0]);
  });
});
