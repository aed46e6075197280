import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '../components/loading.tsx';
import { useNotify } from '../components/notices.tsx';
import { resolveAccessGrant } from '../features/auth/lib/access-grant.ts';
import { hasAuthCallbackHash, stripAuthCallbackFromUrl } from '../features/auth/lib/callback-url.ts';
import { guardDecision } from '../features/auth/lib/guard-decision.ts';
import { CALLBACK_WAIT_MS } from '../features/auth/lib/run-auth-callback.ts';
import { useAuth } from '../lib/auth.tsx';
import { clearResumeState } from '../lib/resume-state.ts';
import { signInPath } from '../lib/safe-redirect.ts';

const CALLBACK_POLL_MS = 250;

/**
 * The guard of the app routes (spec section 2): 'Loading...' while the session is read, 'Processing
 * authentication...' for up to 2 s while the hash holds a sign-in callback; without a session, off to /auth
 * (history replaced) with the requested path in `redirect`, an 'Authentication required' notice, and the
 * in-progress resume state cleared. Access without a session comes only from `resolveAccessGrant`, never
 * from query parameters.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const { state, refresh, takeSignOutTarget } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const grant = resolveAccessGrant(location);
  const [processingCallback, setProcessingCallback] = useState(() => hasAuthCallbackHash(location.hash));

  // A callback in the hash: Amplify needs a moment to turn it into a session. Look again until it has, or
  // until 2 s have passed; then take the tokens or code out of the address.
  useEffect(() => {
    if (!processingCallback) return;
    const finish = () => {
      stripAuthCallbackFromUrl();
      setProcessingCallback(false);
    };
    if (state.status === 'signedIn') {
      finish();
      return;
    }
    const poll = setInterval(() => void refresh(), CALLBACK_POLL_MS);
    const deadline = setTimeout(() => void refresh().finally(finish), CALLBACK_WAIT_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(deadline);
    };
  }, [processingCallback, state.status, refresh]);

  const decision = guardDecision({ auth: state.status, grant, processingCallback });

  useEffect(() => {
    if (decision !== 'redirect') return;
    const target = takeSignOutTarget();
    if (target !== null) {
      navigate(target, { replace: true });
      return;
    }
    clearResumeState();
    notify({ title: t('guard.title'), description: t('guard.description') });
    navigate(signInPath(location.pathname + location.search), { replace: true });
  }, [decision, takeSignOutTarget, location.pathname, location.search, navigate, notify, t]);

  if (decision === 'render') return <Outlet />;
  return (
    <div className="page page--centered">
      <Loading label={decision === 'processing' ? t('authCallback.processing') : undefined} />
    </div>
  );
}
