import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { BillingInfo as BillingInfoRecord } from '#shared/billing';
import { documentClient, isConditionFailure, isTransactionConflict, tableName } from '../dynamo.ts';
import { type AuditRecord, auditEntryItem } from './audit-log.ts';
import { batchGet } from './batch-get.ts';
import { BillingInfo, Checkout, Profile, StripeCustomer, StripeEvent, Subscription } from './entities.ts';
import { stripKeys } from './strip-keys.ts';

/**
 * Billing items: the user's Subscription row (with its revision `stripeRev`), BillingInfo, the processed
 * Stripe events (idempotency), the Stripe customer → user lookup and the open Checkout session per plan.
 * A billing decision is written in one transaction with the event's record, so a duplicate delivery has
 * no effect.
 */

/** How long a processed-event record is kept: Stripe retries a delivery for up to 3 days. */
export const STRIPE_EVENT_TTL_SECONDS = 30 * 86_400;

/** The Subscription row as stored (without its keys and revision), and that revision. */
export interface StoredSubscription {
  /** The row's attributes; null when there is none. */
  item: Record<string, unknown> | null;
  /** `stripeRev` of the stored item (0: written by something else, or absent). */
  rev: number;
}

/** Read the Subscription row (strongly consistent: the webhook decides from it). */
export async function readSubscription(sub: string): Promise<StoredSubscription> {
  const item = await subscriptionItem(sub, true);
  if (!item) return { item: null, rev: 0 };
  const { stripeRev, ...rest } = item;
  return { item: rest, rev: typeof stripeRev === 'number' ? stripeRev : 0 };
}

/**
 * The user's Subscription attributes (no keys) as the API's plan checks read it (eventually consistent), or
 * null when the user never subscribed.
 */
export const readSubscriptionAttributes = (sub: string) => subscriptionItem(sub, false);

async function subscriptionItem(sub: string, consistent: boolean): Promise<Record<string, unknown> | null> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: Subscription.key({ sub }),
      ...(consistent ? { ConsistentRead: true } : {}),
    }),
  );
  return Item ? stripKeys(Item) : null;
}

/** Delete the Stripe customer → user lookup (account deletion; the webhook writes it). */
export async function deleteStripeCustomerLookup(customerId: string): Promise<void> {
  await documentClient.send(
    new DeleteCommand({ TableName: tableName(), Key: StripeCustomer.key({ customerId }) }),
  );
}

/** The parts of a billing change, named as a refusal names them. */
export type BillingPart = 'event' | 'audit' | 'profile' | 'subscription' | 'lookup' | 'billing';

export interface BillingChange {
  sub: string;
  at: Date;
  /** The record of the event being processed, written only if it does not exist yet. */
  event?: { id: string; type: string; outcome: string };
  /** An audit entry of a system action, written with the event record. */
  audit?: AuditRecord;
  /** The user's Profile must exist and not have this status. */
  profileNotStatus?: string;
  /** The new Subscription row, written only over the revision read (`exists: false`: only if none). */
  subscription?: { row: object; read: { exists: boolean; rev: number } };
  /** The Stripe customer → user lookup, written unless the customer is another user's. */
  customerId?: string;
  /** BillingInfo, written unless newer details (`sourceAt`) are stored. */
  billing?: BillingInfoRecord & { sourceAt: number };
}

/**
 * Write a billing change in one transaction. `empty` when it has no part; `refused` with the parts whose
 * condition failed (or none, when the transaction lost a race), together with the error, when trying again
 * may succeed. Any other failure is thrown.
 */
export async function writeBillingChange(
  change: BillingChange,
): Promise<
  | { outcome: 'empty' }
  | { outcome: 'written' }
  | { outcome: 'refused'; refused: BillingPart[]; error: unknown }
> {
  const { sub, at } = change;
  const items: { name: BillingPart; item: Record<string, unknown> }[] = [];
  if (change.event) {
    items.push({ name: 'event', item: { Put: eventRecordPut(change.event, sub, at) } });
  }
  if (change.audit && change.event) {
    items.push({
      name: 'audit',
      item: { Put: { TableName: tableName(), Item: auditEntryItem(change.audit, 'succeeded', 200, at) } },
    });
  }
  if (change.profileNotStatus !== undefined) {
    items.push({
      name: 'profile',
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: Profile.key({ sub }),
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(#status) OR #status <> :deleting)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':deleting': change.profileNotStatus },
        },
      },
    });
  }
  if (change.subscription) {
    const { row, read } = change.subscription;
    items.push({
      name: 'subscription',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...Subscription.key({ sub }), entity: Subscription.name, ...row, stripeRev: read.rev + 1 },
          ConditionExpression: read.exists
            ? read.rev > 0
              ? 'stripeRev = :rev'
              : 'attribute_exists(pk) AND attribute_not_exists(stripeRev)'
            : 'attribute_not_exists(pk)',
          ...(read.exists && read.rev > 0 ? { ExpressionAttributeValues: { ':rev': read.rev } } : {}),
        },
      },
    });
  }
  if (change.customerId) {
    items.push({
      name: 'lookup',
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...StripeCustomer.key({ customerId: change.customerId }),
            entity: StripeCustomer.name,
            sub,
            createdAt: at.toISOString(),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR #sub = :sub',
          ExpressionAttributeNames: { '#sub': 'sub' },
          ExpressionAttributeValues: { ':sub': sub },
        },
      },
    });
  }
  if (change.billing) {
    const info = change.billing;
    items.push({
      name: 'billing',
      item: {
        Update: {
          TableName: tableName(),
          Key: BillingInfo.key({ sub }),
          UpdateExpression:
            'SET entity = :entity, id = :id, profileId = :profileId, customerId = :customerId, #name = :name, email = :email, addressLine1 = :a1, addressLine2 = :a2, addressCity = :city, addressState = :state, addressPostalCode = :postal, addressCountry = :country, createdAt = if_not_exists(createdAt, :now), updatedAt = :now, sourceAt = :at',
          ConditionExpression:
            'attribute_not_exists(pk) OR attribute_not_exists(sourceAt) OR sourceAt <= :at',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: {
            ':entity': BillingInfo.name,
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
  if (items.length === 0) return { outcome: 'empty' };
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items.map((i) => i.item) as never }));
    return { outcome: 'written' };
  } catch (error) {
    const refused = items.flatMap((i, index) => (isConditionFailure(error, index) ? [i.name] : []));
    const retryable =
      refused.length > 0 ||
      isTransactionConflict(error) ||
      (error as Error).name === 'TransactionConflictException';
    if (!retryable) throw error;
    return { outcome: 'refused', refused, error };
  }
}

function eventRecordPut(event: { id: string; type: string; outcome: string }, sub: string, at: Date) {
  return {
    TableName: tableName(),
    Item: {
      ...StripeEvent.key({ eventId: event.id }),
      entity: StripeEvent.name,
      type: event.type,
      sub,
      outcome: event.outcome,
      processedAt: at.toISOString(),
      ttl: Math.floor(at.getTime() / 1000) + STRIPE_EVENT_TTL_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}

/** Record an event as processed with nothing else written; a record already there is left as it is. */
export async function recordStripeEvent(
  event: { id: string; type: string; outcome: string },
  sub: string,
  at: Date,
): Promise<void> {
  try {
    await documentClient.send(
      new TransactWriteCommand({ TransactItems: [{ Put: eventRecordPut(event, sub, at) }] }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The user of a Stripe customer, from the lookup item. */
export async function userOfCustomer(customerId: string): Promise<string | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: StripeCustomer.key({ customerId }) }),
  );
  return typeof Item?.sub === 'string' ? Item.sub : null;
}

/** Whether an event id was already processed. */
export async function eventProcessed(eventId: string): Promise<boolean> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: StripeEvent.key({ eventId }), ConsistentRead: true }),
  );
  return Boolean(Item);
}

/** A user's BillingInfo, or null. */
export async function readBillingInfo(sub: string): Promise<BillingInfoRecord | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: BillingInfo.key({ sub }) }),
  );
  if (!Item) return null;
  const { sourceAt: _sourceAt, ...rest } = stripKeys(Item) as Record<string, unknown>;
  return rest as unknown as BillingInfoRecord;
}

/** The user's last Checkout session for a plan, as saved when it was made. */
export interface CheckoutRecord {
  sessionId: string;
  /** A hash of the session's parameters: a session is reused only for the same ones (plan, currency, …). */
  fingerprint: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** The saved Checkout session of a plan, or null. */
export async function readCheckoutRecord(sub: string, planType: string): Promise<CheckoutRecord | null> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: Checkout.key({ sub, planType }),
      ConsistentRead: true,
    }),
  );
  if (typeof Item?.sessionId !== 'string' || typeof Item.fingerprint !== 'string') return null;
  return { sessionId: Item.sessionId, fingerprint: Item.fingerprint, expiresAt: Number(Item.expiresAt) || 0 };
}

/** Save a plan's Checkout session; DynamoDB forgets it a day after the session expires. */
export async function saveCheckoutRecord(
  sub: string,
  planType: string,
  record: CheckoutRecord,
): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...Checkout.key({ sub, planType }),
        entity: Checkout.name,
        ...record,
        ttl: record.expiresAt + 86_400,
      },
    }),
  );
}

/** The user whose Subscription or BillingInfo item a stream record names by its partition key, or null. */
export function userOfBillingItem(pk: string): string | null {
  const prefix = Subscription.pk.slice(0, Subscription.pk.indexOf('{'));
  return pk.startsWith(prefix) ? pk.slice(prefix.length) : null;
}

/** The plan fields (type, status, end) of each user's Subscription row, for the statistics. */
export async function subscriptionPlanStates(subs: readonly string[]): Promise<Record<string, unknown>[]> {
  return batchGet(
    subs.map((sub) => Subscription.key({ sub })),
    {
      projection: 'subscriptionType, #status, validUntil',
      names: { '#status': 'status' },
      giveUp: 'could not read every item',
    },
  );
}

/** Each user's Subscription row (as stored, without its keys), by user; users without one are absent. */
export async function subscriptionsOf(
  subs: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const userPartition = Subscription.pk.slice(0, Subscription.pk.indexOf('{'));
  const items = await batchGet(
    subs.map((sub) => Subscription.key({ sub })),
    { giveUp: 'could not read every subscription of the page' },
  );
  return new Map(items.map((item) => [String(item.pk).slice(userPartition.length), stripKeys(item)]));
}
