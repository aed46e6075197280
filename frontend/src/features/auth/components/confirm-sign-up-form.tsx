import { confirmSignUp } from 'aws-amplify/auth';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field.tsx';
import { useConfig } from '../../../config/config-context.tsx';
import { markSignUpConfirmed } from '../../analytics/index.ts';
import { authErrorKey } from '../lib/auth-errors.ts';
import { confirmSignUpSchema, fieldErrors, type ValidationKey } from '../lib/schemas.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
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
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, ValidationKey>>>({});
  const [pending, setPending] = useState(false);

  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = fieldErrors(confirmSignUpSchema, { code });
    setErrors(parsed.errors ?? {});
    if (!parsed.data) return;

    setPending(true);
    try {
      await confirmSignUp({ username: email, confirmationCode: parsed.data.code });
      markSignUpConfirmed();
    } catch (error) {
      showAuthError(authErrorKey(error, 'confirm'));
      setPending(false);
      return;
    }
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

  const codeError = errors.code ? t(`auth.validation.${errors.code}`) : undefined;

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
      <form ref={formRef} className="form" noValidate onSubmit={submit} aria-busy={pending}>
        <TextField
          label={t('auth.fields.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={codeError}
        />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
          {t('auth.confirm.submit')}
        </button>
        <button type="button" className="button button--ghost button--block" onClick={onBack}>
          {t('auth.confirm.back')}
        </button>
      </form>
    </section>
  );
}
