import {
  contentSecurityPolicy,
  crossOriginOpenerPolicy,
  permissionsPolicy,
} from '../../lib/security-headers.ts';

/**
 * CloudFront's security headers (infra/lib/security-headers.ts, as infra/lib/website.ts sends them);
 * `connectSources` are the other origins the page may call (local S3, the WebSocket's origin).
 * Strict-Transport-Security is left out: the local cloud is plain HTTP, where browsers ignore it, and pinning
 * `localhost` to HTTPS for two years would break every other local server behind a TLS proxy.
 */
export function securityHeadersFor(connectSources: readonly string[]) {
  return {
    'content-security-policy': contentSecurityPolicy({ connect: connectSources }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': permissionsPolicy,
    'cross-origin-opener-policy': crossOriginOpenerPolicy,
  };
}
