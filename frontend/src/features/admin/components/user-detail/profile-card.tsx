import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountLocales } from '#shared/account';
import { useNotify } from '../../../../components/notices.tsx';
import { errorMessage } from '../../../../lib/error-message.ts';
import { focusFirstInvalid } from '../../../../lib/focus.ts';
import { useUpdateUser } from '../../api/update-user.ts';
import { useFormat } from '../../lib/format.ts';
import type { User } from './user.ts';

/** The user's profile: facts at a glance, and for staff who may edit users, a form for names and language. */
export function ProfileCard({ user, editable }: { user: User; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const notify = useNotify();
  const update = useUpdateUser(user.id);
  const [editing, setEditing] = useState(false);
  const [firstNameMissing, setFirstNameMissing] = useState(false);
  const ids = { first: useId(), last: useId(), locale: useId(), firstError: useId() };
  // The platform names languages in the reader's language ("English", "inglês").
  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const localeLabel = (locale: string) => {
    try {
      return languageNames.of(locale) ?? locale;
    } catch {
      return locale;
    }
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const firstName = String(form.get('firstName') ?? '').trim();
    // The app's own message in the reader's language (not the browser's), and the focus on the field.
    setFirstNameMissing(firstName === '');
    if (firstName === '') {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    update.mutate(
      {
        firstName,
        lastName: String(form.get('lastName') ?? ''),
        locale: form.get('locale') as (typeof accountLocales)[number],
      },
      {
        onSuccess: () => {
          setEditing(false);
          notify({ title: t('admin.user.toasts.updated') });
        },
      },
    );
  }

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
        <form className="form" noValidate onSubmit={onSubmit}>
          <div className="form__row">
            <div className="field">
              <label htmlFor={ids.first}>{t('admin.user.firstName')}</label>
              <input
                id={ids.first}
                name="firstName"
                defaultValue={user.firstName}
                required
                maxLength={100}
                aria-invalid={firstNameMissing || undefined}
                aria-describedby={firstNameMissing ? ids.firstError : undefined}
              />
              {firstNameMissing ? (
                <p id={ids.firstError} className="field__error">
                  {t('admin.user.firstNameRequired')}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={ids.last}>{t('admin.user.lastName')}</label>
              <input id={ids.last} name="lastName" defaultValue={user.lastName} maxLength={100} />
            </div>
          </div>
          <div className="field">
            <label htmlFor={ids.locale}>{t('admin.user.language')}</label>
            <select
              id={ids.locale}
              name="locale"
              defaultValue={(accountLocales as readonly string[]).includes(user.locale) ? user.locale : 'en'}
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
                setFirstNameMissing(false);
                setEditing(false);
              }}
            >
              {t('admin.cancel')}
            </button>
          </div>
        </form>
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
