import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../../../components/icons.tsx';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { SidebarTrigger } from '../../../components/sidebar.tsx';
import type { SessionUser } from '../../../lib/auth.tsx';
import { breadcrumbTrail } from '../lib/navigation.ts';
import { AuthButtons } from './auth-buttons.tsx';
import { UserMenu } from './user-menu.tsx';

/** Sidebar trigger, breadcrumbs (the parent page; the page's title is its heading), language, and the user menu (or Login/Register when signed out). */
export function AppHeader({
  user,
  staff,
  onLogout,
}: {
  user: SessionUser | null;
  staff: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const crumbs = breadcrumbTrail(pathname);

  return (
    <header className="app-header">
      <SidebarTrigger label={t('shell.sidebar.toggle')} />
      {crumbs.length > 0 ? (
        <nav aria-label={t('shell.breadcrumbs.label')} className="breadcrumbs">
          <ol>
            {crumbs.map((crumb) => (
              <li key={crumb.page}>
                <Link to={crumb.to}>
                  <Icon name="arrowLeft" className="breadcrumbs__back" />
                  <span className="breadcrumbs__text">{t(`shell.pages.${crumb.page}`)}</span>
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="app-header__end">
        <LanguageSwitcher />
        {user ? <UserMenu user={user} staff={staff} onLogout={onLogout} /> : <AuthButtons />}
      </div>
    </header>
  );
}
