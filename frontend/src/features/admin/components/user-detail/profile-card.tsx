import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountLocales } from '#shared/account';
import { useNotify } from '../../../../components/notices.tsx';
import { TextField } from '../../../../components/text-field.tsx';
import { errorMessage } from '../../../../lib/error-message.ts';
import { checked, useForm } from '../../../../lib/use-form.ts';
import { useUpdateUser } from '../../api/update-user.ts';
import { useFormat } from '../../lib/format.ts';
import type { User } from './user.ts';

/** The user's profile: facts at a glance, and for staff who may edit users, a form for names and language. */
export function ProfileCard({ user, editable }: { user: User; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  // The platform names languages in the reader's language ("English", "inglês").
  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const localeLabel = (locale: string) => {
    try {
      return languageNames.of(locale) ?? locale;
    } catch {
      return locale;
    }
  };

  return (
    <section className="card stack-small" aria-labelledby="admin-profile-title">
      <div className="admin-section-head admin-section-head--action">
        <h3 id="admin-profile-title">{t('admin.user.profile')}</h3>
        {editable && !editing ? (
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
            {t('admin.user.edit')}
          </button>
        ) : null}
      </div>
      {editing ? (
        <ProfileForm user={user} localeLabel={localeLabel} onClose={() => setEditing(false)} />
      ) : (
        <dl className="facts">
          <div>
            <dt>{t('admin.user.email')}</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>{t('admin.user.emailVerified')}</dt>
            <dd>{user.emailVerified ? t('admin.yes') : t('admin.no')}</dd>
          </div>
          <div>
            <dt>{t('admin.user.language')}</dt>
            <dd>{localeLabel(user.locale)}</dd>
          </div>
          <div>
            <dt>{t('admin.user.created')}</dt>
            <dd>{format.dateTime(user.createdAt)}</dd>
          </div>
          <div>
            <dt>{t('admin.user.updated')}</dt>
            <dd>{format.dateTime(user.updatedAt)}</dd>
          </div>
          <div>
            <dt>{t('admin.user.resumeCount')}</dt>
            <dd>{format.number(user.resumeCount)}</dd>
          </div>
          <div>
            <dt>{t('admin.user.aiUsage')}</dt>
            <dd>{format.number(user.aiUsageCount)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** The names and language of the user, edited by staff; closed on save or cancel. */
function ProfileForm({
  user,
  localeLabel,
  onClose,
}: {
  user: User;
  localeLabel: (locale: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateUser(user.id);
  const localeId = useId();
  const form = useForm({
    initial: {
      firstName: user.firstName,
      lastName: user.lastName,
      locale: (accountLocales as readonly string[]).includes(user.locale) ? user.locale : 'en',
    },
    // The app's own message in the reader's language (not the browser's), and the focus on the field.
    check: (values) =>
      checked(
        {
          ...values,
          firstName: values.firstName.trim(),
          locale: values.locale as (typeof accountLocales)[number],
        },
        values.firstName.trim() === '' ? { firstName: 'admin.user.firstNameRequired' as const } : {},
      ),
    message: (key) => t(key),
    submit: (values) =>
      update.mutate(values, {
        onSuccess: () => {
          onClose();
          notify({ title: t('admin.user.toasts.updated') });
        },
      }),
  });

  return (
    <form className="form" noValidate onSubmit={form.onSubmit}>
      <div className="form__row">
        <TextField label={t('admin.user.firstName')} required maxLength={100} {...form.field('firstName')} />
        <TextField label={t('admin.user.lastName')} maxLength={100} {...form.field('lastName')} />
      </div>
      <div className="field">
        <label htmlFor={localeId}>{t('admin.user.language')}</label>
        <select
          id={localeId}
          name="locale"
          value={form.values.locale}
          onChange={form.field('locale').onChange}
        >
          {accountLocales.map((locale) => (
            <option key={locale} value={locale}>
              {localeLabel(locale)}
            </option>
          ))}
        </select>
      </div>
      {update.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(t, update.error)}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? t('admin.saving') : t('admin.save')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={update.isPending}
          onClick={() => {
            update.reset();
            onClose();
          }}
        >
          {t('admin.cancel')}
        </button>
      </div>
    </form>
  );
}
