import { JwtVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { requireEnv } from '#functions/contract';
import { roleFromGroups, type StaffRole } from '#shared/roles';
import { AppError } from './app-error.ts';
import { platformFetchJwksCache } from './jwks.ts';

/** Who is calling, taken only from a verified access token. */
export interface Caller {
  sub: string;
  username: string;
  groups: string[];
  role: StaffRole | null;
}

type Verifier = { verify: (token: string) => Promise<JwtPayload> };
let verifier: Verifier | undefined;

/**
 * A verifier that accepts only access tokens of our app client: signature (known kid), issuer, expiry,
 * `token_use` and `client_id`.
 */
function getVerifier(): Verifier {
  if (verifier) return verifier;
  const issuer = requireEnv('jwtIssuer');
  const jwksUri = requireEnv('jwksUri');
  const clientId = requireEnv('userPoolClientId');
  const jwksCache = jwksUri.startsWith('http://') ? platformFetchJwksCache() : undefined;
  const created = JwtVerifier.create(
    {
      issuer,
      jwksUri,
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('not an access token');
        if (payload.client_id !== clientId) throw new Error('token of another client');
      },
    },
    jwksCache ? { jwksCache } : undefined,
  );
  verifier = created as unknown as Verifier;
  return verifier;
}

/** The token of a bearer header, or UNAUTHORIZED. */
export function bearerToken(authorization: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHORIZED', 'A bearer access token is required.');
  return match[1];
}

/** Verify a bearer header and return the caller, or throw UNAUTHORIZED. */
export async function authenticate(authorization: string | undefined): Promise<Caller> {
  const token = bearerToken(authorization);
  let payload: JwtPayload;
  try {
    payload = await getVerifier().verify(token);
  } catch (cause) {
    throw new AppError('UNAUTHORIZED', 'The access token is not valid.', { cause });
  }
  const groups = Array.isArray(payload['cognito:groups']) ? (payload['cognito:groups'] as string[]) : [];
  const sub = String(payload.sub ?? '');
  if (!sub) throw new AppError('UNAUTHORIZED', 'The access token has no subject.');
  return { sub, username: String(payload.username ?? sub), groups, role: roleFromGroups(groups) };
}
