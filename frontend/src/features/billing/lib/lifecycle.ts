import type { SubscriptionView } from '#shared/billing';

/**
 * Where a subscription stands in the lifecycle of spec section 4, as /subscription shows it:
 * - `free`: no Pro access (never bought, ended, refunded);
 * - `pending`: paid, the subscription is still being processed;
 * - `active`: Pro Monthly renewing by itself;
 * - `lifetime`: Pro Lifetime, never renews;
 * - `cancelPending`: cancelled at the end of the billing period, access kept until that date;
 * - `cancelledValid`: cancelled, still paid up until a date;
 * - `gracePeriod`: a renewal payment failed; access is kept while it is retried, reactivation possible.
 */
export type LifecycleState =
  | 'free'
  | 'pending'
  | 'active'
  | 'lifetime'
  | 'cancelPending'
  | 'cancelledValid'
  | 'gracePeriod';

export function lifecycleState(view: SubscriptionView): LifecycleState {
  if (view.status === 'pending' && !view.hasProAccess) return 'pending';
  if (view.hasProAccess && view.inGracePeriod) return 'gracePeriod';
  if (view.hasProAccess && view.cancelPending) return 'cancelPending';
  if (view.cancelledButValid && !view.hasProAccess) return 'cancelledValid';
  if (!view.hasProAccess) return 'free';
  if (view.plan === 'proLifetime' || view.subscriptionType === 'proLifetime') return 'lifetime';
  return 'active';
}

/** The last day of paid access a cancelled plan keeps (null when it has none). */
export function accessUntil(view: SubscriptionView): string | null {
  return view.cancellationEffectiveDate ?? view.validUntil ?? view.canReactivateUntil ?? null;
}

/** Whole days from now until a date, never below 0. */
export function daysUntil(date: string, now = new Date()): number {
  const ms = new Date(date).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}

/** A date in the interface language ("November 25, 2026", "25 de novembro de 2026"). */
export function formatDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(date));
}

/**
 * `{type: 'subscription', subscription}` pushed over the WebSocket when the user's subscription changes; null for
 * any other message. The schema (and zod) load with the first such push: the signed-in shell listens from its
 * first render, and a page's first load does without them.
 */
export async function parseSubscriptionEvent(message: unknown): Promise<SubscriptionView | null> {
  if (typeof message !== 'object' || message === null) return null;
  const { type, subscription } = message as { type?: unknown; subscription?: unknown };
  if (type !== 'subscription') return null;
  const { subscriptionViewSchema } = await import('#shared/billing');
  const view = subscriptionViewSchema.safeParse(subscription);
  return view.success ? view.data : null;
}
