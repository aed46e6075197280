import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { mayActOn, type Permission } from '#shared/permissions';
import { Icon } from '../../../components/icons.tsx';
import { Loading } from '../../../components/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminUser } from '../api/get-user.ts';
import { usePermissions } from '../lib/use-permissions.ts';
import { LoadError } from './load-error.tsx';
import { UserBadges } from './user-badges.tsx';
import { AccountCard } from './user-detail/account-card.tsx';
import { DeleteCard } from './user-detail/delete-card.tsx';
import { ProfileCard } from './user-detail/profile-card.tsx';
import { ResumesCard } from './user-detail/resumes-card.tsx';
import { RoleCard } from './user-detail/role-card.tsx';
import { SubscriptionCard } from './user-detail/subscription-card.tsx';

/** The permissions that change a user: offered only on users below the caller's rank. */
const ACTIONS: readonly Permission[] = [
  'users:edit',
  'users:delete',
  'subscriptions:edit',
  'subscriptions:cancel',
  'subscriptions:refund',
  'system:edit',
];

/** /admin/users/:id: one user, with the actions the staff member's role allows on them. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { can: granted, role } = usePermissions();
  const detail = useAdminUser(id);
  const user = detail.data?.user;
  useDocumentTitle(user?.email ?? t('admin.users.title'));

  const back = (
    <Link to="/admin/users" className="back-link">
      <Icon name="arrowLeft" />
      {t('admin.user.back')}
    </Link>
  );

  if (detail.isPending) {
    return (
      <div className="stack">
        {back}
        <Loading label={t('admin.user.loading')} />
      </div>
    );
  }
  if (detail.isError) {
    const notFound =
      detail.error instanceof ApiError &&
      (detail.error.code === 'USER_NOT_FOUND' || detail.error.status === 404);
    return (
      <div className="stack">
        {back}
        {notFound ? (
          <div className="empty-state" role="alert">
            <p className="empty-state__title">{t('admin.user.notFound')}</p>
          </div>
        ) : (
          <LoadError
            title={t('admin.user.loadFailed')}
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        )}
      </div>
    );
  }

  const data = detail.data;
  const name = `${data.user.firstName} ${data.user.lastName}`.trim();
  // Staff act only below their rank (the API refuses the rest): a peer or a senior is shown, not changed.
  const outranks = mayActOn(role, data.user.role);
  const can = (permission: Permission) => granted(permission) && (outranks || !ACTIONS.includes(permission));
  return (
    <div className="stack">
      {back}
      <header className="admin-user-head">
        <div>
          <h2>{name || data.user.email}</h2>
          {name ? <p className="muted admin-break">{data.user.email}</p> : null}
        </div>
        <div className="actions">
          <UserBadges status={data.user.status} />
          {data.user.role ? <span className="badge">{t(`admin.roles.${data.user.role}`)}</span> : null}
          <span className="badge">{t(`admin.plans.${data.user.plan}`)}</span>
        </div>
      </header>
      {outranks ? null : (
        <p className="admin-note" role="note">
          {t('admin.user.aboveRank')}
        </p>
      )}
      <div className="admin-detail-grid">
        <div className="stack">
          <ProfileCard user={data.user} editable={can('users:edit')} />
          {can('content:view') ? <ResumesCard userId={data.user.id} /> : null}
          {can('subscriptions:view') && data.subscription !== undefined ? (
            <SubscriptionCard userId={data.user.id} subscription={data.subscription} can={can} />
          ) : null}
        </div>
        <div className="stack">
          {can('users:edit') ? <AccountCard user={data.user} /> : null}
          {can('system:edit') ? <RoleCard user={data.user} /> : null}
          {can('users:delete') ? <DeleteCard user={data.user} /> : null}
        </div>
      </div>
    </div>
  );
}
