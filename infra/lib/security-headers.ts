/**
 * The security headers of every page and API answer: deployed, CloudFront's response headers policy
 * (website.ts); locally, the local cloud's gateway (infra/local/gateway/security-headers.ts). One
 * definition, so the two cannot drift. No CDK here: the local cloud imports it.
 */

export interface CspSources {
  /**
   * Origins besides the page's own that scripts may reach: the uploads bucket (presigned POSTs), Cognito,
   * the WebSocket's origin when it is not the page's. Never a bare scheme (`wss:`, `https:`).
   */
  connect: readonly string[];
}

/**
 * The Content-Security-Policy. Forms post only to the app itself: uploads go to the bucket through
 * XMLHttpRequest (connect-src), and the OAuth and checkout hand-offs are navigations, which form-action does
 * not govern.
 */
export function contentSecurityPolicy({ connect }: CspSources): string {
  return [
    "default-src 'self'",
    ["connect-src 'self'", ...connect].join(' '),
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** Powerful features the app never uses, refused to it and to anything it embeds. */
export const permissionsPolicy = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * A window the app opens, or that opens the app, from another origin gets no handle on it (no
 * `window.opener` tricks); sign-in and checkout are redirects, so nothing needs one.
 */
export const crossOriginOpenerPolicy = 'same-origin';
