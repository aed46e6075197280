import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './auth-extras.css';
import { TextField } from '../../../components/text-field.tsx';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { authErrorKey } from '../lib/auth-errors.ts';
import { fieldErrors, signInSchema, type ValidationKey } from '../lib/schemas.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
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
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, ValidationKey>>>({});
  const [unsupported, setUnsupported] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setUnsupported(false);
    const parsed = fieldErrors(signInSchema, { email, password });
    setErrors(parsed.errors ?? {});
    if (!parsed.data) {
      focusFirstInvalid(event.currentTarget);
      return;
    }

    setPending(true);
    try {
      const outcome = await signInWithPassword(parsed.data.email, parsed.data.password);
      if (outcome === 'signedIn') await onSignedIn();
      else if (outcome === 'needsConfirmation') onNeedsConfirmation(parsed.data);
      else setUnsupported(true);
    } catch (error) {
      showAuthError(authErrorKey(error, 'signIn'));
    } finally {
      setPending(false);
    }
  }

  const fieldError = (name: string) => {
    const key = errors[name];
    return key ? t(`auth.validation.${key}`) : undefined;
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={pending}>
      <TextField
        label={t('auth.fields.email')}
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={fieldError('email')}
      />
      <TextField
        label={t('auth.fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldError('password')}
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
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
        {t('auth.signIn.submit')}
      </button>
    </form>
  );
}
