/**
 * Plans, prices and currencies, with no schema: what the public pages need (spec sections 4 and 9), kept apart
 * from the billing API's zod schemas so the landing page does not load zod. Re-exported by shared/billing.ts.
 */

/** The two paid plans a user can buy. */
export const planTypes = ['proSubscription', 'proLifetime'] as const;
export type PlanType = (typeof planTypes)[number];

/** Prices are charged in BRL on the Brazilian hosts and in USD everywhere else. */
export const currencies = ['usd', 'brl'] as const;
export type Currency = (typeof currencies)[number];

/** Pro Monthly: 5 a month, auto-renewing. Pro Lifetime: 70 once. Major units (5 = five dollars/reais). */
export const PRO_MONTHLY_PRICE = 5;
export const PRO_LIFETIME_PRICE = 70;
/** A purchase may be refunded within this many days of it (the money-back guarantee, Lifetime included). */
export const MONEY_BACK_GUARANTEE_DAYS = 14;
/** A renewal adds one month. */
export const RENEWAL_MONTHS = 1;
/** The /pricing page's fallback after checkout: poll the Subscription every 2 s, 10 times at most. */
export const CHECKOUT_POLL_INTERVAL_MS = 2_000;
export const CHECKOUT_POLL_ATTEMPTS = 10;
/** Subscription sync: 3 retries after the first try, waiting 1 s, 2 s, 4 s. */
export const SUBSCRIPTION_SYNC_RETRIES = 3;
export const SUBSCRIPTION_SYNC_BASE_DELAY_MS = 1_000;

/** Paths of the SPA that checkout sends the browser back to. */
export const checkoutReturnPaths = {
  success: '/pricing?checkSubscription=true',
  cancel: '/pricing',
} as const;

/**
 * A path of this app to come back to (e.g. `/builder?id=…`): one leading `/` (not `//`, read as another
 * host), and only characters of a path and query, so no scheme, backslash or space: never another site.
 */
export const APP_RETURN_PATH_PATTERN = /^\/(?!\/)[A-Za-z0-9\-._~/?=&%]*$/;
export const APP_RETURN_PATH_MAX_LENGTH = 200;

/** The query parameter of /pricing that names where an upgrade started, to return there once paid. */
export const RETURN_TO_PARAM = 'returnTo';

/**
 * Whether `path` may be returned to after checkout: a path of the app by the pattern above, and not /pricing
 * or /auth (a loop back, or a sign-in page for someone already signed in).
 */
export function isAppReturnPath(path: string | null | undefined): path is string {
  return (
    typeof path === 'string' &&
    path.length <= APP_RETURN_PATH_MAX_LENGTH &&
    APP_RETURN_PATH_PATTERN.test(path) &&
    !/^\/(?:pricing|auth)(?:[/?]|$)/.test(path)
  );
}

/**
 * Checkout's return addresses on the app's `origin`: /pricing confirms the purchase (success) or shows the
 * plans again (cancel), each carrying the path the upgrade started from, when there is one, so the
 * browser can go back there once the purchase is confirmed.
 */
export function checkoutReturnUrls(origin: string, returnPath?: string): { success: string; cancel: string } {
  const base = origin.replace(/\/+$/, '');
  const back = isAppReturnPath(returnPath) ? `${RETURN_TO_PARAM}=${encodeURIComponent(returnPath)}` : '';
  return {
    success: `${base}${checkoutReturnPaths.success}${back ? `&${back}` : ''}`,
    cancel: `${base}${checkoutReturnPaths.cancel}${back ? `?${back}` : ''}`,
  };
}

/**
 * The currency charged on a host: BRL on a Brazilian domain (`.br`) or one of the configured Brazilian hosts
 * (`ptBrHosts`, the same list that serves the pt-BR edition), USD otherwise. The server decides it from the
 * host the browser came from, never from the request body.
 */
export function currencyForHost(
  host: string | null | undefined,
  ptBrHosts: readonly string[] = [],
): Currency {
  const bare = (h: string) => h.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const name = bare(host ?? '');
  if (name && ptBrHosts.some((h) => bare(h) === name)) return 'brl';
  return name.endsWith('.br') ? 'brl' : 'usd';
}

export interface PlanPrice {
  plan: PlanType;
  currency: Currency;
  /** Major units, as shown to people (5, 70). */
  amount: number;
  /** Minor units, as Stripe takes them (500, 7000). */
  unitAmount: number;
  /** 'month' for the subscription, null for the one-time Lifetime payment. */
  interval: 'month' | null;
}

/** The price of a plan in a currency. */
export function planPrice(plan: PlanType, currency: Currency): PlanPrice {
  const amount = plan === 'proSubscription' ? PRO_MONTHLY_PRICE : PRO_LIFETIME_PRICE;
  return {
    plan,
    currency,
    amount,
    unitAmount: Math.round(amount * 100),
    interval: plan === 'proSubscription' ? 'month' : null,
  };
}

/** Format an amount for people: "$5.00", "R$ 5,00". */
export function formatPrice(amount: number, currency: Currency | string, locale?: string): string {
  const code = currency.toUpperCase();
  return new Intl.NumberFormat(locale ?? (code === 'BRL' ? 'pt-BR' : 'en-US'), {
    style: 'currency',
    currency: code,
  }).format(amount);
}
