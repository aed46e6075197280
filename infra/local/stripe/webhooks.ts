import { AsyncLocalStorage } from 'node:async_hooks';
import Stripe from 'stripe';
import { nowSeconds } from './calendar.ts';
import { newId } from './ids.ts';
import type { StripeEvent, StripeEventType, StripeObject } from './types.ts';

/** One event sent, with the webhook's answer status (null while on its way, 0 when unreachable). */
export interface Delivery {
  id: string;
  type: StripeEventType;
  status: number | null;
}

/**
 * Webhook delivery: each event signed exactly as Stripe signs them (`t=…,v1=…`, HMAC-SHA256 of
 * `${t}.${payload}` with the webhook secret) and POSTed to `webhookUrl`, one at a time and in order, three
 * tries each. An API call answers before its events are delivered, as Stripe's does (run it inside
 * `duringApiCall`); a page waits for them, so the app already knows when the browser comes back.
 */
export function createWebhooks(options: { webhookUrl: string; webhookSecret: string }) {
  const log: Delivery[] = [];
  let queue: Promise<void> = Promise.resolve();
  const fromApi = new AsyncLocalStorage<boolean>();

  const emit = (type: StripeEventType, object: StripeObject): Promise<void> => {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const entry: Delivery = { id: event.id, type, status: null };
    log.push(entry);
    queue = queue.then(async () => {
      const payload = JSON.stringify(event, null, 2);
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const signature = Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: options.webhookSecret,
          });
          const response = await fetch(options.webhookUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
            body: payload,
          });
          entry.status = response.status;
          await response.arrayBuffer();
          if (response.ok) return;
        } catch {
          entry.status = 0;
        }
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      }
      console.warn(
        `[local stripe] ${type} ${event.id} was not accepted by ${options.webhookUrl} (${entry.status})`,
      );
    });
    // An API call answers before its events are delivered, as Stripe's does; a page waits for them.
    return fromApi.getStore() ? Promise.resolve() : queue;
  };

  return {
    emit,
    /** Run an API call: the events it sends are delivered after it answers. */
    duringApiCall: <T>(run: () => Promise<T>): Promise<T> => fromApi.run(true, run),
    deliveries: () => log.map((e) => ({ ...e })),
    /** Resolves when every event sent so far has been delivered (or given up on). */
    idle: () => queue,
  };
}
