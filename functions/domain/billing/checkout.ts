import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { checkoutReturnUrls, currencyForHost, type PlanType, planPrice } from '#shared/billing';
import { hasProAccess } from '#shared/plans';
import { type CheckoutRecord, readCheckoutRecord, saveCheckoutRecord } from '../../adapters/table/billing.ts';
import { logger } from '../../lib/logger.ts';
import { BillingError } from './errors.ts';
import type { SubscriptionRow } from './state.ts';
import { readSubscriptionRow } from './store.ts';

export interface CheckoutInput {
  /** The caller's Cognito sub (from the verified token). */
  sub: string;
  /** The caller's e-mail, prefilled on the payment page when the user has no Stripe customer yet. */
  email: string | null;
  planType: PlanType;
  /**
   * The app's origin the browser came from (one of the allowed origins), e.g. https://example.com.br. Its
   * host decides the currency of an inline price (never the request body).
   */
  appOrigin: string;
  /** The configured Brazilian hosts (BRL besides any `.br` host); see shared/prices.ts currencyForHost. */
  ptBrHosts?: readonly string[];
  /**
   * Localized Stripe Prices by plan (USD with BRL `currency_options`), from the `stripe` secret: when set,
   * Stripe shows and charges the currency of the buyer's country, so the session names no currency.
   */
  prices?: Partial<Record<PlanType, string>>;
  /** The app path the upgrade started from (validated): the return addresses carry it back. */
  returnPath?: string | undefined;
}

const productNames: Record<PlanType, string> = {
  proSubscription: 'Resume Builder Pro Monthly',
  proLifetime: 'Resume Builder Pro Lifetime',
};

/**
 * The parameters of the Checkout session for a user (their stored row, if any). The price is a configured
 * localized Stripe Price (the buyer's country picks the currency) or an inline price in the currency of the
 * app host; nothing the client sent decides either.
 */
export function checkoutSessionParams(
  input: CheckoutInput,
  row: SubscriptionRow | null,
): Stripe.Checkout.SessionCreateParams {
  const origin = input.appOrigin.replace(/\/+$/, '');
  const currency = currencyForHost(new URL(origin).host, input.ptBrHosts ?? []);
  const price = planPrice(input.planType, currency);
  const metadata = { userId: input.sub, planType: input.planType };
  const back = checkoutReturnUrls(origin, input.returnPath);
  const priceId = input.prices?.[input.planType];
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = priceId
    ? { price: priceId, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: price.currency,
          unit_amount: price.unitAmount,
          product_data: { name: productNames[input.planType] },
          ...(price.interval ? { recurring: { interval: price.interval } } : {}),
        },
      };
  return {
    mode: input.planType === 'proSubscription' ? 'subscription' : 'payment',
    client_reference_id: input.sub,
    metadata,
    line_items: [lineItem],
    success_url: back.success,
    cancel_url: back.cancel,
    ...(row?.stripeCustomerId
      ? { customer: row.stripeCustomerId }
      : input.email
        ? { customer_email: input.email }
        : {}),
    ...(input.planType === 'proSubscription'
      ? { subscription_data: { metadata } }
      : {
          payment_intent_data: { metadata },
          invoice_creation: { enabled: true, invoice_data: { metadata } },
          ...(row?.stripeCustomerId ? {} : { customer_creation: 'always' as const }),
        }),
  };
}

/** A session about to expire is not handed out again: the buyer needs time to pay. */
const REUSE_MARGIN_SECONDS = 10 * 60;

const fingerprintOf = (params: Stripe.Checkout.SessionCreateParams) =>
  createHash('sha256').update(JSON.stringify(params)).digest('base64url').slice(0, 22);

/** The saved session when it is still open for a while and was made with these parameters, else null. */
async function openSession(
  stripe: Stripe,
  record: CheckoutRecord | null,
  fingerprint: string,
): Promise<Stripe.Checkout.Session | null> {
  const now = Math.floor(Date.now() / 1000);
  if (!record || record.fingerprint !== fingerprint || record.expiresAt < now + REUSE_MARGIN_SECONDS)
    return null;
  try {
    const session = await stripe.checkout.sessions.retrieve(record.sessionId);
    return session.status === 'open' && session.url ? session : null;
  } catch (error) {
    logger.warn('saved checkout session unreadable; a new one is made', { error: error as Error });
    return null;
  }
}

/**
 * create-checkout-session: a Stripe Checkout session for Pro Monthly (mode subscription) or Pro Lifetime
 * (mode payment). The user id is in `client_reference_id` and in the metadata of the session, of the
 * subscription and of the payment, so every later event names its user. Returns the payment page's URL.
 *
 * Idempotent, so a double click never makes two purchases: the user's open session for the same plan and
 * parameters is handed out again, and a new one is created with an idempotency key derived from the user,
 * the parameters and the session it replaces, so concurrent clicks (which all see the same saved session)
 * get one session from Stripe. ALREADY_PRO (409) when the user already has Pro access; CHECKOUT_FAILED
 * (502) when Stripe fails.
 */
export async function createCheckoutSession(stripe: Stripe, input: CheckoutInput): Promise<{ url: string }> {
  const { row } = await readSubscriptionRow(input.sub);
  if (hasProAccess(row)) throw new BillingError('ALREADY_PRO', 'You already have Pro access.');
  const params = checkoutSessionParams(input, row);
  const fingerprint = fingerprintOf(params);
  const record = await readCheckoutRecord(input.sub, input.planType);
  const reusable = await openSession(stripe, record, fingerprint);
  if (reusable?.url) return { url: reusable.url };

  let key = `checkout:${input.sub}:${input.planType}:${fingerprint}:${record?.sessionId ?? 'first'}`;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    if (session.status !== 'open') {
      // The key replayed a session that has since been paid or expired (its record was never saved).
      key = `${key}:${session.id}`;
      session = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    }
  } catch (cause) {
    logger.error('stripe checkout session creation failed', { sub: input.sub, error: cause as Error });
    throw new BillingError('CHECKOUT_FAILED', 'Could not initiate checkout. Please try again.', { cause });
  }
  if (!session.url)
    throw new BillingError('CHECKOUT_FAILED', 'Could not initiate checkout. Please try again.');
  await saveCheckoutRecord(input.sub, input.planType, {
    sessionId: session.id,
    fingerprint,
    expiresAt: session.expires_at,
  });
  return { url: session.url };
}
