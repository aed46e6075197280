import { useTranslation } from 'react-i18next';
import { NameFields } from '../../../components/name-fields.tsx';
import { useNotify } from '../../../components/notices.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { type Me, useMe } from '../../../lib/get-me.ts';
import { schemaCheck, useForm } from '../../../lib/use-form.ts';
import { useUpdateProfile } from '../api/update-me.ts';
import { profileFormSchema } from '../lib/profile-form.ts';

type ProfileErrorKey = 'firstNameRequired' | 'lastNameRequired' | 'tooLong';

function Form({ me }: { me: Me }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { refresh } = useAuth();
  const update = useUpdateProfile();
  const form = useForm({
    initial: {
      firstName: me.profile?.firstName ?? me.user.firstName,
      lastName: me.profile?.lastName ?? me.user.lastName,
    },
    check: (values) => schemaCheck(profileFormSchema, values, (message) => message as ProfileErrorKey),
    message: (key) => t(`account.profile.validation.${key}`),
    submit: (data) =>
      update.mutate(data, {
        onSuccess: (saved) => {
          form.setValues({ firstName: saved.user.firstName, lastName: saved.user.lastName });
          notify({ title: t('account.profile.saved') });
          // The server renamed the Cognito user too: new tokens carry the new names for the header.
          void refresh({ forceRefresh: true });
        },
        onError: () => notify({ title: t('account.profile.failed'), tone: 'error' }),
      }),
  });

  return (
    <form className="form" noValidate onSubmit={form.onSubmit} aria-busy={update.isPending}>
      <NameFields
        firstName={{ label: t('account.profile.firstName'), ...form.field('firstName') }}
        lastName={{ label: t('account.profile.lastName'), ...form.field('lastName') }}
      />
      {/* Not an input: the address cannot be changed here, so it does not look as if it could. */}
      <dl className="field field--static">
        <dt>{t('account.profile.email')}</dt>
        <dd className="field__value" data-testid="account-email">
          {me.user.email}
        </dd>
        <dd className="field__hint">{t('account.profile.emailHint')}</dd>
      </dl>
      <div>
        <SubmitButton pending={update.isPending}>{t('account.profile.save')}</SubmitButton>
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
