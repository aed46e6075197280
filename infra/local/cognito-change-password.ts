import { createPublicKey, verify } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { CognitoError, NotAuthorizedError } = require('cognito-local/lib/errors');
const publicJwk = (require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: object }).jwk;
const publicKey = createPublicKey({ key: publicJwk as never, format: 'jwk' });

/** The scope Cognito puts in the access tokens of its own sign-in, which the user-pool API calls require. */
const ADMIN_SCOPE = 'aws.cognito.signin.user.admin';

export interface AccessTokenClaims {
  username: string;
  clientId: string;
}

/** Cognito's answer to a token it does not accept (the same exception and words as the service). */
const invalidToken = (message = 'Invalid Access Token') => new NotAuthorizedError(message);

/**
 * Check an access token as Cognito does before a call made with one (ChangePassword): its RS256 signature
 * by the pool's key, our issuer, an access token (not an ID token) with the sign-in scope, not expired.
 * cognito-local's own ChangePassword only decodes the token, so a forged one would pass.
 */
export function verifyAccessToken(
  token: unknown,
  options: { issuerDomain: string; now?: Date },
): AccessTokenClaims {
  if (typeof token !== 'string') throw invalidToken();
  const [header = '', payload = '', signature = ''] = token.split('.');
  let head: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidToken();
  }
  const signed =
    head.alg === 'RS256' &&
    head.kid === 'CognitoLocal' &&
    verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'));
  if (!signed) throw invalidToken();
  const issuer = typeof claims.iss === 'string' ? claims.iss : '';
  if (!issuer.startsWith(`${options.issuerDomain}/`)) throw invalidToken();
  if (claims.token_use !== 'access') throw invalidToken();
  if (
    !String(claims.scope ?? '')
      .split(' ')
      .includes(ADMIN_SCOPE)
  )
    throw invalidToken();
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw invalidToken('Access Token has expired');
  if (typeof claims.username !== 'string' || typeof claims.client_id !== 'string') throw invalidToken();
  return { username: claims.username, clientId: claims.client_id };
}

interface PoolUser {
  Username: string;
  Password?: string;
  Enabled?: boolean;
  UserStatus?: string;
  [field: string]: unknown;
}

interface ChangePasswordPool {
  options: { Id: string; Policies?: { PasswordPolicy?: { MinimumLength?: number } } };
  getUserByUsername(ctx: unknown, username: string): Promise<PoolUser | null>;
  saveUser(ctx: unknown, user: PoolUser): Promise<void>;
}

export interface ChangePasswordServices {
  clock: { get(): Date };
  cognito: { getUserPoolForClientId(ctx: unknown, clientId: string): Promise<ChangePasswordPool> };
}

/**
 * ChangePassword as Cognito answers it: the access token checked (above), the user existing, enabled and
 * confirmed, the previous password right (NotAuthorizedException 'Incorrect username or password.', where
 * cognito-local says InvalidPasswordException), and the proposed one within the pool's policy.
 */
export function changePasswordTarget(services: ChangePasswordServices, issuerDomain: string) {
  return async (ctx: unknown, request: Record<string, unknown>): Promise<object> => {
    const claims = verifyAccessToken(request.AccessToken, { issuerDomain, now: services.clock.get() });
    const pool = await services.cognito.getUserPoolForClientId(ctx, claims.clientId);
    const user = await pool.getUserByUsername(ctx, claims.username);
    if (!user) throw invalidToken();
    if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
    if (user.UserStatus !== 'CONFIRMED') throw new NotAuthorizedError('User is not confirmed.');
    if (typeof request.PreviousPassword !== 'string' || request.PreviousPassword !== user.Password) {
      throw new NotAuthorizedError('Incorrect username or password.');
    }
    const proposed = request.ProposedPassword;
    const minimum = pool.options.Policies?.PasswordPolicy?.MinimumLength ?? 0;
    if (typeof proposed !== 'string' || [...proposed].length < minimum) {
      throw new CognitoError(
        'InvalidPasswordException',
        'Password did not conform with policy: Password not long enough',
      );
    }
    await pool.saveUser(ctx, { ...user, Password: proposed, UserLastModifiedDate: services.clock.get() });
    return {};
  };
}
