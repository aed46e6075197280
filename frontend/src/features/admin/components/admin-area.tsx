import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes } from 'react-router-dom';
import type { Permission } from '#shared/permissions';
import { usePermissions } from '../lib/use-permissions.ts';
import { AuditPage } from './audit-page.tsx';
import { FlagsPage } from './flags-page.tsx';
import { OverviewPage } from './overview-page.tsx';
import { ResumeViewPage } from './resume-view-page.tsx';
import { UserDetailPage } from './user-detail-page.tsx';
import { UsersPage } from './users-page.tsx';

/** The sections of the admin area and the permission that shows each. */
const sections = [
  { path: '', key: 'overview', needs: ['analytics:view', 'system:view'] },
  { path: 'users', key: 'users', needs: ['users:view'] },
  { path: 'audit', key: 'audit', needs: ['system:view'] },
  { path: 'flags', key: 'flags', needs: ['system:view'] },
] as const satisfies readonly { path: string; key: string; needs: readonly Permission[] }[];

/**
 * /admin/*: the heading, the tabs this role may use, and the section the URL names; a section the role may
 * not use is unknown here (`notFound`), as the server would refuse its calls anyway.
 */
export function AdminArea({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation();
  const { role, can } = usePermissions();
  const visible = sections.filter((section) => section.needs.some((permission) => can(permission)));
  const allowed = (key: (typeof sections)[number]['key']) => visible.some((section) => section.key === key);

  return (
    <div className="stack admin">
      <header className="admin-header">
        <h1>{t('admin.title')}</h1>
        {role ? <p className="muted">{t('admin.signedInAs', { role: t(`admin.roles.${role}`) })}</p> : null}
      </header>
      <nav className="admin-tabs" aria-label={t('admin.nav.label')}>
        <ul>
          {visible.map((section) => (
            <li key={section.key}>
              <NavLink
                to={section.path ? `/admin/${section.path}` : '/admin'}
                end={section.path === ''}
                className="admin-tabs__link"
              >
                {t(`admin.nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        {allowed('overview') ? <Route index element={<OverviewPage />} /> : null}
        {allowed('users') ? (
          <>
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:id" element={<UserDetailPage />} />
            <Route path="users/:id/resumes/:resumeId" element={<ResumeViewPage />} />
          </>
        ) : null}
        {allowed('audit') ? <Route path="audit" element={<AuditPage />} /> : null}
        {allowed('flags') ? <Route path="flags" element={<FlagsPage />} /> : null}
        <Route path="*" element={notFound} />
      </Routes>
    </div>
  );
}
