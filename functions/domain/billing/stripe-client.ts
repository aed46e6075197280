import Stripe from 'stripe';

/**
 * The Stripe SDK client. `apiBase` (or the STRIPE_API_BASE variable) points it at another server, e.g. the
 * local stand-in of infra/local/stripe.ts: `http://127.0.0.1:4242`. Clients are cached per key and base,
 * so a warm function reuses its connections.
 */

/** Overrides Stripe's API address (protocol, host and port); unset means api.stripe.com. */
export const STRIPE_API_BASE_ENV = 'STRIPE_API_BASE';

const clients = new Map<string, Stripe>();

export interface StripeClientOptions {
  apiBase?: string | undefined;
  /** Network retries of the SDK itself (idempotency keys make them safe); default 2. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** The host, port and protocol settings of the SDK for a base URL. */
export function stripeEndpoint(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

export function createStripeClient(secretKey: string, options: StripeClientOptions = {}): Stripe {
  const apiBase = options.apiBase ?? process.env[STRIPE_API_BASE_ENV] ?? '';
  const cacheKey = `${secretKey}\u0000${apiBase}\u0000${options.maxNetworkRetries ?? ''}\u0000${options.timeoutMs ?? ''}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new Stripe(secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      appInfo: { name: 'resume-builder' },
      ...(apiBase ? stripeEndpoint(apiBase) : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}
