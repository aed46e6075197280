import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notices.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { type Me, useMe } from '../../../lib/get-me.ts';
import { useUpdateProfile } from '../api/update-me.ts';
import { type ProfileForm, profileFormSchema } from '../lib/profile-form.ts';

type ProfileErrorKey = 'firstNameRequired' | 'lastNameRequired' | 'tooLong';

function Form({ me }: { me: Me }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { refresh } = useAuth();
  const update = useUpdateProfile();
  const [values, setValues] = useState<ProfileForm>({
    firstName: me.profile?.firstName ?? me.user.firstName,
    lastName: me.profile?.lastName ?? me.user.lastName,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileForm, ProfileErrorKey>>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<keyof ProfileForm, ProfileErrorKey>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ProfileForm;
        next[field] ??= issue.message as ProfileErrorKey;
      }
      setErrors(next);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues({ firstName: saved.user.firstName, lastName: saved.user.lastName });
        notify({ title: t('account.profile.saved') });
        // The server renamed the Cognito user too: new tokens carry the new names for the header.
        void refresh({ forceRefresh: true });
      },
      onError: () => notify({ title: t('account.profile.failed'), tone: 'error' }),
    });
  }

  const error = (field: keyof ProfileForm) => {
    const key = errors[field];
    return key ? t(`account.profile.validation.${key}`) : undefined;
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={update.isPending}>
      <div className="form__row">
        <TextField
          label={t('account.profile.firstName')}
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={100}
          value={values.firstName}
          onChange={(event) => setValues((v) => ({ ...v, firstName: event.target.value }))}
          error={error('firstName')}
        />
        <TextField
          label={t('account.profile.lastName')}
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={100}
          value={values.lastName}
          onChange={(event) => setValues((v) => ({ ...v, lastName: event.target.value }))}
          error={error('lastName')}
        />
      </div>
      {/* Not an input: the address cannot be changed here, so it does not look as if it could. */}
      <dl className="field field--static">
        <dt>{t('account.profile.email')}</dt>
        <dd className="field__value" data-testid="account-email">
          {me.user.email}
        </dd>
        <dd className="field__hint">{t('account.profile.emailHint')}</dd>
      </dl>
      <div>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
          {t('account.profile.save')}
        </button>
      </div>
    </form>
  );
}

/** First and last name (editable) and the e-mail (shown as text: it cannot be changed). */
export function AccountInfoForm() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <SettingsSection title={t('account.profile.title')}>
      {me.isPending ? <p className="muted">{t('app.loading')}</p> : null}
      {me.isError ? (
        <div className="form-error" role="alert">
          <p>{t('account.profile.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void me.refetch()}>
            {t('account.retry')}
          </button>
        </div>
      ) : null}
      {me.data ? <Form key={me.data.user.id} me={me.data} /> : null}
    </SettingsSection>
  );
}
