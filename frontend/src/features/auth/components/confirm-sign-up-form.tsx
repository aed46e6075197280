import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useConfig } from '../../../config/config-context.tsx';
import { useForm } from '../../../lib/use-form.ts';
import { markSignUpConfirmed } from '../../analytics/index.ts';
import { type AuthErrorKey, authErrorKey } from '../lib/auth-errors.ts';
import { confirmSignUpSchema, fieldErrors } from '../lib/schemas.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { CodeField } from './auth-fields.tsx';
import { OutboxLink } from './outbox-link.tsx';
import { useAuthErrorNotice } from './use-auth-error-notice.ts';

interface ConfirmSignUpFormProps {
  email: string;
  password: string;
  onSignedIn: () => Promise<void>;
  /** Confirmed, but the automatic sign-in did not go through: the user signs in by hand. */
  onConfirmedWithoutSession: () => void;
  onBack: () => void;
}

/** Seconds between two codes: the first was just sent, and Cognito limits how often one may be asked for. */
export const resendCooldownSeconds = 30;

/** The answer to the last resend, shown under the form until the next one. */
type ResendOutcome = { kind: 'sent' } | { kind: 'failed'; key: AuthErrorKey | 'auth.confirm.resendFailed' };

export function ConfirmSignUpForm({
  email,
  password,
  onSignedIn,
  onConfirmedWithoutSession,
  onBack,
}: ConfirmSignUpFormProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const showAuthError = useAuthErrorNotice();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [alreadyConfirmed, setAlreadyConfirmed] = useState(false);
  const [resend, setResend] = useState<ResendOutcome | null>(null);
  const [resending, setResending] = useState(false);
  const [cooldown, setCooldown] = useState(resendCooldownSeconds);

  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  // One tick a second while the cooldown runs; the effect restarts with each new value, so it stops at 0.
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const form = useForm({
    initial: { code: '' },
    check: (values) => fieldErrors(confirmSignUpSchema, values),
    message: (key) => t(`auth.validation.${key}`),
    submit: async ({ code }) => {
      try {
        await confirmSignUp({ username: email, confirmationCode: code });
        markSignUpConfirmed();
      } catch (error) {
        const key = authErrorKey(error, 'confirm');
        // Not a failure to report: the account is confirmed, so the page offers the way in instead.
        if (key === 'auth.errors.alreadyConfirmed') setAlreadyConfirmed(true);
        else showAuthError(key);
        return;
      }
      await signInAfterConfirmation();
    },
  });
  const { pending, setPending } = form;

  async function signInAfterConfirmation() {
    try {
      const outcome = await signInWithPassword(email, password);
      if (outcome === 'signedIn') await onSignedIn();
      else onConfirmedWithoutSession();
    } catch {
      onConfirmedWithoutSession();
    } finally {
      setPending(false);
    }
  }

  async function resendCode() {
    setResending(true);
    try {
      await resendSignUpCode({ username: email });
      setResend({ kind: 'sent' });
      setCooldown(resendCooldownSeconds);
    } catch (error) {
      const key = authErrorKey(error, 'confirm');
      if (key === 'auth.errors.alreadyConfirmed') setAlreadyConfirmed(true);
      setResend({ kind: 'failed', key: key === 'errors.generic' ? 'auth.confirm.resendFailed' : key });
    } finally {
      setResending(false);
    }
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('auth.confirm.title')}</h2>
      <p>{t('auth.confirm.description')}</p>
      <p className="muted">{t('auth.confirm.sentTo', { email })}</p>
      {config.stage === 'local' ? (
        <p className="hint-box">
          <Trans i18nKey="auth.confirm.localHint" components={{ outbox: <OutboxLink /> }} />
        </p>
      ) : null}
      {alreadyConfirmed ? (
        <div className="form-notice" role="status">
          <p>{t('auth.errors.alreadyConfirmed')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={pending}
            onClick={() => {
              setPending(true);
              void signInAfterConfirmation();
            }}
          >
            {t('auth.confirm.signIn')}
          </button>
        </div>
      ) : null}
      <form ref={formRef} className="form" noValidate onSubmit={form.onSubmit} aria-busy={pending}>
        <CodeField label={t('auth.fields.code')} {...form.field('code')} />
        <SubmitButton pending={pending} block>
          {t('auth.confirm.submit')}
        </SubmitButton>
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={resendCode}
          disabled={resending || cooldown > 0 || alreadyConfirmed}
        >
          {cooldown > 0 ? t('auth.confirm.resendIn', { count: cooldown }) : t('auth.confirm.resend')}
        </button>
        {resend?.kind === 'sent' ? (
          <p className="form-notice" role="status">
            {t('auth.confirm.resent', { email })}
          </p>
        ) : null}
        {resend?.kind === 'failed' && !alreadyConfirmed ? (
          <p className="form-error" role="alert">
            {t(resend.key)}
          </p>
        ) : null}
        <button type="button" className="button button--ghost button--block" onClick={onBack}>
          {t('auth.confirm.back')}
        </button>
      </form>
    </section>
  );
}
