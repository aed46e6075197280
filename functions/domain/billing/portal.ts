import type Stripe from 'stripe';
import type { PortalSection } from '#shared/billing';
import { logger } from '../../lib/logger.ts';
import { BillingError } from './errors.ts';
import { readSubscriptionRow } from './store.ts';

export interface PortalInput {
  sub: string;
  /** The app's origin the browser came from (one of the allowed origins). */
  appOrigin: string;
  /** A path of the app to come back to (validated by portalRequestSchema); default /subscription. */
  returnPath?: string | undefined;
  portalSection?: PortalSection | undefined;
}

export const PORTAL_NO_URL_MESSAGE = 'No URL returned from Stripe portal session creation';

/**
 * create-customer-portal-session: a Stripe billing portal session for the user's customer. Returns its URL.
 * NO_BILLING_ACCOUNT (404) when the user never paid; PORTAL_FAILED (502) with the spec's message when
 * Stripe gives no URL, or when Stripe fails.
 */
export async function createPortalSession(stripe: Stripe, input: PortalInput): Promise<{ url: string }> {
  const { row } = await readSubscriptionRow(input.sub);
  const customer = row?.stripeCustomerId;
  if (!customer)
    throw new BillingError('NO_BILLING_ACCOUNT', 'There is no billing account for this user yet.');
  const params: Stripe.BillingPortal.SessionCreateParams = {
    customer,
    return_url: `${input.appOrigin.replace(/\/+$/, '')}${input.returnPath ?? '/subscription'}`,
  };
  if (input.portalSection === 'paymentMethods') params.flow_data = { type: 'payment_method_update' };
  if (input.portalSection === 'cancel' && row.stripeSubscriptionId && !row.endedAt) {
    params.flow_data = {
      type: 'subscription_cancel',
      subscription_cancel: { subscription: row.stripeSubscriptionId },
    };
  }
  let session: Stripe.BillingPortal.Session;
  try {
    session = await stripe.billingPortal.sessions.create(params);
  } catch (cause) {
    logger.error('stripe portal session creation failed', { sub: input.sub, error: cause as Error });
    throw new BillingError('PORTAL_FAILED', PORTAL_NO_URL_MESSAGE, { cause });
  }
  if (!session.url) throw new BillingError('PORTAL_FAILED', PORTAL_NO_URL_MESSAGE);
  return { url: session.url };
}
