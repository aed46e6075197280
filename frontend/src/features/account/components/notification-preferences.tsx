import { useTranslation } from 'react-i18next';
import { type NotificationKind, offeredNotificationKinds } from '#shared/account';
import { useNotify } from '../../../components/notices.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { useMe } from '../../../lib/get-me.ts';
import { useUpdateNotificationPreference } from '../api/update-me.ts';

/**
 * The e-mail preferences something sends, as switches; each change is saved at once and undone if the server
 * refuses.
 */
export function NotificationPreferences() {
  const { t } = useTranslation();
  const notify = useNotify();
  const me = useMe();
  const update = useUpdateNotificationPreference();
  const preferences = me.data?.profile?.notificationPreferences;

  function toggle(kind: NotificationKind, value: boolean) {
    update.mutate(
      { kind, value },
      { onError: () => notify({ title: t('account.notifications.failed'), tone: 'error' }) },
    );
  }

  return (
    <SettingsSection
      title={t('account.notifications.title')}
      description={t('account.notifications.description')}
    >
      {me.isPending ? <p className="muted">{t('app.loading')}</p> : null}
      {me.isError ? (
        <p className="form-error" role="alert">
          {t('account.profile.loadFailed')}
        </p>
      ) : null}
      {preferences ? (
        <ul className="preferences">
          {offeredNotificationKinds.map((kind) => {
            const id = `notification-${kind}`;
            return (
              <li key={kind} className="preference">
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  className="switch"
                  checked={preferences[kind]}
                  aria-checked={preferences[kind]}
                  aria-describedby={`${id}-description`}
                  onChange={(event) => toggle(kind, event.target.checked)}
                />
                <div>
                  <label htmlFor={id} className="preference__label">
                    {t(`account.notifications.kinds.${kind}.label`)}
                  </label>
                  <p id={`${id}-description`} className="muted">
                    {t(`account.notifications.kinds.${kind}.description`)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </SettingsSection>
  );
}
