import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { FailurePanel } from '../components/failure-panel.tsx';
import { Loading } from '../components/loading.tsx';
import { useNotify } from '../components/notices.tsx';
import {
  type AccessGrant,
  CALLBACK_WAIT_MS,
  type GrantFailureCode,
  grantFailureCode,
  grantRequest,
  guardDecision,
  hasAuthCallbackHash,
  resolveAccessGrant,
  stripAuthCallbackFromUrl,
  withoutGrant,
} from '../features/auth/index.ts';
import {
  redeemImpersonation,
  useImpersonation,
  useLeavingImpersonation,
} from '../features/impersonation/index.ts';
import { ApiError } from '../lib/api-client.ts';
import { type SessionUser, SessionUserOverrideProvider, useAuth } from '../lib/auth.tsx';
import { clearImpersonation, saveImpersonation } from '../lib/impersonation-session.ts';
import { clearResumeState } from '../lib/resume-state.ts';
import { signInPath } from '../lib/safe-redirect.ts';

const CALLBACK_POLL_MS = 250;

type RedeemState =
  | { grant: string; status: 'pending' }
  | { grant: string; status: 'failed'; code: GrantFailureCode };

/**
 * The guard of the app routes (spec section 2): 'Loading...' while the session is read, 'Processing
 * authentication...' for up to 2 s while the hash holds a sign-in callback; without a session, off to /auth
 * (history replaced) with the requested path in `redirect`, an 'Authentication required' notice, and the
 * in-progress resume state cleared. An impersonation grant in the address is redeemed by the signed-in staff
 * member (see access-grant.ts); the pages then render as the target user.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const { state, refresh, takeSignOutTarget } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const session = useImpersonation();
  const leaving = useLeavingImpersonation();
  const [redeem, setRedeem] = useState<RedeemState>();
  const grant = resolveAccessGrant(location, session, Date.now(), redeem);
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
  // From the address itself, not the grant state: that moves on to pending, and the call must not be dropped.
  const request = grantRequest(location.search);
  const requestGrant = request?.grant;
  const requestTarget = request?.targetUser;
  const cleanPath = withoutGrant(location);
  const signedIn = state.status === 'signedIn';

  // Redeem the address's grant once the staff member is signed in: the session is kept for this tab, the
  // grant leaves the address (a reload must not spend it again) and nothing cached as the staff member
  // survives into the target's view.
  useEffect(() => {
    if (!requestGrant || !requestTarget || !signedIn) return;
    let active = true;
    setRedeem({ grant: requestGrant, status: 'pending' });
    redeemImpersonation({ grant: requestGrant, targetUser: requestTarget }).then(
      (redeemed) => {
        if (!active) return;
        saveImpersonation(redeemed);
        queryClient.clear();
        navigate(cleanPath, { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        const code = grantFailureCode(error instanceof ApiError ? error.code : undefined);
        setRedeem({ grant: requestGrant, status: 'failed', code });
      },
    );
    return () => {
      active = false;
    };
  }, [requestGrant, requestTarget, signedIn, cleanPath, queryClient, navigate]);

  useEffect(() => {
    if (decision !== 'redirect') return;
    // A staff member who is no longer signed in cannot go on viewing as anyone.
    clearImpersonation();
    const target = takeSignOutTarget();
    if (target !== null) {
      navigate(target, { replace: true });
      return;
    }
    clearResumeState();
    notify({ title: t('guard.title'), description: t('guard.description') });
    navigate(signInPath(location.pathname + location.search), { replace: true });
  }, [decision, takeSignOutTarget, location.pathname, location.search, navigate, notify, t]);

  const viewedAs = useMemo(() => (grant.status === 'granted' ? targetUser(grant.grant) : null), [grant]);

  if (decision === 'render' && !leaving) {
    return (
      <SessionUserOverrideProvider value={viewedAs}>
        <Outlet />
      </SessionUserOverrideProvider>
    );
  }
  if (decision === 'grantRefused' && grant.status === 'failed') return <GrantRefused code={grant.code} />;
  return (
    <div className="page page--centered">
      <Loading label={decision === 'processing' ? t('authCallback.processing') : undefined} />
    </div>
  );
}

function targetUser(grant: AccessGrant): SessionUser {
  return { userId: grant.targetUserId, email: grant.targetEmail, firstName: grant.targetName, lastName: '' };
}

/** The grant was refused (used, expired, forged): say why, and lead back to the admin area for a new one. */
function GrantRefused({ code }: { code: GrantFailureCode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className="page page--centered">
      <FailurePanel headingId={headingId} title={t('shell.impersonation.refused.title')} icon="alert">
        <p>{t(`errors.${code}`)}</p>
        <Link className="button button--primary" to="/admin">
          {t('shell.impersonation.refused.back')}
        </Link>
      </FailurePanel>
    </div>
  );
}
