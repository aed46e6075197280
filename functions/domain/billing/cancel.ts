import type Stripe from 'stripe';
import type { CancelRequest, SubscriptionView } from '#shared/billing';
import { logger } from '../../lib/logger.ts';
import { BillingError } from './errors.ts';
import { sendReactivationEmail } from './mail.ts';
import { observeApiSubscription, subscriptionView } from './state.ts';
import { applyObservation, readSubscriptionRow } from './store.ts';

/**
 * Cancel at the end of the paid period, with the user's reason and details. Stripe keeps the reason
 * (subscription metadata `cancellationReason`, `cancellation_details.feedback` and `.comment`), so the
 * webhook's copy of the subscription carries it too; the answer of the call is applied at once so the
 * user sees "cancel pending" without waiting for the webhook. Access is kept until the date.
 * NO_ACTIVE_SUBSCRIPTION (409): Free, Lifetime, or already ended. PAYMENT_PROVIDER_ERROR (502): Stripe
 * failed and nothing changed.
 */
export async function cancelAtPeriodEnd(
  stripe: Stripe,
  sub: string,
  request: CancelRequest,
  now: () => Date = () => new Date(),
): Promise<SubscriptionView> {
  const { row } = await readSubscriptionRow(sub);
  const subscriptionId = row?.stripeSubscriptionId;
  if (
    !row ||
    !subscriptionId ||
    row.subscriptionType !== 'proSubscription' ||
    row.endedAt ||
    (row.status !== 'active' && row.status !== 'gracePeriod')
  ) {
    throw new BillingError('NO_ACTIVE_SUBSCRIPTION', 'There is no renewing subscription to cancel.');
  }
  let updated: Stripe.Subscription;
  try {
    updated = await stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: true,
      cancellation_details: { feedback: request.reason, comment: request.details ?? '' },
      metadata: { cancellationReason: request.reason },
    });
  } catch (cause) {
    logger.error('stripe cancel at period end failed', { sub, error: cause as Error });
    throw new BillingError('PAYMENT_PROVIDER_ERROR', 'The subscription could not be cancelled; try again.', {
      cause,
    });
  }
  const outcome = await applyObservation({ sub, observation: observeApiSubscription(updated, now()), now });
  return subscriptionView(outcome.kind === 'applied' ? outcome.row : row, now());
}

/**
 * Undo a pending cancellation (before its date): the subscription renews again, the cancellation fields
 * are cleared, and the reactivation e-mail is sent. NOT_REACTIVATABLE (409) when there is nothing to undo
 * (an ended subscription needs a new checkout).
 */
export async function reactivateSubscription(
  stripe: Stripe,
  sub: string,
  now: () => Date = () => new Date(),
): Promise<SubscriptionView> {
  const { row } = await readSubscriptionRow(sub);
  const subscriptionId = row?.stripeSubscriptionId;
  const pending = row?.canReactivateUntil && new Date(row.canReactivateUntil).getTime() > now().getTime();
  if (!row || !subscriptionId || row.endedAt || !pending) {
    throw new BillingError('NOT_REACTIVATABLE', 'There is no cancellation to undo.');
  }
  let updated: Stripe.Subscription;
  try {
    updated = await stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: false,
      cancellation_details: { feedback: '', comment: '' },
      metadata: { cancellationReason: '' },
    });
  } catch (cause) {
    logger.error('stripe reactivation failed', { sub, error: cause as Error });
    throw new BillingError(
      'PAYMENT_PROVIDER_ERROR',
      'The subscription could not be reactivated; try again.',
      {
        cause,
      },
    );
  }
  const outcome = await applyObservation({ sub, observation: observeApiSubscription(updated, now()), now });
  const next = outcome.kind === 'applied' ? outcome.row : row;
  try {
    await sendReactivationEmail(sub, next?.validUntil ?? null);
  } catch (error) {
    logger.error('reactivation e-mail failed', { sub, error: error as Error });
  }
  return subscriptionView(next, now());
}

/**
 * The provider-subscription cancellation of account deletion ({gracePeriodDays 0, isAccountDeletion
 * true}): cancel the Stripe subscription now, before the user's items are deleted. A failure is logged and
 * deletion continues (spec section 8): the answer says whether Stripe confirmed it.
 */
export async function cancelForAccountDeletion(stripe: Stripe, sub: string): Promise<boolean> {
  try {
    const { row } = await readSubscriptionRow(sub);
    const subscriptionId = row?.stripeSubscriptionId;
    if (!row || !subscriptionId || row.endedAt) return true;
    const cancelled = await stripe.subscriptions.cancel(subscriptionId, {
      cancellation_details: { comment: 'account deleted' },
      prorate: false,
    });
    logger.info('stripe subscription cancelled for account deletion', { sub });
    await applyObservation({ sub, observation: observeApiSubscription(cancelled, new Date()) });
    return true;
  } catch (error) {
    logger.error('stripe subscription cancellation failed during account deletion; deletion continues', {
      sub,
      error: error as Error,
    });
    return false;
  }
}
