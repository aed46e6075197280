/** @jest-environment node */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AnalyticsBatch, AnalyticsEvent } from '#shared/analytics';
import { analyticsBatchSchema, MAX_EVENTS_PER_REQUEST } from '#shared/analytics';
import { createBatcher, type SendOptions } from './batcher.ts';
import { buildEvent } from './event.ts';
import { createTracker } from './tracker.ts';

const at = new Date('2026-11-25T12:00:00.000Z');
const event = (n: number) => buildEvent('page_view', `/page-${n}`, undefined, at);

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('analytics batcher', () => {
  it('sends what waits after the interval, in one batch', async () => {
    const send = jest.fn(async (_events: AnalyticsEvent[], _options: SendOptions) => {});
    const batcher = createBatcher({ send, intervalMs: 5_000 });

    batcher.add(event(1));
    batcher.add(event(2));
    jest.advanceTimersByTime(4_999);
    const before = send.mock.calls.length;
    await jest.advanceTimersByTimeAsync(1);

    expect(before).toBe(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith([event(1), event(2)], { keepalive: false });
  });

  it('sends a full batch at once and never more than the request maximum', async () => {
    const send = jest.fn(async (_events: AnalyticsEvent[], _options: SendOptions) => {});
    const batcher = createBatcher({ send, intervalMs: 5_000 });

    for (let n = 0; n < MAX_EVENTS_PER_REQUEST + 3; n += 1) batcher.add(event(n));
    await Promise.resolve();

    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toHaveLength(MAX_EVENTS_PER_REQUEST);
    expect(batcher.pending()).toBe(3);
  });

  it('flushes everything with keepalive when the page goes, and swallows a failed send', async () => {
    const send = jest.fn(async (_events: AnalyticsEvent[], _options: SendOptions) => {
      throw new Error('offline');
    });
    const batcher = createBatcher({ send, maxBatch: 2 });
    batcher.add(event(1));

    await expect(batcher.flush({ keepalive: true })).resolves.toBeUndefined();

    expect(send).toHaveBeenCalledWith([event(1)], { keepalive: true });
    expect(batcher.pending()).toBe(0);
  });

  it('drops events beyond the per-minute budget until the minute has passed', () => {
    let now = 0;
    const batcher = createBatcher({ send: async () => {}, maxPerMinute: 3, maxBatch: 100, now: () => now });

    for (let n = 0; n < 5; n += 1) batcher.add(event(n));
    const inFirstMinute = batcher.pending();
    now = 60_001;
    batcher.add(event(6));

    expect(inFirstMinute).toBe(3);
    expect(batcher.pending()).toBe(4);
  });
});

describe('analytics events', () => {
  it('keep the path without its query, and no e-mail, nesting or unknown key in the properties', () => {
    const built = buildEvent(
      'feature_used',
      '/resume-tailoring?email=ana@example.com',
      { feature: 'tailoring', email: 'ana@example.com', 'bad key': 'x', count: 2, gone: undefined },
      at,
    );

    expect(built).toEqual({
      name: 'feature_used',
      path: '/resume-tailoring',
      at: at.toISOString(),
      properties: { feature: 'tailoring', count: 2 },
    });
    expect(analyticsBatchSchema.safeParse({ events: [built] }).success).toBe(true);
  });
});

describe('analytics tracker', () => {
  function setup(options: { token?: string; suppressed?: boolean } = {}) {
    const fetch = jest.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 202 }));
    const tracker = createTracker({ fetch, now: () => at, pathname: () => '/resumes' });
    tracker.configure({
      apiUrl: '/api',
      getAccessToken: async () => options.token,
      isSuppressed: () => options.suppressed === true,
    });
    const batches = () =>
      fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as AnalyticsBatch);
    return { tracker, fetch, batches };
  }

  it('posts the batch to /api/events with the user token', async () => {
    const s = setup({ token: 'access-token' });
    s.tracker.setSignedIn(true);

    s.tracker.track('resume_deleted');
    await s.tracker.flush();

    const [url, init] = s.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/events');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-token');
    expect(s.batches()).toEqual([
      { events: [{ name: 'resume_deleted', path: '/resumes', at: at.toISOString() }] },
    ]);
  });

  it('drops events while signed out, and what waits when the user signs out', async () => {
    const s = setup({ token: 'access-token' });

    s.tracker.track('page_view');
    s.tracker.setSignedIn(true);
    s.tracker.track('resume_created');
    s.tracker.setSignedIn(false);
    await s.tracker.flush();

    expect(s.fetch).not.toHaveBeenCalled();
  });

  it('sends nothing while impersonating, nor without a token', async () => {
    const impersonating = setup({ token: 'staff-token', suppressed: true });
    const tokenless = setup({});
    for (const s of [impersonating, tokenless]) {
      s.tracker.setSignedIn(true);
      s.tracker.track('page_view');
      await s.tracker.flush();
    }

    expect(impersonating.fetch).not.toHaveBeenCalled();
    expect(tokenless.fetch).not.toHaveBeenCalled();
  });

  it('counts a throttled event once per key within its window', async () => {
    const s = setup({ token: 'access-token' });
    s.tracker.setSignedIn(true);

    s.tracker.trackThrottled('resume_updated:r1', 60_000, 'resume_updated');
    s.tracker.trackThrottled('resume_updated:r1', 60_000, 'resume_updated');
    s.tracker.trackThrottled('resume_updated:r2', 60_000, 'resume_updated');
    await s.tracker.flush();

    expect(s.batches()[0]?.events).toHaveLength(2);
  });
});
