import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '../components/loading.tsx';
import { useNotify } from '../components/notices.tsx';
import { useAuth } from '../lib/auth.tsx';
import { signInPath } from '../lib/safe-redirect.ts';

/**
 * The guard of the app routes (spec section 2): 'Loading...' while the session is read; without one, off
 * to /auth (history replaced) with the requested path in `redirect` and an 'Authentication required' notice.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const { state, takeUserSignOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();

  useEffect(() => {
    if (state.status !== 'signedOut') return;
    if (takeUserSignOut()) {
      navigate('/auth', { replace: true });
      return;
    }
    notify({ title: t('guard.title'), description: t('guard.description') });
    navigate(signInPath(location.pathname + location.search), { replace: true });
  }, [state, takeUserSignOut, location.pathname, location.search, navigate, notify, t]);

  if (state.status === 'signedIn') return <Outlet />;
  return (
    <div className="page page--centered">
      <Loading />
    </div>
  );
}
