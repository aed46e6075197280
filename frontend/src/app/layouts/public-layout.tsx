import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';

/** Pages outside the guard: product name and language switcher only. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          {t('app.name')}
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="content content--centered" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
