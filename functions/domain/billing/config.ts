import { type PlanType, planTypes } from '#shared/billing';
import { isConfiguredSecret } from '../../adapters/secrets.ts';
import { STRIPE_API_BASE_ENV } from './stripe-client.ts';

/**
 * Where the Stripe keys come from. Deployed: one Secrets Manager secret (manifest secret `stripe`, to be
 * added) holding JSON `{"secretKey":"sk_…","webhookSecret":"whsec_…"}`, and optionally
 * `"prices":{"proSubscription":"price_…","proLifetime":"price_…"}`: Stripe Prices in USD with a BRL
 * `currency_options` entry of the same figure (5 and 70). With them, Checkout shows and charges the currency
 * of the buyer's country from Stripe's localized prices; without them (and locally) the server sends the
 * price inline in the currency of the app host (BRL on the Brazilian hosts). A developer's STRIPE_SECRET_KEY /
 * STRIPE_WEBHOOK_SECRET in the environment win (as ANTHROPIC_API_KEY does for Claude). With no secret key
 * and STRIPE_API_BASE set (the local cloud), the local Stripe stand-in is used with LOCAL_STRIPE_SECRET_KEY.
 */

/** The key the local stand-in accepts (any `sk_…` works there). */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local';
/** The webhook signing secret of `npm start` when STRIPE_WEBHOOK_SECRET is not set (the README names it). */
export const DEV_STRIPE_WEBHOOK_SECRET = 'whsec_resume_builder_local_development_only';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The local stand-in's address, or undefined for api.stripe.com. */
  apiBase: string | undefined;
  mode: 'stripe' | 'local';
  /** Localized Stripe Prices (USD with BRL currency_options) by plan; inline prices when absent. */
  prices?: Partial<Record<PlanType, string>>;
}

/** The `stripe` secret's value: JSON with secretKey and webhookSecret; anything else reads as empty. */
export function parseStripeSecret(value: string | null | undefined): {
  secretKey?: string;
  webhookSecret?: string;
  prices?: Partial<Record<PlanType, string>>;
} {
  if (!isConfiguredSecret(value)) return {};
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    const pick = (k: string) =>
      typeof parsed[k] === 'string' && isConfiguredSecret(parsed[k])
        ? (parsed[k] as string).trim()
        : undefined;
    const secretKey = pick('secretKey');
    const webhookSecret = pick('webhookSecret');
    const prices = pricesOf(parsed.prices);
    return {
      ...(secretKey ? { secretKey } : {}),
      ...(webhookSecret ? { webhookSecret } : {}),
      ...(prices ? { prices } : {}),
    };
  } catch {
    return {};
  }
}

/** The `prices` of the secret: a Stripe Price id (`price_…`) for each plan it names, or undefined. */
function pricesOf(value: unknown): Partial<Record<PlanType, string>> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const prices: Partial<Record<PlanType, string>> = {};
  for (const plan of planTypes) {
    const id = (value as Record<string, unknown>)[plan];
    if (typeof id === 'string' && /^price_[A-Za-z0-9]+$/.test(id.trim())) prices[plan] = id.trim();
  }
  return Object.keys(prices).length > 0 ? prices : undefined;
}

/**
 * The settings for a function, from the `stripe` secret's value and the environment; null when payments
 * are not configured at all (the billing handler answers PAYMENTS_NOT_CONFIGURED, 503; the webhook handler
 * answers 503 too, so Stripe retries once the secret is set).
 */
export function stripeSettings(
  secretValue: string | null | undefined,
  environment: Record<string, string | undefined> = process.env,
): StripeSettings | null {
  const fromSecret = parseStripeSecret(secretValue);
  const envKey = isConfiguredSecret(environment.STRIPE_SECRET_KEY)
    ? environment.STRIPE_SECRET_KEY.trim()
    : undefined;
  const envHook = isConfiguredSecret(environment.STRIPE_WEBHOOK_SECRET)
    ? environment.STRIPE_WEBHOOK_SECRET.trim()
    : undefined;
  const secretKey = envKey ?? fromSecret.secretKey;
  const apiBase = environment[STRIPE_API_BASE_ENV]?.trim() || undefined;
  if (secretKey) {
    const webhookSecret = envHook ?? fromSecret.webhookSecret;
    if (!webhookSecret) return null;
    // A real key talks to Stripe itself unless an API base is set on purpose.
    return {
      secretKey,
      webhookSecret,
      apiBase: envKey ? undefined : apiBase,
      mode: apiBase && !envKey ? 'local' : 'stripe',
      ...(fromSecret.prices ? { prices: fromSecret.prices } : {}),
    };
  }
  if (!apiBase) return null;
  return {
    secretKey: LOCAL_STRIPE_SECRET_KEY,
    webhookSecret: envHook ?? fromSecret.webhookSecret ?? DEV_STRIPE_WEBHOOK_SECRET,
    apiBase,
    mode: 'local',
  };
}
