import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { permissionAreas } from '#shared/permissions';
import { Icon } from '../../components/icons.tsx';
import { Loading } from '../../components/loading.tsx';
import { getMeQueryOptions } from '../../features/account/api/get-me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useStaffRole } from '../layouts/use-staff-role.ts';

/** Staff only (admin, support, content_manager, as GET /me resolves it); everyone else gets 'Not allowed'. */
export function RequireStaff() {
  const { role, pending } = useStaffRole();
  if (pending) return <Loading />;
  if (!role) return <ForbiddenPage />;
  return <Outlet />;
}

function ForbiddenPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('shell.forbidden.title'));
  return (
    <section className="coming-soon" aria-labelledby="forbidden-title">
      <span className="badge badge--danger">
        <Icon name="lock" />
        403
      </span>
      <h1 id="forbidden-title">{t('shell.forbidden.title')}</h1>
      <p>{t('shell.forbidden.description')}</p>
      <Link to="/resumes" className="button button--secondary">
        {t('shell.forbidden.back')}
      </Link>
    </section>
  );
}

const upcoming = [
  'users',
  'userDetail',
  'impersonation',
  'subscriptions',
  'content',
  'analytics',
  'system',
] as const;

/** /admin/*: the admin landing; the screens themselves arrive in later releases. */
export function AdminRoute() {
  const { t } = useTranslation();
  const { role } = useStaffRole();
  useDocumentTitle(t('shell.admin.title'));
  return (
    <div className="stack">
      <header>
        <h1>{t('shell.admin.title')}</h1>
        {role ? (
          <p className="muted">{t('shell.admin.signedInAs', { role: t(`shell.admin.roles.${role}`) })}</p>
        ) : null}
      </header>
      <section className="card stack-small">
        <p>{t('shell.admin.intro')}</p>
        <ul className="checklist">
          {upcoming.map((item) => (
            <li key={item}>
              <Icon name="clock" />
              {t(`shell.admin.upcoming.${item}`)}
            </li>
          ))}
        </ul>
      </section>
      <Link to="/admin-test">{t('shell.admin.testLink')}</Link>
    </div>
  );
}

/** /admin-test: the permissions of spec section 6 the server grants the current role. */
export function AdminTestRoute() {
  const { t } = useTranslation();
  const { role } = useStaffRole();
  const me = useQuery(getMeQueryOptions());
  useDocumentTitle(t('shell.adminTest.title'));
  // The server's answer, not the client's copy of the matrix: what the API will actually allow.
  const granted = new Set<string>(me.data?.permissions ?? []);

  return (
    <div className="stack">
      <header>
        <h1>{t('shell.adminTest.title')}</h1>
        <p className="muted">{t('shell.adminTest.description')}</p>
        {role ? <p>{t('shell.admin.signedInAs', { role: t(`shell.admin.roles.${role}`) })}</p> : null}
      </header>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('shell.adminTest.area')}</th>
              <th scope="col">{t('shell.adminTest.allowed')}</th>
              <th scope="col">{t('shell.adminTest.denied')}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(permissionAreas).map(([area, actions]) => (
              <tr key={area}>
                <th scope="row">{t(`shell.adminTest.areas.${area as keyof typeof permissionAreas}`)}</th>
                <td>
                  {actions
                    .filter((action) => granted.has(`${area}:${action}`))
                    .map((action) => t(`shell.adminTest.actions.${action}`))
                    .join(', ')}
                </td>
                <td>
                  {actions
                    .filter((action) => !granted.has(`${area}:${action}`))
                    .map((action) => t(`shell.adminTest.actions.${action}`))
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
