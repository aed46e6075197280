import { signUp } from 'aws-amplify/auth';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordMinLength } from '#shared/password-policy';
import { TextField } from '../../../components/text-field.tsx';
import {
  cognitoLocale,
  type Language,
  supportedLanguages,
  toSupportedLanguage,
} from '../../../i18n/languages.ts';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { authErrorKey } from '../lib/auth-errors.ts';
import { fieldErrors, signUpSchema, type ValidationKey } from '../lib/schemas.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { useAuthErrorNotice } from './use-auth-error-notice.ts';

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
  const showAuthError = useAuthErrorNotice();
  const languageId = useId();
  const [language, setLanguage] = useState<Language>(
    () => toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en-US',
  );
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, ValidationKey>>>({});
  const [emailExists, setEmailExists] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setEmailExists(false);
    const parsed = fieldErrors(signUpSchema, { firstName, lastName, email, password });
    setErrors(parsed.errors ?? {});
    if (!parsed.data) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
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
            locale: cognitoLocale(language),
            // The host the user signed up on: links in our e-mails lead back to it (and its language).
            'custom:preferred_domain': window.location.host,
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
      const key = authErrorKey(error, 'signUp');
      if (key === 'auth.errors.emailExists') setEmailExists(true);
      else showAuthError(key);
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
        minLength={passwordMinLength}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={t('auth.signUp.passwordHint')}
        error={fieldError('password')}
      />
      <div className="field">
        <label htmlFor={languageId}>{t('auth.fields.language')}</label>
        <select
          id={languageId}
          name="language"
          value={language}
          onChange={(event) => setLanguage(event.target.value as Language)}
        >
          {supportedLanguages.map((option) => (
            <option key={option} value={option}>
              {t(`auth.languages.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {emailExists ? (
        <div className="form-error" role="alert">
          <p>{t('auth.errors.emailExists')}</p>
          <button type="button" className="button button--secondary" onClick={onSignInInstead}>
            {t('auth.signUp.signInInstead')}
          </button>
        </div>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
        {t('auth.signUp.submit')}
      </button>
    </form>
  );
}
