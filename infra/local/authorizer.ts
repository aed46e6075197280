import { JwtVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { platformFetchJwksCache } from '../../functions/lib/jwks.ts';
import { accessTokenScope } from '../app-manifest.ts';

/**
 * Behaves like the stack's HTTP API JWT authorizer: signature, issuer, expiry, `aud` or `client_id` equal
 * to the app client, and the scope the stack requires on authenticated routes (only access tokens carry
 * it). The handlers' own middleware checks `token_use` again.
 */
export function createAuthorizer(options: { issuer: string; jwksUri: string; clientId: string }) {
  const verifier = JwtVerifier.create(
    {
      issuer: options.issuer,
      jwksUri: options.jwksUri,
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.aud !== options.clientId && payload.client_id !== options.clientId) {
          throw new Error('audience mismatch');
        }
        if (
          !String(payload.scope ?? '')
            .split(' ')
            .includes(accessTokenScope)
        )
          throw new Error('scope missing');
      },
    },
    { jwksCache: platformFetchJwksCache() },
  );
  /** The verified claims of a bearer header, or null (API Gateway then answers 401). */
  return async (authorization: string | undefined): Promise<JwtPayload | null> => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      return (await verifier.verify(token)) as JwtPayload;
    } catch {
      return null;
    }
  };
}
