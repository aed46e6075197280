import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/loading.tsx';
import { useDismissNotices } from '../../components/notices.tsx';
import { AuthLegal, AuthPanel, AuthQueryMessage, type AuthView } from '../../features/auth/auth-page.ts';
import { useAuth } from '../../lib/auth.tsx';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /auth?view=sign-in|sign-up&redirect=/path, plus `error=verification_failed|reset_failed` and `confirmed=1`. */
export function AuthRoute() {
  const { t } = useTranslation();
  const { state, refresh } = useAuth();
  const [params, setParams] = useSearchParams();
  const view: AuthView = params.get('view') === 'sign-up' ? 'sign-up' : 'sign-in';
  const target = safeRedirectPath(params.get('redirect'));
  const dismissNotices = useDismissNotices();
  useDocumentTitle(view === 'sign-up' ? t('auth.tabs.signUp') : t('auth.tabs.signIn'));

  // The guard's 'Authentication required' has done its job once the user is in.
  useEffect(() => {
    if (state.status === 'signedIn') dismissNotices();
  }, [state.status, dismissNotices]);

  // Signed in (already, or just now through the panel): leave for the requested page, /resumes by default.
  if (state.status === 'signedIn') return <Navigate to={target} replace />;
  if (state.status === 'loading') return <Loading />;

  return (
    <div className="card card--narrow auth">
      <h1 className="auth__title">{t('auth.heading')}</h1>
      <p className="muted auth__subtitle">{t('auth.subheading')}</p>
      <AuthQueryMessage params={params} />
      <AuthPanel
        view={view}
        onViewChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              updated.set('view', next);
              // A reported outcome belongs to the view it was shown on.
              updated.delete('error');
              updated.delete('confirmed');
              return updated;
            },
            { replace: true },
          )
        }
        onSignedIn={async () => {
          await refresh();
        }}
        redirectTo={target}
      />
      <AuthLegal />
    </div>
  );
}
