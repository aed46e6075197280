import { AppError } from './app-error.ts';

export interface RetryOptions {
  /** Total tries, the first included. */
  attempts?: number;
  /** Upper bound of the first backoff; it doubles on every retry up to `capMs`. */
  baseMs?: number;
  capMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A random wait in [0, min(cap, base·2^retry)] ("full jitter"), so colliding writers spread out. */
export function backoffMs(retry: number, baseMs = 20, capMs = 800): number {
  return Math.random() * Math.min(capMs, baseMs * 2 ** retry);
}

/**
 * Run `attempt` again, with jittered backoff, while it fails with an error `retryable` accepts. When every
 * try collided the caller gets 409 WRITE_CONFLICT: contention is never a 500, and nothing was written.
 */
export async function retryOnConflict<T>(
  attempt: (tryNumber: number) => Promise<T>,
  retryable: (error: unknown) => boolean,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 8;
  for (let tryNumber = 0; ; tryNumber++) {
    try {
      return await attempt(tryNumber);
    } catch (error) {
      if (!retryable(error)) throw error;
      if (tryNumber + 1 >= attempts) {
        throw new AppError('WRITE_CONFLICT', 'The write kept colliding with others; try again.', {
          cause: error,
        });
      }
      await sleep(backoffMs(tryNumber, options.baseMs, options.capMs));
    }
  }
}
