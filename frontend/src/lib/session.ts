import type { RuntimeConfig } from '#shared/runtime-config';
import { setSessionClient, storagePrefix } from './stored-session.ts';

/**
 * The signed-in session without Amplify. Amplify keeps a user's Cognito tokens in local storage under
 * `CognitoIdentityServiceProvider.<clientId>.<username>.<token>`; the signed-in pages read them from there,
 * and refresh them with one call to Cognito's InitiateAuth (REFRESH_TOKEN_AUTH), writing the new ones back
 * where Amplify reads them. So the editor's first load does without Amplify (about 40 KiB gzip), which the
 * screens that sign in, sign up, reset a password or link a social account still load (lib/amplify.ts), and
 * a session started by either stays valid for the other.
 */

/** The parts of the runtime config the session needs. */
export type SessionConfig = Pick<RuntimeConfig, 'userPoolId' | 'userPoolClientId' | 'cognitoEndpoint'>;

/** What the ID token's claims say about the signed-in user (what Amplify's sign-in details add). */
export interface SignInDetails {
  loginId?: string;
  authFlowType?: string;
}

/** The stored tokens of the signed-in user, as Amplify writes them. */
export interface SessionTokens {
  /** Amplify's `LastAuthUser`: the Cognito user name the keys are made of. */
  username: string;
  accessToken: string;
  idToken: string | undefined;
  refreshToken: string | undefined;
  /** Milliseconds the server's clock is ahead of this one (Amplify's `clockDrift`). */
  clockDrift: number;
  signInDetails: SignInDetails | undefined;
  deviceKey: string | undefined;
}

/** Cognito's error as its JSON protocol names it (`NotAuthorizedException`, ...). */
export class CognitoError extends Error {
  override readonly name: string;
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/** Answers that mean the refresh token is no good (what Amplify clears the stored tokens for). */
const endedSessionErrors = [
  'NotAuthorizedException',
  'TokenRevokedException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

/** Amplify refreshes a token that expires within 5 s, counting the server's clock; so does this. */
const EXPIRY_TOLERANCE_MS = 5000;

/** The keys Amplify's token store uses for one user (and clears on sign-out). */
function tokenKeys(clientId: string, username: string) {
  const key = (name: string) => `${storagePrefix(clientId)}${username}.${name}`;
  return {
    accessToken: key('accessToken'),
    idToken: key('idToken'),
    refreshToken: key('refreshToken'),
    clockDrift: key('clockDrift'),
    signInDetails: key('signInDetails'),
    deviceKey: key('deviceKey'),
    oauthMetadata: key('oauthMetadata'),
  };
}

const lastAuthUserKey = (clientId: string) => `${storagePrefix(clientId)}LastAuthUser`;

/** The claims of a JWT, unverified (the API verifies them); null when it is not one. */
export function jwtClaims(token: string | undefined): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    // The bytes are UTF-8 (a name like "João"): percent-escaped, decodeURIComponent reads them as such.
    const text = decodeURIComponent(
      Array.from(binary, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims: unknown = JSON.parse(text);
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether a token expires within Amplify's tolerance, by the server's clock (`clockDrift`). */
export function isExpired(token: string | undefined, clockDrift: number, now = Date.now()): boolean {
  const exp = jwtClaims(token)?.exp;
  const expiresAt = typeof exp === 'number' ? exp * 1000 : 0;
  return now + clockDrift + EXPIRY_TOLERANCE_MS > expiresAt;
}

/** The user pool's Cognito address: the configured one (local cloud), else the region's, as Amplify's. */
export function cognitoEndpoint(config: SessionConfig): string {
  if (config.cognitoEndpoint) return config.cognitoEndpoint;
  const region = config.userPoolId.split('_')[0] ?? '';
  return `https://cognito-idp.${region}.${region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com'}/`;
}

/** The error name of an AWS JSON answer: `__type` or the header, without a namespace or a trailing URL. */
function errorName(type: string | null | undefined): string {
  return (type ?? 'UnknownError').split('#').pop()?.split(':')[0] || 'UnknownError';
}

export interface SessionDeps {
  /** Where the tokens live (local storage in the browser). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface Session {
  /**
   * The stored tokens, refreshed first when the access or ID token has expired or `forceRefresh` asks;
   * null without a session, or once Cognito refused the refresh token (the stored tokens are then cleared,
   * as Amplify clears them). Throws when a needed refresh failed otherwise (offline, throttled).
   */
  tokens(options?: { forceRefresh?: boolean }): Promise<SessionTokens | null>;
  /** The user's attributes (Cognito GetUser with the access token), e.g. names an ID token lacks. */
  userAttributes(accessToken: string): Promise<Record<string, string>>;
  /** Called after each failed refresh, whatever the cause (Amplify's `tokenRefresh_failure`). */
  onRefreshFailure(listener: () => void): () => void;
}

/** A session over `config`'s user pool client; the app's own is `session` below. */
export function createSession(config: SessionConfig, deps: SessionDeps = {}): Session {
  const storage = () => deps.storage ?? globalThis.localStorage;
  const fetchFn: typeof fetch = deps.fetch ?? ((...args) => globalThis.fetch(...args));
  const now = deps.now ?? Date.now;
  const clientId = config.userPoolClientId;
  const failureListeners = new Set<() => void>();
  let refreshing: Promise<SessionTokens | null> | undefined;

  function read(): SessionTokens | null {
    try {
      const store = storage();
      const username = store.getItem(lastAuthUserKey(clientId)) ?? 'username';
      const keys = tokenKeys(clientId, username);
      const accessToken = store.getItem(keys.accessToken);
      if (!accessToken) return null;
      const details = store.getItem(keys.signInDetails);
      return {
        username,
        accessToken,
        idToken: store.getItem(keys.idToken) ?? undefined,
        refreshToken: store.getItem(keys.refreshToken) ?? undefined,
        clockDrift: Number.parseInt(store.getItem(keys.clockDrift) ?? '0', 10) || 0,
        signInDetails: details ? (JSON.parse(details) as SignInDetails) : undefined,
        deviceKey: store.getItem(keys.deviceKey) ?? undefined,
      };
    } catch {
      return null; // unreadable storage or a damaged entry: no session, as Amplify's token store says
    }
  }

  function write(tokens: SessionTokens): void {
    const store = storage();
    const keys = tokenKeys(clientId, tokens.username);
    store.setItem(lastAuthUserKey(clientId), tokens.username);
    store.setItem(keys.accessToken, tokens.accessToken);
    if (tokens.idToken) store.setItem(keys.idToken, tokens.idToken);
    else store.removeItem(keys.idToken);
    if (tokens.refreshToken) store.setItem(keys.refreshToken, tokens.refreshToken);
    else store.removeItem(keys.refreshToken);
    store.setItem(keys.clockDrift, String(tokens.clockDrift));
  }

  function clear(username: string): void {
    try {
      const store = storage();
      const keys = tokenKeys(clientId, username);
      for (const key of [
        keys.accessToken,
        keys.idToken,
        keys.clockDrift,
        keys.refreshToken,
        keys.signInDetails,
        keys.oauthMetadata,
        lastAuthUserKey(clientId),
      ])
        store.removeItem(key);
    } catch {
      // nothing to clear where nothing can be read
    }
  }

  /** One call to Cognito's JSON API; its error answer becomes a CognitoError. */
  async function call<T>(operation: string, body: object): Promise<T> {
    const response = await fetchFn(cognitoEndpoint(config), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
    const answer = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
    if (!response.ok) {
      throw new CognitoError(
        errorName(answer.__type ?? response.headers.get('x-amzn-errortype')),
        answer.message ?? `${operation} failed (${response.status})`,
      );
    }
    return answer as T;
  }

  async function refresh(tokens: SessionTokens): Promise<SessionTokens | null> {
    try {
      if (!tokens.refreshToken) throw new CognitoError('NotAuthorizedException', 'No refresh token');
      const { AuthenticationResult: result } = await call<{
        AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
      }>('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: {
          REFRESH_TOKEN: tokens.refreshToken,
          ...(tokens.deviceKey ? { DEVICE_KEY: tokens.deviceKey } : {}),
        },
      });
      const issuedAt = jwtClaims(result?.AccessToken)?.iat;
      if (!result?.AccessToken || typeof issuedAt !== 'number') {
        throw new CognitoError('InvalidResponse', 'InitiateAuth answered without an access token');
      }
      const fresh: SessionTokens = {
        ...tokens,
        accessToken: result.AccessToken,
        idToken: result.IdToken,
        // Cognito sends a new refresh token only when it rotates them.
        refreshToken: result.RefreshToken ?? tokens.refreshToken,
        clockDrift: issuedAt * 1000 - now(),
      };
      write(fresh);
      return fresh;
    } catch (error) {
      const ended = error instanceof CognitoError && endedSessionErrors.includes(error.name);
      if (ended) clear(tokens.username);
      for (const listener of failureListeners) listener();
      if (error instanceof CognitoError && error.name === 'NotAuthorizedException') return null;
      throw error;
    }
  }

  return {
    async tokens(options = {}) {
      const stored = read();
      if (!stored) return null;
      const expired =
        isExpired(stored.accessToken, stored.clockDrift, now()) ||
        (stored.idToken !== undefined && isExpired(stored.idToken, stored.clockDrift, now()));
      if (!options.forceRefresh && !expired) return stored;
      // Calls arriving while a refresh is under way share it: one request to Cognito.
      refreshing ??= refresh(stored).finally(() => {
        refreshing = undefined;
      });
      return refreshing;
    },

    async userAttributes(accessToken) {
      const { UserAttributes: attributes = [] } = await call<{
        UserAttributes?: { Name: string; Value?: string }[];
      }>('GetUser', { AccessToken: accessToken });
      return Object.fromEntries(attributes.map(({ Name, Value }) => [Name, Value ?? '']));
    },

    onRefreshFailure(listener) {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },
  };
}

let appSession: Session | undefined;

/** Point the app's session at the runtime config's user pool (start-up). */
export function configureSession(config: SessionConfig): void {
  setSessionClient(config.userPoolClientId);
  appSession = createSession(config);
}

/** The app's session; throws before `configureSession`. */
export function session(): Session {
  if (!appSession) throw new Error('session() before configureSession()');
  return appSession;
}

/** The current access token, refreshed when needed; undefined without a session. */
export async function sessionAccessToken(
  options: { forceRefresh?: boolean } = {},
): Promise<string | undefined> {
  return (await session().tokens(options))?.accessToken;
}
