import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PasswordChangeProblem,
  passwordChangeProblem,
  passwordMinLength,
} from '#shared/password-policy';
import { useNotify } from '../../../components/notices.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useMe } from '../../../lib/get-me.ts';
import { checked, useForm } from '../../../lib/use-form.ts';
import { useChangePassword } from '../api/change-password.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
/** Keys under `account.password.validation`, and the server's INCORRECT_PASSWORD. */
type FieldError = 'currentRequired' | PasswordChangeProblem | 'mismatch' | 'incorrect';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The first problem of each field, in the order the form reads. */
export function passwordFormErrors(values: typeof empty): Partial<Record<Field, FieldError>> {
  const errors: Partial<Record<Field, FieldError>> = {};
  if (values.currentPassword === '') errors.currentPassword = 'currentRequired';
  const problem = passwordChangeProblem(values.currentPassword, values.newPassword);
  if (problem) errors.newPassword = problem;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'mismatch';
  return errors;
}

/**
 * Change the password (current one, a new one by the policy, typed twice) through the API, which asks
 * Cognito with the user's session and e-mails them that it changed. The user stays signed in here.
 */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const notify = useNotify();
  const me = useMe();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initial: empty,
    check: (values) => checked(values, passwordFormErrors(values)),
    message: (key: FieldError) =>
      key === 'incorrect'
        ? t('errors.INCORRECT_PASSWORD')
        : t(`account.password.validation.${key}`, { count: passwordMinLength }),
    onStart: () => setFormError(null),
    submit: (values, element) =>
      change.mutate(
        { currentPassword: values.currentPassword, newPassword: values.newPassword },
        {
          onSuccess: () => {
            form.setValues(empty);
            notify({
              title: t('account.password.changed'),
              description: me.data
                ? t('account.password.changedMail', { email: me.data.user.email })
                : undefined,
            });
          },
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'INCORRECT_PASSWORD') {
              form.refuse({ currentPassword: 'incorrect' }, element);
            } else if (error instanceof ApiError && error.code === 'PASSWORD_TOO_WEAK') {
              const problem = error.issues[0]?.message;
              form.refuse(
                { newPassword: problem === 'common' || problem === 'same' ? problem : 'tooShort' },
                element,
              );
            } else {
              setFormError(errorMessage(t, error));
            }
          },
        },
      ),
  });

  return (
    <SettingsSection title={t('account.password.title')} description={t('account.password.description')}>
      <form className="form password-form" noValidate onSubmit={form.onSubmit} aria-busy={change.isPending}>
        {/* The account's e-mail, for password managers: they save the new password under it. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={me.data?.user.email ?? ''}
          readOnly
          hidden
        />
        <TextField
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          required
          maxLength={256}
          {...form.field('currentPassword')}
        />
        <div className="form__row">
          <TextField
            label={t('account.password.new')}
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
            {...form.field('newPassword')}
            hint={t('account.password.hint', { count: passwordMinLength })}
          />
          <TextField
            label={t('account.password.confirm')}
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
            {...form.field('confirmPassword')}
          />
        </div>
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div>
          <SubmitButton pending={change.isPending}>{t('account.password.submit')}</SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
