import { type AnyEntity, defineEntity } from './entity.ts';

/**
 * Every entity of the single table, declared once. Every user-owned key starts from the Cognito `sub` of the
 * verified token (`USER#{sub}`), so one user's items are one partition. README.md's data section is made
 * from this list (a test keeps the two in step): add an entity here, then run
 * `node functions/adapters/table/key-table.ts --write`.
 */

export const Profile = defineEntity({
  name: 'Profile',
  pk: 'USER#{sub}',
  sk: 'PROFILE',
  gsi1: { pk: 'PROFILES', sk: '{email}' },
  access:
    'GetItem on every authenticated request; Put attribute_not_exists at sign-up; conditional counters `resumeCount` (in the Resume transactions) and `aiUsageCount` (the plan limits); gsi1 (every user in one partition, by lower-case e-mail): the admin users list and its begins_with search',
});

export const Subscription = defineEntity({
  name: 'Subscription',
  pk: 'USER#{sub}',
  sk: 'SUBSCRIPTION',
  access:
    'GetItem (plan checks, /me); Put conditional on `stripeRev` (webhook); the stream notifies browsers',
});

export const BillingInfo = defineEntity({
  name: 'BillingInfo',
  pk: 'USER#{sub}',
  sk: 'BILLING',
  access: 'GetItem (Pro users only); Put conditional on `sourceAt`; the stream notifies browsers',
});

export const Checkout = defineEntity({
  name: 'Checkout',
  pk: 'USER#{sub}',
  sk: 'CHECKOUT#{planType}',
  ttl: 'a day after the session expires',
  access: "GetItem: the user's last Checkout session for a plan, reused while open (a double click is one)",
});

export const Resume = defineEntity({
  name: 'Resume',
  pk: 'USER#{sub}',
  sk: 'RESUME#{id}',
  access:
    "GetItem by id (consistent); Query begins_with RESUME# (the list; consistent when a photo upload sweeps unused photos); Put conditional on the `revision` read; create and delete in one transaction with the Profile's `resumeCount`",
});

export const Job = defineEntity({
  name: 'Job',
  pk: 'USER#{sub}',
  sk: 'JOB#{jobId}',
  ttl: '7 days',
  access: 'GetItem by id (polling), conditional updates by the worker',
});

export const ImportRequest = defineEntity({
  name: 'ImportRequest',
  pk: 'USER#{sub}',
  sk: 'IMPORT#{jobId}',
  ttl: '24 hours',
  access: 'Put when an upload is granted; GetItem when its file arrives (the upload must match the grant)',
});

export const Connection = defineEntity({
  name: 'WsConnection',
  pk: 'USER#{sub}',
  sk: 'WS#{connectionId}',
  ttl: '2 hours',
  access:
    'Query begins_with WS# (push to a user; consistent at $connect, for the limit of connections per user)',
});

export const ConnectionRef = defineEntity({
  name: 'WsConnectionRef',
  pk: 'WSCONN#{connectionId}',
  sk: 'CONN',
  ttl: '2 hours',
  access: 'GetItem on $disconnect (whose connection it was)',
});

export const WsTicket = defineEntity({
  name: 'WsTicket',
  pk: 'WSTICKET#{ticket}',
  sk: 'TICKET',
  ttl: '60 seconds',
  access: 'DeleteItem with a condition on $connect (single use)',
});

export const AssistantHistory = defineEntity({
  name: 'AssistantConversation',
  pk: 'USER#{sub}',
  sk: 'ASSISTANT#{resumeId}',
  access: "GetItem: the conversation about one resume; deleted in the resume's delete transaction",
});

export const RateWindow = defineEntity({
  name: 'RateWindow',
  pk: 'USER#{sub}',
  sk: 'RATE#{bucket}#{window}',
  ttl: 'two windows',
  access: 'conditional ADD per call (the per-user rate limits)',
});

export const AiDay = defineEntity({
  name: 'AiDay',
  pk: 'USER#{sub}',
  sk: 'AIDAY#{day}',
  ttl: 'a day after the UTC day',
  access: 'ADD of the tokens a user spent on one UTC day; GetItem before a call (the daily token budget)',
});

export const StripeEvent = defineEntity({
  name: 'StripeEvent',
  pk: 'STRIPE_EVENT#{eventId}',
  sk: 'EVENT',
  ttl: '30 days',
  access:
    'Put attribute_not_exists in the same transaction as the change it makes (idempotency); kept well past the 3 days Stripe retries a delivery',
});

export const StripeCustomer = defineEntity({
  name: 'StripeCustomer',
  pk: 'STRIPECUST#{customerId}',
  sk: 'CUSTOMER',
  access: 'GetItem: the user of a Stripe customer (webhooks); deleted with the account',
});

export const Flag = defineEntity({
  name: 'FeatureFlag',
  pk: 'FLAG',
  sk: '{name}',
  access: 'Query the partition (every flag in one read); Put by staff',
});

export const EventBatch = defineEntity({
  name: 'EventBatch',
  pk: 'EVENTS#{day}',
  sk: '{at}#{id}',
  ttl: '400 days',
  access:
    "Put per accepted POST /api/events, one item per batch (its `events`, the verified caller's `userId`, the server's time `at`); Query a day in time order (the CSV export)",
});

export const DayCounts = defineEntity({
  name: 'DayCounts',
  pk: 'STATS#{day}',
  sk: 'COUNTS',
  access:
    'ADD per metric (`m_…`) and event name (`e_…`); BatchGet the days of the stats; no TTL (a year of days is a few kilobytes)',
});

export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  pk: 'AUDIT#{month}',
  sk: '{at}#{id}',
  ttl: '2 years',
  access:
    'Put before every staff action (the action waits on it), outcome updated after; Query a month newest first',
});

export const AuditRefusal = defineEntity({
  name: 'AuditEntry',
  pk: 'AUDIT#{month}',
  sk: '{minute}#refused#{sub}',
  ttl: '2 years',
  access: 'one row per user per minute for refused staff calls, with a count (a flood is one row)',
});

export const Impersonation = defineEntity({
  name: 'ImpersonationGrant',
  pk: 'IMPERSONATION#{grantId}',
  sk: 'GRANT',
  ttl: 'a day after the grant expires (a late redemption reads expired, not unknown)',
  access:
    "conditional update on redeem (single use, storing the session's SHA-256) and end; GetItem on every impersonated request",
});

/** Every entity, in the order of README.md's key table. */
export const entities: readonly AnyEntity[] = [
  Profile,
  Subscription,
  BillingInfo,
  Checkout,
  Resume,
  Job,
  ImportRequest,
  Connection,
  ConnectionRef,
  WsTicket,
  AssistantHistory,
  RateWindow,
  AiDay,
  StripeEvent,
  StripeCustomer,
  Flag,
  EventBatch,
  DayCounts,
  AuditEntry,
  AuditRefusal,
  Impersonation,
];
