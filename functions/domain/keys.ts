/**
 * Key design of the single table. Every user-owned key starts from the Cognito `sub` of the verified token.
 *
 * | Entity     | pk                 | sk               | Access pattern                                  |
 * |------------|--------------------|------------------|-------------------------------------------------|
 * | Profile    | USER#{sub}         | PROFILE          | GetItem on every authenticated request          |
 * | (gsi1)     | PROFILES           | {lower-case e-mail} | admin users list: Query in e-mail order, begins_with search |
 * | Subscription | USER#{sub}       | SUBSCRIPTION     | GetItem (plan checks, /me)                      |
 * | Resume     | USER#{sub}         | RESUME#{id}      | GetItem by id; Query begins_with RESUME# (list; consistent, for the photos in use when a photo upload sweeps unused ones) |
 * | Job        | USER#{sub}         | JOB#{jobId}      | GetItem by id, conditional updates, TTL (7 days)|
 * | WS conn    | USER#{sub}         | WS#{connId}      | Query begins_with WS# (push to a user), TTL     |
 * | WS conn ref| WSCONN#{connId}    | CONN             | GetItem on $disconnect, TTL                     |
 * | WS ticket  | WSTICKET#{ticket}  | TICKET           | DeleteItem with condition (single use), TTL     |
 * | Assistant  | USER#{sub}         | ASSISTANT#{resumeId} | GetItem: the conversation about one resume   |
 * | Rate window| USER#{sub}         | RATE#{bucket}#{window} | conditional ADD per call, TTL              |
 * | BillingInfo| USER#{sub}         | BILLING          | GetItem (Pro users only)                        |
 * | Stripe event | STRIPE_EVENT#{eventId} | EVENT    | Put attribute_not_exists with the change (idempotency), TTL 30 days |
 * | Stripe customer | STRIPECUST#{customerId} | CUSTOMER | GetItem: the user of a Stripe customer; deleted with the account |
 * | Feature flag | FLAG               | {flag name}      | Query the partition (every flag in one read); Put by staff |
 * | Event batch| EVENTS#{yyyy-mm-dd} | {iso}#{id}      | Put per accepted POST /api/events; Query a day in time order (CSV export); TTL 400 days |
 * | Day counts | STATS#{yyyy-mm-dd} | COUNTS           | ADD per metric (`m_…`) and event name (`e_…`); BatchGet the days of the stats |
 * | Audit entry | AUDIT#{yyyy-mm}   | {iso}#{id}       | Put before every staff action (the action waits on it), outcome updated after; Query a month newest first; TTL 2 years |
 * | Impersonation grant | IMPERSONATION#{grantId} | GRANT | conditional update on redeem (single use) and end; GetItem on every impersonated request; TTL |
 *
 * Analytics keys (flags, events, day counts): functions/domain/analytics/keys.ts.
 * Billing keys and their writes: functions/domain/billing/keys.ts and store.ts. The subscription notifier
 * consumes the stream's SUBSCRIPTION and BILLING records.
 */
export const keys = {
  user: (sub: string) => `USER#${sub}`,
  profile: (sub: string) => ({ pk: keys.user(sub), sk: 'PROFILE' }),
  /** The AI tokens a user spent on one UTC day (`yyyy-mm-dd`). */
  aiDay: (sub: string, day: string) => ({ pk: keys.user(sub), sk: `AIDAY#${day}` }),
  /** The Profile's place in gsi1: every user in one partition, in e-mail order (the admin users list). */
  profileIndex: (email: string) => ({ gsi1pk: 'PROFILES', gsi1sk: email.trim().toLowerCase() }),
  subscription: (sub: string) => ({ pk: keys.user(sub), sk: 'SUBSCRIPTION' }),
  resume: (sub: string, id: string) => ({ pk: keys.user(sub), sk: `RESUME#${id}` }),
  resumePrefix: 'RESUME#',
  job: (sub: string, jobId: string) => ({ pk: keys.user(sub), sk: `JOB#${jobId}` }),
  connection: (sub: string, connectionId: string) => ({ pk: keys.user(sub), sk: `WS#${connectionId}` }),
  connectionPrefix: 'WS#',
  connectionRef: (connectionId: string) => ({ pk: `WSCONN#${connectionId}`, sk: 'CONN' }),
  wsTicket: (ticket: string) => ({ pk: `WSTICKET#${ticket}`, sk: 'TICKET' }),
  assistant: (sub: string, resumeId: string) => ({ pk: keys.user(sub), sk: `ASSISTANT#${resumeId}` }),
  rateWindow: (sub: string, bucket: string, window: number) => ({
    pk: keys.user(sub),
    sk: `RATE#${bucket}#${window}`,
  }),
} as const;

/** Attributes that belong to the table, not to the entity, stripped before items leave the domain. */
export function stripKeys<T extends Record<string, unknown>>(
  item: T,
): Omit<T, 'pk' | 'sk' | 'entity' | 'version'> {
  const { pk: _pk, sk: _sk, entity: _entity, version: _version, ...rest } = item;
  return rest;
}
