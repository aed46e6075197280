import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarHeader,
  SidebarLink,
  useSidebar,
} from '../../../components/sidebar.tsx';
import { pagePaths, sidebarGroups } from '../lib/navigation.ts';

/** The app's navigation: resume management, account (signed in), administration (staff), help. */
export function AppSidebar({
  signedIn,
  staff,
  coverLetter,
}: {
  signedIn: boolean;
  staff: boolean;
  coverLetter: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { setOpenMobile } = useSidebar();

  // Following a link in the drawer closes it.
  useEffect(() => {
    if (pathname) setOpenMobile(false);
  }, [pathname, setOpenMobile]);

  return (
    <Sidebar label={t('shell.sidebar.label')}>
      <SidebarHeader>
        <Link to="/" className="sidebar__brand" title={t('shell.sidebar.home')}>
          <span className="sidebar__logo" aria-hidden="true">
            RB
          </span>
          <span className="sidebar__label sidebar__brand-name">{t('app.name')}</span>
        </Link>
      </SidebarHeader>
      <SidebarContent>
        {sidebarGroups({ signedIn, staff, coverLetter }).map((group) => (
          <SidebarGroup key={group.key} label={t(`shell.sidebar.groups.${group.key}`)}>
            {group.items.map((item) => (
              <SidebarLink
                key={item.page}
                to={item.to}
                icon={item.icon}
                label={t(`shell.pages.${item.page}`)}
                end={item.page !== 'admin'}
                activeOn={item.activeOn?.map((page) => pagePaths[page])}
              />
            ))}
          </SidebarGroup>
        ))}
      </SidebarContent>
    </Sidebar>
  );
}
