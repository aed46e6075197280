import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { AuthButtons } from './auth-buttons.tsx';

/** The public layout's top bar: Home, Pricing, language, and Login/Register or My resumes. */
export function PublicTopBar({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="topbar public-topbar">
      <Link to="/" className="brand">
        {t('app.name')}
      </Link>
      <nav aria-label={t('site.nav.label')} className="public-topbar__nav">
        <NavLink to="/" end className="public-topbar__link">
          {t('site.nav.home')}
        </NavLink>
        <NavLink to="/pricing" className="public-topbar__link">
          {t('site.nav.pricing')}
        </NavLink>
      </nav>
      <div className="public-topbar__language">
        <LanguageSwitcher />
      </div>
      <div className="public-topbar__actions">
        {signedIn ? (
          <Link to="/resumes" className="button button--primary">
            {/* The sidebar's own wording for the page, so the two never drift apart. */}
            {t('shell.pages.resumes')}
          </Link>
        ) : (
          <AuthButtons />
        )}
      </div>
    </header>
  );
}
