import type { AnalyticsEvent } from '#shared/analytics';
import { MAX_EVENTS_PER_MINUTE, MAX_EVENTS_PER_REQUEST } from '#shared/analytics-limits';

export interface SendOptions {
  /** The page is going away: the request must outlive it (fetch keepalive). */
  keepalive: boolean;
}

export interface BatcherOptions {
  /** Delivers one batch; its failures are its own (a lost batch is never retried nor reported). */
  send: (events: AnalyticsEvent[], options: SendOptions) => void | Promise<void>;
  /** How long an event may wait for company before the batch goes. */
  intervalMs?: number;
  maxBatch?: number;
  /** The server's per-user budget: events beyond it in any minute are dropped here rather than refused there. */
  maxPerMinute?: number;
  now?: () => number;
}

export interface Batcher {
  add(event: AnalyticsEvent): void;
  /** Send everything waiting now, in batches of at most `maxBatch`. */
  flush(options?: SendOptions): Promise<void>;
  /** Forget everything waiting (sign-out, impersonation). */
  discard(): void;
  pending(): number;
}

export const FLUSH_INTERVAL_MS = 5_000;
const MINUTE_MS = 60_000;

/**
 * Analytics events wait in a queue and leave together: a full batch goes at once, anything less after
 * `intervalMs`, and everything when the page is hidden. Nothing here throws.
 */
export function createBatcher({
  send,
  intervalMs = FLUSH_INTERVAL_MS,
  maxBatch = MAX_EVENTS_PER_REQUEST,
  maxPerMinute = MAX_EVENTS_PER_MINUTE,
  now = Date.now,
}: BatcherOptions): Batcher {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let accepted: number[] = [];

  function underBudget(): boolean {
    const since = now() - MINUTE_MS;
    accepted = accepted.filter((at) => at > since);
    if (accepted.length >= maxPerMinute) return false;
    accepted.push(now());
    return true;
  }

  function cancelTimer() {
    clearTimeout(timer);
    timer = undefined;
  }

  async function flush(options: SendOptions = { keepalive: false }): Promise<void> {
    cancelTimer();
    const batches: AnalyticsEvent[][] = [];
    while (queue.length > 0) batches.push(queue.splice(0, maxBatch));
    await Promise.all(
      batches.map(async (events) => {
        try {
          await send(events, options);
        } catch {
          // analytics never reaches the user, not even as an error
        }
      }),
    );
  }

  return {
    add(event) {
      if (!underBudget()) return;
      queue.push(event);
      if (queue.length >= maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), intervalMs);
    },
    flush,
    discard() {
      cancelTimer();
      queue = [];
    },
    pending: () => queue.length,
  };
}
