import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { FullScreenProvider, useFullScreen } from '../../components/full-screen.tsx';
import { Icon } from '../../components/icons.tsx';
import { SidebarProvider, useSidebar } from '../../components/sidebar.tsx';
import { initialSidebarOpen, isAdminPath, readSidebarCookie } from '../../components/sidebar-state.ts';
import { useAccountLanguage } from '../../features/account/index.ts';
import { analytics, track } from '../../features/analytics/index.ts';
import { SubscriptionLiveUpdates } from '../../features/billing/live-updates.ts';
import { useFeatureFlag } from '../../features/flags/index.ts';
import {
  endImpersonation,
  ImpersonationBanner,
  useImpersonation,
} from '../../features/impersonation/index.ts';
import { AppHeader, AppSidebar } from '../../features/shell/app-frame.ts';
import { SiteFooter } from '../../features/shell/index.ts';
import { useAuth, useLogout } from '../../lib/auth.tsx';
import { clearImpersonation } from '../../lib/impersonation-session.ts';
import { useStaffRole } from './use-staff-role.ts';

const SIGN_OUT_FLUSH_MS = 1_500;

/**
 * Sidebar, header with breadcrumbs and the user menu, and the page (spec section 2). The guard sits in
 * front of it in the router, except for /auth/callback, which creates the session, and /faq for visitors.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <FullScreenProvider>
      <SidebarProvider defaultOpen={initialSidebarOpen(document.cookie, pathname)} className="app-shell">
        <AppShell>{children ?? <Outlet />}</AppShell>
      </SidebarProvider>
    </FullScreenProvider>
  );
}

function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { state } = useAuth();
  // Signs out (refresh token revoked, storage and resume state cleared) and goes to /auth.
  const logout = useLogout();
  const coverLetter = useFeatureFlag('coverLetter') === true;
  const impersonation = useImpersonation();
  const { role } = useStaffRole();
  const { isFullScreen, exit } = useFullScreen();
  useAutoCollapseOnAdmin();

  const user = state.status === 'signedIn' ? state.user : null;
  // The interface's language and the profile's are one choice (not while viewing as someone else).
  useAccountLanguage(user !== null && !impersonation);

  // The sign-out event leaves while the token still works; a session as another user ends with the staff
  // member's own.
  async function signOut() {
    track('user_sign_out');
    // A slow network must not hold the sign-out: the event is worth a moment, not more.
    await Promise.race([analytics.flush(), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_FLUSH_MS))]);
    if (impersonation) {
      clearImpersonation();
      await endImpersonation(impersonation.session);
    }
    await logout();
  }

  const top = isFullScreen ? (
    <button type="button" className="button button--secondary fullscreen-exit" onClick={exit}>
      <Icon name="close" />
      {t('shell.fullScreen.exit')}
    </button>
  ) : (
    <AppHeader user={user} staff={role !== null} onLogout={() => void signOut()} />
  );

  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {/* Plan changes pushed over the WebSocket refresh /me: Pro-only screens unlock without a reload. Not while
          impersonating: the socket's ticket is a write, which a read-only session is refused. */}
      {user && !impersonation ? <SubscriptionLiveUpdates /> : null}
      {isFullScreen ? null : (
        <AppSidebar signedIn={user !== null} staff={role !== null} coverLetter={coverLetter} />
      )}
      <div className="app-main" data-fullscreen={isFullScreen || undefined}>
        {impersonation ? (
          <div className="impersonation-top">
            <ImpersonationBanner session={impersonation} />
            {top}
          </div>
        ) : (
          top
        )}
        <main id="main" className="app-content" tabIndex={-1}>
          {children}
        </main>
        {isFullScreen ? null : <SiteFooter />}
      </div>
    </>
  );
}

/** Spec: the sidebar collapses on /admin pages; leaving them restores the remembered state. */
function useAutoCollapseOnAdmin() {
  const { pathname } = useLocation();
  const { setOpen } = useSidebar();
  const wasAdmin = useRef(isAdminPath(pathname));

  useEffect(() => {
    const admin = isAdminPath(pathname);
    if (admin && !wasAdmin.current) setOpen(false, { persist: false });
    if (!admin && wasAdmin.current) setOpen(readSidebarCookie(document.cookie) ?? true, { persist: false });
    wasAdmin.current = admin;
  }, [pathname, setOpen]);
}
