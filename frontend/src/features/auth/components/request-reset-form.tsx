import { resetPassword } from 'aws-amplify/auth';
import { type FormEvent, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './auth-extras.css';
import { TextField } from '../../../components/text-field.tsx';
import { useConfig } from '../../../config/config-context.tsx';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { authErrorKey, authErrorName } from '../lib/auth-errors.ts';
import { clearResetLink } from '../lib/flow-storage.ts';
import { fieldErrors, resetRequestSchema, type ValidationKey } from '../lib/schemas.ts';
import { OutboxLink } from './outbox-link.tsx';
import { useAuthErrorNotice } from './use-auth-error-notice.ts';

/** Step one of /reset-password: the e-mail, then the 'check your email' state with a way back to login. */
export function RequestResetForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const headingId = useId();
  const showAuthError = useAuthErrorNotice();
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<Partial<Record<string, ValidationKey>>>({});
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = fieldErrors(resetRequestSchema, { email });
    setErrors(parsed.errors ?? {});
    if (!parsed.data) {
      focusFirstInvalid(event.currentTarget);
      return;
    }

    setPending(true);
    // A new mail makes any earlier link's code useless.
    clearResetLink();
    try {
      await resetPassword({ username: parsed.data.email });
      setSentTo(parsed.data.email);
    } catch (error) {
      // An unknown address gets the same answer as a known one: the page does not reveal who has an account.
      if (authErrorName(error) === 'UserNotFoundException') setSentTo(parsed.data.email);
      else showAuthError(authErrorKey(error, 'resetRequest'));
    } finally {
      setPending(false);
    }
  }

  if (sentTo !== null) {
    return (
      <section aria-labelledby={headingId} className="stack">
        <h1 id={headingId}>{t('resetPassword.sent.title')}</h1>
        <p role="status">{t('resetPassword.sent.description')}</p>
        <p className="muted">{t('resetPassword.sent.sentTo', { email: sentTo })}</p>
        <p>{t('resetPassword.sent.codeHint')}</p>
        {config.stage === 'local' ? (
          <p className="hint-box">
            <Trans i18nKey="resetPassword.sent.localHint" components={{ outbox: <OutboxLink /> }} />
          </p>
        ) : null}
        <Link
          to="/reset-password?step=change"
          state={{ email: sentTo }}
          className="button button--secondary button--block"
        >
          {t('resetPassword.sent.enterCode')}
        </Link>
        <Link to="/auth" className="button button--primary button--block">
          {t('resetPassword.backToLogin')}
        </Link>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>{t('resetPassword.title')}</h1>
      <p className="muted">{t('resetPassword.description')}</p>
      <form className="form" noValidate onSubmit={submit} aria-busy={pending}>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email ? t(`auth.validation.${errors.email}`) : undefined}
        />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
          {t('resetPassword.submit')}
        </button>
        <p className="auth__forgot">
          <Link to="/reset-password?step=change" state={{ email: email.trim() }}>
            {t('resetPassword.haveCode')}
          </Link>
        </p>
        <Link to="/auth" className="button button--ghost button--block">
          {t('resetPassword.back')}
        </Link>
      </form>
    </section>
  );
}
