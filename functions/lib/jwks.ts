import { SimpleJwksCache } from 'aws-jwt-verify/jwk';

/**
 * A JWKS cache that fetches with the platform's fetch. aws-jwt-verify's default fetcher accepts only
 * https, and the local cloud serves its JWKS over http.
 */
export function platformFetchJwksCache(): SimpleJwksCache {
  return new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        const response = await fetch(uri);
        if (!response.ok) throw new Error(`JWKS fetch failed: ${response.status}`);
        return response.arrayBuffer();
      },
    },
  });
}
