import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './auth-extras.css';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useForm } from '../../../lib/use-form.ts';
import { authErrorKey } from '../lib/auth-errors.ts';
import { fieldErrors, signInSchema } from '../lib/schemas.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { EmailField, PasswordField } from './auth-fields.tsx';
import { useAuthErrorNotice } from './use-auth-error-notice.ts';

interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: () => Promise<void>;
  onNeedsConfirmation: (credentials: { email: string; password: string }) => void;
}

export function SignInForm({ email, onEmailChange, onSignedIn, onNeedsConfirmation }: SignInFormProps) {
  const { t } = useTranslation();
  const showAuthError = useAuthErrorNotice();
  const [unsupported, setUnsupported] = useState(false);
  const form = useForm({
    initial: { password: '' },
    // The e-mail is the panel's: it carries over between the sign-in and sign-up tabs.
    check: (values) => fieldErrors(signInSchema, { email, ...values }),
    message: (key) => t(`auth.validation.${key}`),
    onStart: () => setUnsupported(false),
    submit: async (credentials) => {
      try {
        const outcome = await signInWithPassword(credentials.email, credentials.password);
        if (outcome === 'signedIn') await onSignedIn();
        else if (outcome === 'needsConfirmation') onNeedsConfirmation(credentials);
        else setUnsupported(true);
      } catch (error) {
        showAuthError(authErrorKey(error, 'signIn'));
      }
    },
  });

  return (
    <form className="form" noValidate onSubmit={form.onSubmit} aria-busy={form.pending}>
      <EmailField
        autoComplete="username"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={form.error('email')}
      />
      <PasswordField
        label={t('auth.fields.password')}
        autoComplete="current-password"
        {...form.field('password')}
      />
      <p className="auth__forgot">
        <Link to="/reset-password" state={{ email: email.trim() }}>
          {t('auth.forgotPassword')}
        </Link>
      </p>
      {unsupported ? (
        <p className="form-error" role="alert">
          {t('auth.errors.unsupportedStep')}
        </p>
      ) : null}
      <SubmitButton pending={form.pending} block>
        {t('auth.signIn.submit')}
      </SubmitButton>
    </form>
  );
}
