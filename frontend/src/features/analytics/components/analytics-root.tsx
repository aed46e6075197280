import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useConfig } from '../../../config/config-context.tsx';
import { whenAmplifyLoaded } from '../../../lib/amplify.ts';
import { currentAccessToken } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { onQueryClient } from '../../../lib/query-client.ts';
import { analytics, errorCode, takeSignUpConfirmed, track } from '../index.ts';

/**
 * Mounted once inside the router: tells the tracker who is signed in, counts page views, sign-ins (and a
 * confirmed sign-up's first one) and failed mutations. `isSuppressed` silences everything (impersonation).
 */
export function AnalyticsRoot({ isSuppressed }: { isSuppressed: () => boolean }) {
  const { apiUrl } = useConfig();
  const { state } = useAuth();
  const { pathname } = useLocation();
  const lastPath = useRef<string | null>(null);
  const status = state.status;

  useEffect(() => {
    analytics.configure({ apiUrl, getAccessToken: () => currentAccessToken(), isSuppressed });
  }, [apiUrl, isSuppressed]);

  useEffect(() => {
    if (status !== 'loading') analytics.setSignedIn(status === 'signedIn');
  }, [status]);

  // A page seen while signed out is not counted when the sign-in happens on it; a session restored at load
  // counts the first page.
  useEffect(() => {
    if (status === 'signedOut') lastPath.current = pathname;
    if (status !== 'signedIn' || lastPath.current === pathname) return;
    lastPath.current = pathname;
    track('page_view');
  }, [pathname, status]);

  // Amplify reports a completed sign-in (password or social), never a session restored from storage.
  useEffect(() => {
    let active = true;
    let stop: (() => void) | undefined;
    void whenAmplifyLoaded().then(({ Hub }) => {
      if (!active) return;
      stop = Hub.listen('auth', ({ payload }) => {
        if (payload.event !== 'signedIn') return;
        analytics.setSignedIn(true);
        track('user_sign_in');
        if (takeSignUpConfirmed()) track('user_sign_up');
      });
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);

  // The query client exists once a route that queries has been opened (never on the landing page).
  useEffect(
    () =>
      onQueryClient((queryClient) =>
        queryClient.getMutationCache().subscribe((event) => {
          if (event.type === 'updated' && event.action.type === 'error') {
            track('error', { source: 'mutation', code: errorCode(event.action.error) });
          }
        }),
      ),
    [],
  );

  return null;
}
