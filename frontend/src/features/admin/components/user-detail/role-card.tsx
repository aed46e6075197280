import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StaffRole, staffRoles } from '#shared/roles';
import { useNotify } from '../../../../components/notices.tsx';
import { errorMessage } from '../../../../lib/error-message.ts';
import { useSetStaffRole } from '../../api/update-user.ts';
import type { User } from './user.ts';

/** The user's staff role: grant one, change it or take it away. */
export function RoleCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const setRole = useSetStaffRole(user.id);
  const selectId = useId();
  const [role, setRoleValue] = useState<StaffRole | ''>(user.role ?? '');
  const current = user.role ?? '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = role === '' ? null : role;
    setRole.mutate(
      { role: next },
      {
        onSuccess: () =>
          notify({
            title: next
              ? t('admin.user.toasts.roleGranted', { role: t(`admin.roles.${next}`) })
              : t('admin.user.toasts.roleRevoked'),
          }),
        onError: (error) => notify({ title: errorMessage(t, error), variant: 'destructive' }),
      },
    );
  }

  return (
    <section className="card stack-small" aria-labelledby="admin-role-title">
      <h3 id="admin-role-title">{t('admin.user.role')}</h3>
      <p className="muted">{t('admin.user.roleDescription')}</p>
      <form className="admin-inline-form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={selectId}>{t('admin.user.roleSelect')}</label>
          <select
            id={selectId}
            value={role}
            onChange={(event) => setRoleValue(event.target.value as StaffRole | '')}
          >
            <option value="">{t('admin.roles.none')}</option>
            {staffRoles.map((name) => (
              <option key={name} value={name}>
                {t(`admin.roles.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="button button--primary"
          disabled={setRole.isPending || role === current}
          aria-busy={setRole.isPending || undefined}
        >
          {setRole.isPending ? t('admin.saving') : t('admin.user.roleSave')}
        </button>
      </form>
    </section>
  );
}
