import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { PublicTopBar, SiteFooter } from '../../features/shell/index.ts';
import { useAuth } from '../../lib/auth.tsx';

/** Pages for everyone (spec section 2): top bar, the page, footer; no sidebar. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { state } = useAuth();
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <PublicTopBar signedIn={state.status === 'signedIn'} />
      <main id="main" className="public-content" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
