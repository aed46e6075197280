import type Stripe from 'stripe';
import { z } from 'zod';
import { cancellationReasons, type SubscriptionView, type SyncResponse } from '#shared/billing';
import { readSecret } from '../../adapters/secrets.ts';
import { cancelAtPeriodEnd } from '../billing/cancel.ts';
import { stripeSettings } from '../billing/config.ts';
import { BillingError } from '../billing/errors.ts';
import { refundPurchase } from '../billing/refund.ts';
import { subscriptionView } from '../billing/state.ts';
import { readSubscriptionRow } from '../billing/store.ts';
import { createStripeClient } from '../billing/stripe-client.ts';
import { syncSubscription } from '../billing/sync.ts';
import { type Actor, requireProfile, requireTarget } from './common.ts';

/**
 * `POST /api/admin/users/{id}/subscription/cancel`: the reason is optional for staff (the user was asked, or
 * wrote to support); without one it is recorded as 'other'.
 */
export const adminCancelSchema = z.strictObject({
  reason: z.enum(cancellationReasons).optional(),
  details: z.string().trim().max(1000).optional(),
});
export type AdminCancel = z.infer<typeof adminCancelSchema>;

async function stripeClient(): Promise<Stripe> {
  const settings = stripeSettings(await readSecret('stripe'));
  if (!settings) {
    throw new BillingError('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured in this deployment.');
  }
  return createStripeClient(settings.secretKey, { apiBase: settings.apiBase });
}

/** The user's subscription as they see it, or null for a user who never paid. */
export async function userSubscription(userId: string): Promise<SubscriptionView | null> {
  await requireProfile(userId);
  const { row } = await readSubscriptionRow(userId);
  return row ? subscriptionView(row) : null;
}

/** Read the subscription from Stripe again and store it, as the user's own sync does. */
export async function syncUserSubscription(actor: Actor, userId: string): Promise<SyncResponse> {
  await requireTarget(actor, userId);
  return syncSubscription(await stripeClient(), userId);
}

/** Cancel at the end of the paid period, with the same rules as the user's own cancel. */
export async function cancelUserSubscription(
  actor: Actor,
  userId: string,
  request: AdminCancel,
): Promise<SubscriptionView> {
  await requireTarget(actor, userId);
  return cancelAtPeriodEnd(await stripeClient(), userId, {
    reason: request.reason ?? 'other',
    ...(request.details ? { details: request.details } : {}),
  });
}

/** Refund within the 14-day guarantee (NOT_REFUNDABLE outside it), as the user's own refund. */
export async function refundUserPurchase(actor: Actor, userId: string): Promise<SubscriptionView> {
  await requireTarget(actor, userId);
  return refundPurchase(await stripeClient(), userId);
}
