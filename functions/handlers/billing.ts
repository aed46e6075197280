import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type Stripe from 'stripe';
import {
  cancelRequestSchema,
  checkoutRequestSchema,
  emptyRequestSchema,
  portalRequestSchema,
} from '#shared/billing';
import { readSecret } from '../adapters/secrets.ts';
import { checkRateLimit } from '../domain/ai/rate-limit.ts';
import {
  BillingError,
  cancelAtPeriodEnd,
  createCheckoutSession,
  createPortalSession,
  createStripeClient,
  reactivateSubscription,
  refundPurchase,
  type StripeSettings,
  stripeSettings,
  subscriptionOverview,
  syncSubscription,
} from '../domain/billing/index.ts';
import { allowedOrigins, ptBrHosts } from '../lib/config.ts';
import { header, json } from '../lib/http.ts';
import { parseBody } from '../lib/validate.ts';
import { apiHandler, byRouteKey } from '../runtime/api-handler.ts';

/** The Stripe settings, or PAYMENTS_NOT_CONFIGURED (503) when there are no keys. */
async function paymentSettings(): Promise<StripeSettings> {
  const settings = stripeSettings(await readSecret('stripe'));
  if (!settings) {
    throw new BillingError('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured in this deployment.');
  }
  return settings;
}

/** The Stripe client for this request, or PAYMENTS_NOT_CONFIGURED (503) when there are no keys. */
async function stripeClient(): Promise<Stripe> {
  const settings = await paymentSettings();
  return createStripeClient(settings.secretKey, { apiBase: settings.apiBase });
}

/**
 * The app origin the browser came from, for Stripe's return URLs: the request's Origin when it is one of
 * the app's origins (a Brazilian host keeps the user there), else the canonical one. Never a foreign site.
 */
function appOrigin(event: APIGatewayProxyEventV2): string {
  const origins = allowedOrigins();
  const origin = header(event, 'origin')?.replace(/\/+$/, '');
  if (origin && origins.includes(origin)) return origin;
  const canonical = origins[0];
  if (!canonical) throw new Error('ALLOWED_ORIGINS is not set');
  return canonical;
}

/**
 * The billing routes (spec sections 4, 6 and 9). The user is always the verified caller; the body never
 * names one. Cancel, reactivate and refund answer `{data: SubscriptionView}`, so the page updates at once;
 * the WebSocket push (subscription-notifier) and the webhook follow.
 */
export const handler = apiHandler(
  byRouteKey({
    'POST /api/billing/checkout': async (event) => {
      // The plan and where to come back to: a body naming a currency is refused by the strict schema.
      const request = parseBody(checkoutRequestSchema, event.json ?? {});
      await checkRateLimit(event.caller.sub, 'checkout');
      const settings = await paymentSettings();
      const { url } = await createCheckoutSession(
        createStripeClient(settings.secretKey, { apiBase: settings.apiBase }),
        {
          sub: event.caller.sub,
          email: event.profile.email || null,
          planType: request.planType,
          appOrigin: appOrigin(event),
          ptBrHosts: ptBrHosts(),
          ...(settings.prices ? { prices: settings.prices } : {}),
          returnPath: request.returnPath,
        },
      );
      return json(200, { data: { url } });
    },

    'POST /api/billing/portal': async (event) => {
      const request = parseBody(portalRequestSchema, event.json ?? {});
      const { url } = await createPortalSession(await stripeClient(), {
        sub: event.caller.sub,
        appOrigin: appOrigin(event),
        returnPath: request.returnPath,
        portalSection: request.portalSection,
      });
      return json(200, { data: { url } });
    },

    'GET /api/billing/subscription': async ({ caller }) =>
      json(200, { data: await subscriptionOverview(caller.sub) }),

    'POST /api/billing/cancel': async ({ caller, json: body }) => {
      const request = parseBody(cancelRequestSchema, body ?? {});
      const subscription = await cancelAtPeriodEnd(await stripeClient(), caller.sub, request);
      return json(200, { data: subscription });
    },

    'POST /api/billing/reactivate': async ({ caller, json: body }) => {
      parseBody(emptyRequestSchema, body ?? {});
      const subscription = await reactivateSubscription(await stripeClient(), caller.sub);
      return json(200, { data: subscription });
    },

    'POST /api/billing/sync': async ({ caller, json: body }) => {
      parseBody(emptyRequestSchema, body ?? {});
      await checkRateLimit(caller.sub, 'sync');
      return json(200, { data: await syncSubscription(await stripeClient(), caller.sub) });
    },

    'POST /api/billing/refund': async ({ caller, json: body }) => {
      parseBody(emptyRequestSchema, body ?? {});
      const subscription = await refundPurchase(await stripeClient(), caller.sub);
      return json(200, { data: subscription });
    },
  }),
  { auth: 'user' },
);
