import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { BillingInfo } from '#shared/billing';
import {
  documentClient,
  isConditionFailure,
  isTransactionConflict,
  tableName,
} from '../../adapters/dynamo.ts';
import { logger } from '../../lib/logger.ts';
import { isProConversion, recordMetric } from '../analytics/metrics.ts';
import { type AuditRecord, auditEntryItem } from '../audit.ts';
import { keys, stripKeys } from '../keys.ts';
import { billingKeys, STRIPE_EVENT_TTL_SECONDS } from './keys.ts';
import { type Decision, decide, type Observation, type SubscriptionRow } from './state.ts';

/**
 * DynamoDB side of billing: read the Subscription row with its revision, and write one decision in a
 * single transaction together with the processed-event record, the customer lookup and BillingInfo.
 */

export interface StoredRow {
  row: SubscriptionRow | null;
  /** `stripeRev` of the stored item (0: written by something else, or absent). */
  rev: number;
  exists: boolean;
}

/** Read the Subscription row (strongly consistent: the webhook decides from it). */
export async function readSubscriptionRow(sub: string): Promise<StoredRow> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: billingKeys.subscription(sub), ConsistentRead: true }),
  );
  if (!Item) return { row: null, rev: 0, exists: false };
  const { stripeRev, ...rest } = stripKeys(Item) as Record<string, unknown>;
  return { row: normalizeRow(sub, rest), rev: typeof stripeRev === 'number' ? stripeRev : 0, exists: true };
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
    const items: { name: string; item: Record<string, unknown> }[] = [];
    if (input.event) {
      items.push({
        name: 'event',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...billingKeys.stripeEvent(input.event.id),
              entity: 'StripeEvent',
              type: input.event.type,
              sub: input.sub,
              outcome: decision.reason,
              processedAt: at.toISOString(),
              ttl: Math.floor(at.getTime() / 1000) + STRIPE_EVENT_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      });
    }
    if (input.audit && input.event) {
      items.push({
        name: 'audit',
        item: { Put: { TableName: tableName(), Item: auditEntryItem(input.audit, 'succeeded', 200, at) } },
      });
    }
    const writesUserData = Boolean(decision.next) || withBilling;
    if (writesUserData) {
      // A deleted account (or one being deleted: Profile status 'deleting') is not brought back by a late
      // event: without this, an event arriving between the deletion of the items and of the Profile would
      // write an orphan Subscription row.
      items.push({
        name: 'profile',
        item: {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.profile(input.sub),
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(#status) OR #status <> :deleting)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':deleting': PROFILE_DELETING_STATUS },
          },
        },
      });
    }
    if (decision.next) {
      items.push({
        name: 'subscription',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...billingKeys.subscription(input.sub),
              entity: 'Subscription',
              ...decision.next,
              stripeRev: stored.rev + 1,
            },
            ConditionExpression: stored.exists
              ? stored.rev > 0
                ? 'stripeRev = :rev'
                : 'attribute_exists(pk) AND attribute_not_exists(stripeRev)'
              : 'attribute_not_exists(pk)',
            ...(stored.exists && stored.rev > 0 ? { ExpressionAttributeValues: { ':rev': stored.rev } } : {}),
          },
        },
      });
    }
    if (withLookup && input.customerId && stored.row?.stripeCustomerId !== input.customerId) {
      items.push({
        name: 'lookup',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...billingKeys.stripeCustomer(input.customerId),
              entity: 'StripeCustomer',
              sub: input.sub,
              createdAt: at.toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(pk) OR #sub = :sub',
            ExpressionAttributeNames: { '#sub': 'sub' },
            ExpressionAttributeValues: { ':sub': input.sub },
          },
        },
      });
    }
    if (withBilling && input.billing) {
      const b = input.billing;
      const info: BillingInfo & { sourceAt: number } = {
        id: b.customerId,
        profileId: input.sub,
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
      items.push({
        name: 'billing',
        item: {
          Update: {
            TableName: tableName(),
            Key: billingKeys.billingInfo(input.sub),
            UpdateExpression:
              'SET entity = :entity, id = :id, profileId = :profileId, customerId = :customerId, #name = :name, email = :email, addressLine1 = :a1, addressLine2 = :a2, addressCity = :city, addressState = :state, addressPostalCode = :postal, addressCountry = :country, createdAt = if_not_exists(createdAt, :now), updatedAt = :now, sourceAt = :at',
            ConditionExpression:
              'attribute_not_exists(pk) OR attribute_not_exists(sourceAt) OR sourceAt <= :at',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: {
              ':entity': 'BillingInfo',
              ':id': info.id,
              ':profileId': info.profileId,
              ':customerId': info.customerId,
              ':name': info.name,
              ':email': info.email,
              ':a1': info.addressLine1,
              ':a2': info.addressLine2,
              ':city': info.addressCity,
              ':state': info.addressState,
              ':postal': info.addressPostalCode,
              ':country': info.addressCountry,
              ':now': at.toISOString(),
              ':at': info.sourceAt,
            },
          },
        },
      });
    }
    if (items.length === 0) return { kind: 'applied', decision, row: stored.row };
    try {
      await documentClient.send(
        new TransactWriteCommand({ TransactItems: items.map((i) => i.item) as never }),
      );
      if (isProConversion(stored.row, decision.next, at)) await recordMetric('proConversions');
      return { kind: 'applied', decision, row: decision.next ?? stored.row };
    } catch (error) {
      const failed = items
        .map((i, index) => (isConditionFailure(error, index) ? i.name : null))
        .filter(Boolean);
      if (failed.includes('event')) return { kind: 'duplicate' };
      if (failed.includes('profile')) {
        if (input.event) await recordOnly(input.event, input.sub, 'the user no longer exists', at);
        return { kind: 'userGone' };
      }
      if (failed.includes('lookup')) {
        logger.error('a Stripe customer is already linked to another user', { sub: input.sub });
        withLookup = false;
      }
      if (failed.includes('billing')) withBilling = false; // newer billing details are already stored
      const retryable =
        failed.length > 0 ||
        isTransactionConflict(error) ||
        (error as Error).name === 'TransactionConflictException';
      if (!retryable || attempt + 1 >= MAX_ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));
    }
  }
}

async function recordOnly(event: { id: string; type: string }, sub: string, outcome: string, at: Date) {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...billingKeys.stripeEvent(event.id),
                entity: 'StripeEvent',
                type: event.type,
                sub,
                outcome,
                processedAt: at.toISOString(),
                ttl: Math.floor(at.getTime() / 1000) + STRIPE_EVENT_TTL_SECONDS,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The user of a Stripe customer, from the `STRIPECUST#` lookup item. */
export async function userOfCustomer(customerId: string): Promise<string | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: billingKeys.stripeCustomer(customerId) }),
  );
  return typeof Item?.sub === 'string' ? Item.sub : null;
}

/** Whether an event id was already processed. */
export async function eventProcessed(eventId: string): Promise<boolean> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: billingKeys.stripeEvent(eventId), ConsistentRead: true }),
  );
  return Boolean(Item);
}

/** A user's BillingInfo, or null. */
export async function readBillingInfo(sub: string): Promise<BillingInfo | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: billingKeys.billingInfo(sub) }),
  );
  if (!Item) return null;
  const { sourceAt: _sourceAt, ...rest } = stripKeys(Item) as Record<string, unknown>;
  return rest as unknown as BillingInfo;
}
