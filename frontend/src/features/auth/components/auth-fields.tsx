import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordMinLength } from '#shared/password-policy';
import { TextField } from '../../../components/text-field.tsx';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'autoComplete'>;

/** The e-mail address; `autoComplete` says whether it names an account (username) or a new one (email). */
export function EmailField(props: FieldProps & { autoComplete: 'username' | 'email' }) {
  const { t } = useTranslation();
  return <TextField label={t('auth.fields.email')} type="email" name="email" required {...props} />;
}

/** A password; `autoComplete` tells a password manager whether to fill it or to offer a new one. */
export function PasswordField(
  props: FieldProps & { label: string; autoComplete: 'current-password' | 'new-password' },
) {
  return <TextField type="password" required {...props} />;
}

/** A new password, with the policy as its hint. */
export function NewPasswordField(props: FieldProps & { label: string }) {
  const { t } = useTranslation();
  return (
    <PasswordField
      name="password"
      autoComplete="new-password"
      minLength={passwordMinLength}
      hint={t('auth.signUp.passwordHint')}
      {...props}
    />
  );
}

/** The code from the e-mail. */
export function CodeField({ label, ...props }: FieldProps & { label: string }) {
  return (
    <TextField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      {...props}
    />
  );
}
