import type { BillingInfo } from '#shared/billing';
import { readSubscription, recordStripeEvent, writeBillingChange } from '../../adapters/table/billing.ts';
import { logger } from '../../lib/logger.ts';
import { isProConversion, recordMetric } from '../analytics/metrics.ts';
import type { AuditRecord } from '../audit.ts';
import { type Decision, decide, type Observation, type SubscriptionRow } from './state.ts';

/**
 * The stored side of billing's rules: read the Subscription row with its revision, and write one decision
 * in a single transaction together with the processed-event record, the customer lookup and BillingInfo,
 * deciding again when another writer changed the row in between.
 */

export { eventProcessed, readBillingInfo, userOfCustomer } from '../../adapters/table/billing.ts';

export interface StoredRow {
  row: SubscriptionRow | null;
  /** `stripeRev` of the stored item (0: written by something else, or absent). */
  rev: number;
  exists: boolean;
}

/** Read the Subscription row (strongly consistent: the webhook decides from it). */
export async function readSubscriptionRow(sub: string): Promise<StoredRow> {
  const { item, rev } = await readSubscription(sub);
  if (!item) return { row: null, rev: 0, exists: false };
  return { row: normalizeRow(sub, item), rev, exists: true };
}

/** A row written before billing existed (e.g. granted by hand) read with every field present. */
function normalizeRow(sub: string, item: Record<string, unknown>): SubscriptionRow {
  const text = (k: string) => (typeof item[k] === 'string' ? (item[k] as string) : null);
  const num = (k: string) => (typeof item[k] === 'number' ? (item[k] as number) : null);
  return {
    profileId: text('profileId') ?? sub,
    subscriptionType: text('subscriptionType') ?? 'free',
    status: text('status') ?? 'cancelled',
    validUntil: text('validUntil'),
    nextPaymentAmount: num('nextPaymentAmount'),
    nextPaymentDate: text('nextPaymentDate'),
    currency: text('currency'),
    canReactivateUntil: text('canReactivateUntil'),
    cancellationReason: text('cancellationReason'),
    cancellationReasonDetails: text('cancellationReasonDetails'),
    cancellationEffectiveDate: text('cancellationEffectiveDate'),
    stripeCustomerId: text('stripeCustomerId'),
    stripeSubscriptionId: text('stripeSubscriptionId'),
    stripePaymentIntentId: text('stripePaymentIntentId'),
    stripePurchaseId: text('stripePurchaseId'),
    purchasedAt: text('purchasedAt'),
    endedAt: text('endedAt'),
    refundedAt: text('refundedAt'),
    disputedAt: text('disputedAt'),
    guaranteeUsed: Array.isArray(item.guaranteeUsed)
      ? (item.guaranteeUsed as unknown[]).filter((k): k is string => typeof k === 'string')
      : [],
    stripeOrder: text('stripeOrder'),
    stripeStateAt: num('stripeStateAt'),
    stripeEventId: text('stripeEventId'),
    createdAt: text('createdAt') ?? new Date(0).toISOString(),
    updatedAt: text('updatedAt') ?? new Date(0).toISOString(),
  };
}

/** BillingInfo facts from a Stripe object, with the time they were true (epoch seconds). */
export interface BillingFacts {
  customerId: string;
  name: string | null;
  email: string | null;
  address: {
    line1?: string | null;
    line2?: string | null;
    city?: string | null;
    state?: string | null;
    postal_code?: string | null;
    country?: string | null;
  } | null;
  at: number;
}

export interface ApplyInput {
  sub: string;
  /** The event being processed: its record makes the write idempotent. Absent for API read-backs. */
  event?: { id: string; type: string };
  observation: Observation | null;
  /** Write `STRIPECUST#{id}` → sub (when the customer is new to this user). */
  customerId?: string | null;
  billing?: BillingFacts | null;
  /**
   * An audit entry (a system action such as a dispute), written in the same transaction as the event
   * record: once per event, however often Stripe delivers it.
   */
  audit?: AuditRecord;
  now?: () => Date;
}

export type ApplyOutcome =
  | { kind: 'duplicate' }
  | { kind: 'userGone' }
  | { kind: 'applied'; decision: Decision; row: SubscriptionRow | null };

const MAX_ATTEMPTS = 6;

/** The Profile status account deletion should set first, so billing events stop writing for the user. */
export const PROFILE_DELETING_STATUS = 'deleting';

/**
 * Decide and write in one transaction, re-reading and deciding again when another writer changed the row
 * in between (conditional on `stripeRev`). With an event, its record is written in the same transaction,
 * conditional on not existing: a duplicate delivery (even a concurrent one) has no effect.
 */
export async function applyObservation(input: ApplyInput): Promise<ApplyOutcome> {
  const now = input.now ?? (() => new Date());
  let withLookup = Boolean(input.customerId);
  let withBilling = Boolean(input.billing);
  for (let attempt = 0; ; attempt++) {
    const stored = await readSubscriptionRow(input.sub);
    const at = now();
    const decision: Decision = input.observation
      ? decide(input.sub, stored.row, input.observation, input.event?.id ?? `api:${at.toISOString()}`, at)
      : { next: null, reason: 'nothing to change', sendReactivationEmail: false };
    const writesUserData = Boolean(decision.next) || withBilling;
    const billing = withBilling && input.billing ? billingInfo(input.sub, input.billing, at) : undefined;
    const result = await writeBillingChange({
      sub: input.sub,
      at,
      ...(input.event ? { event: { ...input.event, outcome: decision.reason } } : {}),
      ...(input.audit ? { audit: input.audit } : {}),
      // A deleted account (or one being deleted: Profile status 'deleting') is not brought back by a late
      // event: without this, an event arriving between the deletion of the items and of the Profile would
      // write an orphan Subscription row.
      ...(writesUserData ? { profileNotStatus: PROFILE_DELETING_STATUS } : {}),
      ...(decision.next ? { subscription: { row: decision.next, read: stored } } : {}),
      ...(withLookup && input.customerId && stored.row?.stripeCustomerId !== input.customerId
        ? { customerId: input.customerId }
        : {}),
      ...(billing ? { billing } : {}),
    });
    if (result.outcome === 'empty') return { kind: 'applied', decision, row: stored.row };
    if (result.outcome === 'written') {
      if (isProConversion(stored.row, decision.next, at)) await recordMetric('proConversions');
      return { kind: 'applied', decision, row: decision.next ?? stored.row };
    }
    const failed = result.refused;
    if (failed.includes('event')) return { kind: 'duplicate' };
    if (failed.includes('profile')) {
      if (input.event) {
        await recordStripeEvent({ ...input.event, outcome: 'the user no longer exists' }, input.sub, at);
      }
      return { kind: 'userGone' };
    }
    if (failed.includes('lookup')) {
      logger.error('a Stripe customer is already linked to another user', { sub: input.sub });
      withLookup = false;
    }
    if (failed.includes('billing')) withBilling = false; // newer billing details are already stored
    if (attempt + 1 >= MAX_ATTEMPTS) throw result.error;
    await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));
  }
}

/** The BillingInfo of a user from a Stripe object's facts, with the time they were true. */
function billingInfo(sub: string, b: BillingFacts, at: Date): BillingInfo & { sourceAt: number } {
  return {
    id: b.customerId,
    profileId: sub,
    customerId: b.customerId,
    name: b.name,
    email: b.email,
    addressLine1: b.address?.line1 ?? null,
    addressLine2: b.address?.line2 ?? null,
    addressCity: b.address?.city ?? null,
    addressState: b.address?.state ?? null,
    addressPostalCode: b.address?.postal_code ?? null,
    addressCountry: b.address?.country ?? null,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    sourceAt: b.at,
  };
}
