import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PasswordChangeProblem,
  passwordChangeProblem,
  passwordMinLength,
} from '#shared/password-policy';
import { useNotify } from '../../../components/notices.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { useMe } from '../../../lib/get-me.ts';
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
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = passwordFormErrors(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(empty);
          notify({
            title: t('account.password.changed'),
            description: me.data
              ? t('account.password.changedMail', { email: me.data.user.email })
              : undefined,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INCORRECT_PASSWORD') {
            setErrors({ currentPassword: 'incorrect' });
          } else if (error instanceof ApiError && error.code === 'PASSWORD_TOO_WEAK') {
            const problem = error.issues[0]?.message;
            setErrors({
              newPassword: problem === 'common' || problem === 'same' ? problem : 'tooShort',
            });
          } else {
            setFormError(errorMessage(t, error));
            return;
          }
          focusFirstInvalid(formRef.current);
        },
      },
    );
  }

  const message = (field: Field) => {
    const key = errors[field];
    if (!key) return undefined;
    if (key === 'incorrect') return t('errors.INCORRECT_PASSWORD');
    return t(`account.password.validation.${key}`, { count: passwordMinLength });
  };

  return (
    <SettingsSection title={t('account.password.title')} description={t('account.password.description')}>
      <form
        ref={formRef}
        className="form password-form"
        noValidate
        onSubmit={submit}
        aria-busy={change.isPending}
      >
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
          name="currentPassword"
          autoComplete="current-password"
          required
          maxLength={256}
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={message('currentPassword')}
        />
        <div className="form__row">
          <TextField
            label={t('account.password.new')}
            type="password"
            name="newPassword"
            autoComplete="new-password"
            required
            maxLength={256}
            value={values.newPassword}
            onChange={set('newPassword')}
            hint={t('account.password.hint', { count: passwordMinLength })}
            error={message('newPassword')}
          />
          <TextField
            label={t('account.password.confirm')}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            maxLength={256}
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={message('confirmPassword')}
          />
        </div>
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
            {t('account.password.submit')}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
