import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { permissionAreas } from '#shared/permissions';
import { Icon } from '../../components/icons.tsx';
import { Loading } from '../../components/loading.tsx';
import { AdminArea, loadAdminMessages } from '../../features/admin/index.ts';
import { getMeQueryOptions } from '../../lib/get-me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useStaffRole } from '../layouts/use-staff-role.ts';
import { NotFoundRoute } from './not-found.tsx';
import '../../features/admin/components/admin.css';

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

/** /admin/*: the admin area, once its texts (a chunk of their own, for staff only) are loaded. */
export function AdminRoute() {
  const { t } = useTranslation();
  const messages = useQuery({
    queryKey: ['i18n', 'admin'],
    queryFn: async () => {
      await loadAdminMessages();
      return true;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  useDocumentTitle(t('shell.admin.title'));
  if (messages.isPending) return <Loading />;
  if (messages.isError) {
    return (
      <div className="stack" role="alert">
        <p>{t('errors.generic')}</p>
        <button type="button" className="button button--secondary" onClick={() => void messages.refetch()}>
          {t('startup.retry')}
        </button>
      </div>
    );
  }
  return <AdminArea notFound={<NotFoundRoute />} />;
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
        <table className="table table--stack">
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
                <td data-label={t('shell.adminTest.allowed')}>
                  {actions
                    .filter((action) => granted.has(`${area}:${action}`))
                    .map((action) => t(`shell.adminTest.actions.${action}`))
                    .join(', ')}
                </td>
                <td data-label={t('shell.adminTest.denied')}>
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
