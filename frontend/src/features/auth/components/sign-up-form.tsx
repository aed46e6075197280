import { signUp } from 'aws-amplify/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field.tsx';
import { cognitoLocale } from '../../../i18n/languages.ts';
import { type AuthErrorKey, authErrorKey } from '../lib/auth-errors.ts';
import { fieldErrors, signUpSchema, type ValidationKey } from '../lib/schemas.ts';
import { signInWithPassword } from '../lib/sign-in.ts';

interface SignUpFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: () => Promise<void>;
  onNeedsConfirmation: (credentials: { email: string; password: string }) => void;
  onSignInInstead: () => void;
}

export function SignUpForm({
  email,
  onEmailChange,
  onSignedIn,
  onNeedsConfirmation,
  onSignInInstead,
}: SignUpFormProps) {
  const { t, i18n } = useTranslation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, ValidationKey>>>({});
  const [failure, setFailure] = useState<AuthErrorKey | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = fieldErrors(signUpSchema, { firstName, lastName, email, password });
    setErrors(parsed.errors ?? {});
    if (!parsed.data) return;
    const input = parsed.data;

    setPending(true);
    try {
      const result = await signUp({
        username: input.email,
        password: input.password,
        options: {
          userAttributes: {
            email: input.email,
            given_name: input.firstName,
            family_name: input.lastName,
            locale: cognitoLocale(i18n.language),
          },
        },
      });
      const credentials = { email: input.email, password: input.password };
      if (result.nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        onNeedsConfirmation(credentials);
      } else {
        // Already confirmed (e.g. by a pre-sign-up trigger): sign in straight away.
        const outcome = await signInWithPassword(input.email, input.password);
        if (outcome === 'signedIn') await onSignedIn();
        else onNeedsConfirmation(credentials);
      }
    } catch (error) {
      setFailure(authErrorKey(error, 'signUp'));
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
      <div className="form__row">
        <TextField
          label={t('auth.fields.firstName')}
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={100}
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={fieldError('firstName')}
        />
        <TextField
          label={t('auth.fields.lastName')}
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={100}
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={fieldError('lastName')}
        />
      </div>
      <TextField
        label={t('auth.fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={fieldError('email')}
      />
      <TextField
        label={t('auth.fields.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={6}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={t('auth.signUp.passwordHint')}
        error={fieldError('password')}
      />
      {failure ? (
        <div className="form-error" role="alert">
          <p>{t(failure)}</p>
          {failure === 'auth.errors.emailExists' ? (
            <button type="button" className="button button--secondary" onClick={onSignInInstead}>
              {t('auth.signUp.signInInstead')}
            </button>
          ) : null}
        </div>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
        {t('auth.signUp.submit')}
      </button>
    </form>
  );
}
