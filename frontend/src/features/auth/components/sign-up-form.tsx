import { signUp } from 'aws-amplify/auth';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../../components/name-fields.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import {
  cognitoLocale,
  type Language,
  supportedLanguages,
  toSupportedLanguage,
} from '../../../i18n/languages.ts';
import { useForm } from '../../../lib/use-form.ts';
import { authErrorKey } from '../lib/auth-errors.ts';
import { fieldErrors, signUpSchema } from '../lib/schemas.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { EmailField, NewPasswordField } from './auth-fields.tsx';
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
  const [emailExists, setEmailExists] = useState(false);
  const form = useForm({
    initial: { firstName: '', lastName: '', password: '' },
    // The e-mail is the panel's: it carries over between the sign-in and sign-up tabs.
    check: (values) => fieldErrors(signUpSchema, { ...values, email }),
    message: (key) => t(`auth.validation.${key}`),
    onStart: () => setEmailExists(false),
    submit: async (input) => {
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
      }
    },
  });

  return (
    <form className="form" noValidate onSubmit={form.onSubmit} aria-busy={form.pending}>
      <NameFields
        firstName={{ label: t('auth.fields.firstName'), ...form.field('firstName') }}
        lastName={{ label: t('auth.fields.lastName'), ...form.field('lastName') }}
      />
      <EmailField
        autoComplete="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={form.error('email')}
      />
      <NewPasswordField label={t('auth.fields.password')} {...form.field('password')} />
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
      <SubmitButton pending={form.pending} block>
        {t('auth.signUp.submit')}
      </SubmitButton>
    </form>
  );
}
