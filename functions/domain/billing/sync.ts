import type Stripe from 'stripe';
import {
  SUBSCRIPTION_SYNC_BASE_DELAY_MS,
  SUBSCRIPTION_SYNC_RETRIES,
  type SubscriptionResponse,
  type SyncResponse,
} from '#shared/billing';
import { logger } from '../../lib/logger.ts';
import { observeApiSubscription, subscriptionView } from './state.ts';
import { applyObservation, readBillingInfo, readSubscriptionRow } from './store.ts';

export interface SyncOptions {
  /** Retries after the first try (spec: 3). */
  retries?: number;
  /** The first wait; it doubles on each retry (spec: 1 s). */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

/**
 * sync-subscription-details: read the user's subscription from Stripe and apply it (ordered like any
 * other fact, so it cannot roll back a newer event). Stripe failures are retried 3 times with exponential
 * backoff from 1 s (1 s, 2 s, 4 s), then `synced` is false and the stored state is returned unchanged.
 * A user with no Stripe subscription (Free, Lifetime) is synced trivially.
 */
export async function syncSubscription(
  stripe: Stripe,
  sub: string,
  options: SyncOptions = {},
): Promise<SyncResponse> {
  const retries = options.retries ?? SUBSCRIPTION_SYNC_RETRIES;
  const base = options.baseDelayMs ?? SUBSCRIPTION_SYNC_BASE_DELAY_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? (() => new Date());
  const { row } = await readSubscriptionRow(sub);
  const subscriptionId = row?.stripeSubscriptionId;
  if (!row || !subscriptionId || row.endedAt)
    return { synced: true, subscription: subscriptionView(row, now()) };
  for (let attempt = 0; ; attempt++) {
    try {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const outcome = await applyObservation({
        sub,
        observation: observeApiSubscription(current, now()),
        now,
      });
      const next = outcome.kind === 'applied' ? outcome.row : row;
      return { synced: true, subscription: subscriptionView(next, now()) };
    } catch (error) {
      logger.warn('subscription sync failed', { sub, attempt, error: error as Error });
      if (attempt >= retries) return { synced: false, subscription: subscriptionView(row, now()) };
      await sleep(base * 2 ** attempt);
    }
  }
}

/**
 * GET /api/billing/subscription: the view of the stored row, and BillingInfo only for users with Pro
 * access (spec: loaded only for Pro users).
 */
export async function subscriptionOverview(sub: string, now = new Date()): Promise<SubscriptionResponse> {
  const { row } = await readSubscriptionRow(sub);
  const view = subscriptionView(row, now);
  const billingInfo = view.hasProAccess ? await readBillingInfo(sub) : null;
  return { subscription: view, billingInfo };
}
