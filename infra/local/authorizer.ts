import { JwtVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { platformFetchJwksCache } from '../../functions/lib/jwks.ts';

/**
 * Behaves like the stack's HTTP API JWT authorizer: signature, issuer, expiry, and `aud` or `client_id`
 * equal to the app client. Like the real one it lets ID tokens through; the handlers' middleware refuses
 * them (`token_use`), so an ID token gets the same 401 UNAUTHORIZED locally and deployed.
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
