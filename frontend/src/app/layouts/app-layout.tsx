import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { useAuth, useSessionUser } from '../../lib/auth.tsx';

/** Header (product, language, account, sign out) and the page below it. The sidebar comes later. */
export function AppLayout() {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const user = useSessionUser();
  const navigate = useNavigate();

  async function onSignOut() {
    await signOut();
    navigate('/auth', { replace: true });
  }

  return (
    <div className="page">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <Link to="/resumes" className="brand">
          {t('app.name')}
        </Link>
        <div className="topbar__end">
          <LanguageSwitcher />
          {user.email ? (
            <span className="topbar__user" title={user.email}>
              <span className="visually-hidden">{t('header.signedInAs')} </span>
              {user.email}
            </span>
          ) : null}
          <button type="button" className="button button--ghost" onClick={() => void onSignOut()}>
            {t('header.signOut')}
          </button>
        </div>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
