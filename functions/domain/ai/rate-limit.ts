import { MAX_EVENTS_PER_MINUTE } from '#shared/analytics';
import type { ErrorCode } from '#shared/errors';
import { countInWindow } from '../../adapters/table/rate-windows.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Per-user rate limits (SECURITY.md: every cost a user can cause is bounded): a fixed window counted in the
 * table with one conditional update per call, so every Lambda instance shares it. Paid users are limited
 * too: unlimited uses still must not let one account flood the provider. The limits outside AI sit far above
 * what a person does (an import of a whole folder of resumes included) and only stop scripts.
 */
export const rateLimits = {
  /** Suggestions, assistant messages and tailoring jobs: calls that reach the model. */
  ai: { max: 12, windowSeconds: 60 },
  /**
   * An import's refinement with Claude (functions/domain/import/refine.ts): the worker asks on the user's
   * behalf, so it takes no AI use, but it is a model call all the same. Over the limit, the parse stands.
   */
  importRefine: { max: 10, windowSeconds: 3600 },
  /** The match score is plain code but not free: it runs on every keystroke pause of the tailoring form. */
  matchScore: { max: 60, windowSeconds: 60 },
  /** Analytics events (`POST /api/events`): a batch counts as many calls as it has events. */
  events: { max: MAX_EVENTS_PER_MINUTE, windowSeconds: 60 },
  /** Resume files to import (`POST /api/uploads`): a minute's burst, and an hour's total. */
  uploads: { max: 30, windowSeconds: 60 },
  uploadsHourly: { max: 200, windowSeconds: 3600 },
  /** Photo upload forms (`POST /api/photos`); the stored photos are capped by count as well. */
  photos: { max: 30, windowSeconds: 60 },
  /** Checkout sessions and Stripe reads: each is a call to Stripe. */
  checkout: { max: 20, windowSeconds: 60 },
  sync: { max: 20, windowSeconds: 60 },
  /** WebSocket messages of one user, all connections together (the app sends a ping every few minutes). */
  wsMessages: { max: 60, windowSeconds: 60 },
  /**
   * Checks of the user's password by the API (a password change, the re-check before deleting the account):
   * each is a guess at it, so a stolen session cannot try passwords faster than this.
   */
  passwordChecks: { max: 5, windowSeconds: 900 },
} as const;

export type RateBucket = keyof typeof rateLimits;

const limitedCode: Record<RateBucket, ErrorCode> = {
  ai: 'AI_RATE_LIMITED',
  importRefine: 'AI_RATE_LIMITED',
  matchScore: 'AI_RATE_LIMITED',
  events: 'EVENTS_RATE_LIMITED',
  uploads: 'UPLOAD_RATE_LIMITED',
  uploadsHourly: 'UPLOAD_RATE_LIMITED',
  photos: 'PHOTO_RATE_LIMITED',
  checkout: 'BILLING_RATE_LIMITED',
  sync: 'BILLING_RATE_LIMITED',
  wsMessages: 'WS_RATE_LIMITED',
  passwordChecks: 'AUTH_RATE_LIMITED',
};

/** Seconds until the window counting a call at `nowMs` closes (a Retry-After value, at least 1). */
export function windowSecondsLeft(bucket: RateBucket, nowMs = Date.now()): number {
  const { windowSeconds } = rateLimits[bucket];
  return Math.max(1, Math.ceil(windowSeconds - ((nowMs / 1000) % windowSeconds)));
}

/**
 * Count `count` calls in the current window, or throw the bucket's rate-limit error (counting nothing) when
 * they do not all fit. The error carries the window's end as `resetAt`: the answer's Retry-After.
 */
export async function checkRateLimit(
  sub: string,
  bucket: RateBucket,
  nowMs = Date.now(),
  count = 1,
): Promise<void> {
  const { max, windowSeconds } = rateLimits[bucket];
  const window = Math.floor(nowMs / 1000 / windowSeconds);
  const resetAt = new Date((window + 1) * windowSeconds * 1000);
  const refused = (cause?: unknown) =>
    new AppError(limitedCode[bucket], `At most ${max} calls every ${windowSeconds} s.`, { cause, resetAt });
  // More than a whole window would pass the condition on a fresh window item.
  if (count > max) throw refused();
  if (!(await countInWindow(sub, bucket, { index: window, seconds: windowSeconds }, count, max))) {
    throw refused();
  }
}

/** Count one call in each of `buckets`, in order; the first that is full refuses it. */
export async function checkRateLimits(sub: string, buckets: readonly RateBucket[], nowMs = Date.now()) {
  for (const bucket of buckets) await checkRateLimit(sub, bucket, nowMs);
}
