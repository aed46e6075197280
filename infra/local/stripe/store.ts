import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StripeApiError } from './errors.ts';
import type {
  Charge,
  CheckoutSession,
  Customer,
  Dispute,
  Invoice,
  PaymentIntent,
  PortalSession,
  Refund,
  Subscription,
} from './types.ts';

/** Every object the stand-in made, by id, and the answers of keyed POSTs. */
export interface Store {
  customers: Record<string, Customer>;
  sessions: Record<string, CheckoutSession>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  charges: Record<string, Charge>;
  paymentIntents: Record<string, PaymentIntent>;
  refunds: Record<string, Refund>;
  disputes: Record<string, Dispute>;
  portalSessions: Record<string, PortalSession>;
  /** Answers of POSTs made with an Idempotency-Key, by key. */
  idempotency: Record<string, { request: string; body: string; at: number }>;
}

const emptyStore = (): Store => ({
  customers: {},
  sessions: {},
  subscriptions: {},
  invoices: {},
  charges: {},
  paymentIntents: {},
  refunds: {},
  disputes: {},
  portalSessions: {},
  idempotency: {},
});

/**
 * The store, kept in `{dataDir}/stripe.json` across restarts when a folder is given (in memory otherwise);
 * `save` writes it after each change.
 */
export function openStore(dataDir: string | undefined): { store: Store; save: () => void } {
  const file = dataDir ? join(dataDir, 'stripe.json') : null;
  let store = emptyStore();
  if (file) {
    mkdirSync(dataDir as string, { recursive: true });
    try {
      store = { ...emptyStore(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<Store>) };
    } catch {
      // first start
    }
  }
  const save = () => {
    if (file) writeFileSync(file, JSON.stringify(store));
  };
  return { store, save };
}

/** The object of that id, or Stripe's 404 `resource_missing` naming its kind. */
export function findIn<T>(map: Record<string, T>, key: string | undefined, what: string): T {
  const v = key ? map[key] : undefined;
  if (!v) throw new StripeApiError(404, `No such ${what}: '${key}'`, 'resource_missing');
  return v;
}
