import type { AnalyticsEvent, AnalyticsEventName } from '#shared/analytics';
import { joinUrl } from '../../../lib/api-client.ts';
import { type Batcher, createBatcher, type SendOptions } from './batcher.ts';
import { buildEvent, type EventProperties } from './event.ts';

export interface TrackerDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  pathname?: () => string | undefined;
  intervalMs?: number;
}

export interface AnalyticsSetup {
  /** `config.apiUrl`. */
  apiUrl: string;
  /** The signed-in user's access token (events are the user's own: POST /events requires sign-in). */
  getAccessToken: () => Promise<string | undefined>;
  /** True while events must not leave at all (a staff member viewing as someone else). */
  isSuppressed?: () => boolean;
}

export interface Tracker {
  configure(setup: AnalyticsSetup): void;
  /** Events are kept only while someone is signed in; signing out drops whatever still waits. */
  setSignedIn(signedIn: boolean): void;
  track(name: AnalyticsEventName, properties?: EventProperties): void;
  /** Like `track`, but at most once per `key` within `windowMs` (e.g. one resume_updated a minute per resume). */
  trackThrottled(key: string, windowMs: number, name: AnalyticsEventName, properties?: EventProperties): void;
  flush(options?: SendOptions): Promise<void>;
  batcher: Batcher;
}

/** The client side of `POST /api/events`: never throws, never tells the user anything. */
export function createTracker({
  fetch: fetchFn = (...args) => globalThis.fetch(...args),
  now = () => new Date(),
  pathname = () => globalThis.location?.pathname,
  intervalMs,
}: TrackerDeps = {}): Tracker {
  let setup: AnalyticsSetup | undefined;
  let signedIn = false;
  // The last token seen: a page being hidden cannot wait for Amplify, so its final batch uses this one.
  let lastToken: string | undefined;
  const throttled = new Map<string, number>();

  const suppressed = () => setup?.isSuppressed?.() === true;

  async function freshToken(): Promise<string | undefined> {
    if (!setup) return undefined;
    try {
      lastToken = await setup.getAccessToken();
    } catch {
      lastToken = undefined;
    }
    return lastToken;
  }

  function post(apiUrl: string, events: AnalyticsEvent[], bearer: string, keepalive: boolean) {
    return fetchFn(joinUrl(apiUrl, 'events'), {
      method: 'POST',
      keepalive,
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ events }),
    });
  }

  async function send(events: AnalyticsEvent[], { keepalive }: SendOptions) {
    if (!setup || !signedIn || suppressed()) return;
    // A page being hidden may be gone after the next await: its request starts now or never.
    if (keepalive) {
      if (lastToken) await post(setup.apiUrl, events, lastToken, true);
      return;
    }
    const bearer = await freshToken();
    if (!bearer || !signedIn || suppressed()) return;
    await post(setup.apiUrl, events, bearer, false);
  }

  const batcher = createBatcher({ send, intervalMs });

  function track(name: AnalyticsEventName, properties?: EventProperties) {
    try {
      if (!signedIn || suppressed()) return;
      batcher.add(buildEvent(name, pathname(), properties, now()));
    } catch {
      // a broken event is dropped, never the page
    }
  }

  return {
    configure(next) {
      setup = next;
    },
    setSignedIn(next) {
      if (next === signedIn) return;
      signedIn = next;
      if (!next) {
        batcher.discard();
        lastToken = undefined;
        throttled.clear();
      } else void freshToken();
    },
    track,
    trackThrottled(key, windowMs, name, properties) {
      const at = now().getTime();
      const last = throttled.get(key);
      if (last !== undefined && at - last < windowMs) return;
      throttled.set(key, at);
      track(name, properties);
    },
    flush: (options) => batcher.flush(options),
    batcher,
  };
}
