/** @jest-environment node */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type AuthenticationResult,
  startTestPool,
  type TestPool,
} from '../../../infra/local/cognito-test-pool.ts';
import { createSession, jwtClaims, type SessionConfig } from './session.ts';

/** Local storage as the browser's, in memory (the test runs in Node, next to the local Cognito). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

let pool: TestPool;
let config: SessionConfig;

beforeAll(async () => {
  pool = await startTestPool();
  config = { userPoolId: pool.userPoolId, userPoolClientId: pool.clientId, cognitoEndpoint: pool.endpoint };
}, 60_000);

afterAll(async () => {
  await pool?.stop();
});

/** What Amplify's token store writes after a password sign-in, under the keys it reads. */
function storedAsAmplify(result: AuthenticationResult): { storage: MemoryStorage; username: string } {
  const storage = new MemoryStorage();
  const username = String(jwtClaims(result.AccessToken)?.username);
  const prefix = `CognitoIdentityServiceProvider.${pool.clientId}`;
  storage.setItem(`${prefix}.LastAuthUser`, username);
  storage.setItem(`${prefix}.${username}.accessToken`, result.AccessToken);
  storage.setItem(`${prefix}.${username}.idToken`, result.IdToken ?? '');
  storage.setItem(`${prefix}.${username}.refreshToken`, result.RefreshToken ?? '');
  storage.setItem(`${prefix}.${username}.clockDrift`, '0');
  storage.setItem(
    `${prefix}.${username}.signInDetails`,
    JSON.stringify({ loginId: pool.user.email, authFlowType: 'USER_PASSWORD_AUTH' }),
  );
  storage.setItem('language', 'pt-BR');
  return { storage, username };
}

/** The real fetch, with the Cognito operations it carried written down. */
function countingFetch() {
  const operations: string[] = [];
  const counted: typeof fetch = (input, init) => {
    operations.push(String(new Headers(init?.headers).get('x-amz-target')).split('.').pop() ?? '');
    return fetch(input, init);
  };
  return { operations, fetch: counted };
}

describe('the session without Amplify, against the local Cognito', () => {
  it('reads unexpired stored tokens without a request', async () => {
    const signedIn = await pool.signIn();
    const { storage, username } = storedAsAmplify(signedIn);
    const { operations, fetch } = countingFetch();

    const tokens = await createSession(config, { storage, fetch }).tokens();

    expect(operations).toEqual([]);
    expect(tokens).toEqual({
      username,
      accessToken: signedIn.AccessToken,
      idToken: signedIn.IdToken,
      refreshToken: signedIn.RefreshToken,
      clockDrift: 0,
      signInDetails: { loginId: pool.user.email, authFlowType: 'USER_PASSWORD_AUTH' },
      deviceKey: undefined,
    });
  });

  it('refreshes an expired access token with one InitiateAuth and writes the new tokens where Amplify reads them', async () => {
    const signedIn = await pool.signIn();
    const { storage, username } = storedAsAmplify(signedIn);
    const { operations, fetch } = countingFetch();
    // A day later by this browser's clock: both tokens have expired.
    const later = Date.now() + DAY_MS + 60_000;
    const session = createSession(config, { storage, fetch, now: () => later });

    const tokens = await session.tokens();

    expect(operations).toEqual(['InitiateAuth']);
    const key = (name: string) => `CognitoIdentityServiceProvider.${pool.clientId}.${username}.${name}`;
    expect(tokens?.accessToken).not.toBe(signedIn.AccessToken);
    expect(storage.getItem(key('accessToken'))).toBe(tokens?.accessToken);
    expect(storage.getItem(key('idToken'))).toBe(tokens?.idToken);
    expect(storage.getItem(key('refreshToken'))).toBe(signedIn.RefreshToken);
    // The server's clock is behind this one: the drift Amplify would store, so the new tokens count as fresh.
    const drift = Number(storage.getItem(key('clockDrift')));
    expect(drift).toBeLessThan(-DAY_MS);
    expect(jwtClaims(tokens?.idToken)).toMatchObject({ email: pool.user.email, given_name: 'Robin' });
    await expect(session.tokens()).resolves.toEqual(tokens);
    expect(operations).toEqual(['InitiateAuth']);
    // Cognito takes the new access token.
    await expect(session.userAttributes(tokens?.accessToken ?? '')).resolves.toMatchObject({
      email: pool.user.email,
      given_name: 'Robin',
      family_name: 'Quinn',
    });
  });

  it('refreshes on demand once for callers that ask together', async () => {
    const { storage } = storedAsAmplify(await pool.signIn());
    const { operations, fetch } = countingFetch();
    const session = createSession(config, { storage, fetch });

    const [first, second] = await Promise.all([
      session.tokens({ forceRefresh: true }),
      session.tokens({ forceRefresh: true }),
    ]);

    expect(operations).toEqual(['InitiateAuth']);
    expect(second).toEqual(first);
  });

  it('clears the stored tokens, as Amplify does, when Cognito refuses the refresh token, and says so', async () => {
    const signedIn = await pool.signIn();
    const { storage } = storedAsAmplify(signedIn);
    await pool.call('RevokeToken', { ClientId: pool.clientId, Token: signedIn.RefreshToken });
    const session = createSession(config, { storage });
    let failures = 0;
    session.onRefreshFailure(() => {
      failures += 1;
    });

    const tokens = await session.tokens({ forceRefresh: true });

    expect(tokens).toBeNull();
    expect(failures).toBe(1);
    expect([...storage.items.keys()]).toEqual(['language']);
    await expect(session.tokens()).resolves.toBeNull();
  });

  it('keeps the stored tokens and fails when Cognito cannot be reached', async () => {
    const signedIn = await pool.signIn();
    const { storage } = storedAsAmplify(signedIn);
    const before = new Map(storage.items);
    const session = createSession({ ...config, cognitoEndpoint: 'http://127.0.0.1:9/' }, { storage });
    let failures = 0;
    session.onRefreshFailure(() => {
      failures += 1;
    });

    await expect(session.tokens({ forceRefresh: true })).rejects.toThrow();

    expect(failures).toBe(1);
    expect(storage.items).toEqual(before);
  });
});
