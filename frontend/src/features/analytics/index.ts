import type { AnalyticsEventName } from '#shared/analytics';
import { ApiError } from '../../lib/api-client.ts';
import type { EventProperties } from './lib/event.ts';
import { createTracker } from './lib/tracker.ts';

export type { EventProperties } from './lib/event.ts';

const tracker = createTracker();

// The page going away (tab closed, app switched on a phone): what waits leaves now, with keepalive.
if (typeof window !== 'undefined') {
  const leave = () => void tracker.flush({ keepalive: true });
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
}

export const analytics = tracker;

/** Record a product event (spec section 3); dropped unless someone is signed in as themselves. */
export function track(name: AnalyticsEventName, properties?: EventProperties): void {
  tracker.track(name, properties);
}

const RESUME_UPDATED_WINDOW_MS = 60_000;

/** resume_updated at most once a minute per resume: autosave would otherwise send one per keystroke pause. */
export function trackResumeUpdated(resumeId: string): void {
  tracker.trackThrottled(`resume_updated:${resumeId}`, RESUME_UPDATED_WINDOW_MS, 'resume_updated');
}

/** section_updated at most once a minute per resume and section, for the same reason. */
export function trackSectionUpdated(resumeId: string, section: string): void {
  tracker.trackThrottled(
    `section_updated:${resumeId}:${section}`,
    RESUME_UPDATED_WINDOW_MS,
    'section_updated',
    {
      section,
    },
  );
}

const signUpKey = 'analytics-sign-up-confirmed';

/** A sign-up was just confirmed: its first sign-in in this tab also counts as the sign-up. */
export function markSignUpConfirmed(): void {
  try {
    sessionStorage.setItem(signUpKey, '1');
  } catch {
    // without storage the sign-up goes uncounted
  }
}

export function takeSignUpConfirmed(): boolean {
  try {
    const marked = sessionStorage.getItem(signUpKey) === '1';
    sessionStorage.removeItem(signUpKey);
    return marked;
  } catch {
    return false;
  }
}

/** The stable code of a failure, never its message (messages may quote the user's input). */
export function errorCode(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  return error instanceof Error && /^[A-Za-z]+$/.test(error.name) ? error.name : 'UNKNOWN';
}

/** A page that failed to render (the route error boundary). */
export function trackRouteError(error: unknown): void {
  tracker.track('error', { source: 'route', code: errorCode(error) });
}
