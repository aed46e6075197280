import { nowSeconds } from './calendar.ts';
import type { StripeContext } from './context.ts';
import { StripeApiError } from './errors.ts';

/** How long Stripe keeps an idempotency key's answer. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/**
 * Idempotency keys as at Stripe: the same key with the same parameters replays the first answer for 24
 * hours, with other parameters it is refused (400 `idempotency_error`). One difference: a request whose key
 * is still in flight waits for the first and replays it, where Stripe answers 409 and its SDK retries into
 * the same replay.
 */
export function createIdempotency(ctx: StripeContext) {
  const inFlight = new Map<string, { request: string; answer: Promise<string> }>();

  /** Run a keyed POST once: replay its answer for the same request, refuse the key for another. */
  return async function idempotent(
    key: string,
    request: string,
    run: () => Promise<string>,
  ): Promise<{ body: string; replayed: boolean }> {
    const { store } = ctx;
    const mismatch = () =>
      new StripeApiError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        undefined,
        'idempotency_error',
      );
    const now = nowSeconds();
    for (const [k, v] of Object.entries(store.idempotency))
      if (v.at + IDEMPOTENCY_TTL_SECONDS < now) delete store.idempotency[k];
    const saved = store.idempotency[key];
    if (saved) {
      if (saved.request !== request) throw mismatch();
      return { body: saved.body, replayed: true };
    }
    const running = inFlight.get(key);
    if (running) {
      if (running.request !== request) throw mismatch();
      return { body: await running.answer, replayed: true };
    }
    const answer = run();
    inFlight.set(key, { request, answer });
    try {
      const body = await answer;
      // Only answers are kept: a refused request may be retried with the same key, as at Stripe.
      store.idempotency[key] = { request, body, at: now };
      ctx.save();
      return { body, replayed: false };
    } finally {
      inFlight.delete(key);
    }
  };
}
