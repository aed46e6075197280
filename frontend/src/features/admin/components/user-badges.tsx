import { useTranslation } from 'react-i18next';
import type { AdminUserSummary } from '#shared/admin';

/** The account status as a badge: red for anything but active. */
export function UserBadges({ status }: { status: AdminUserSummary['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={status === 'active' ? 'badge admin-badge--ok' : 'badge badge--danger'}>
      {t(`admin.status.${status}`)}
    </span>
  );
}
