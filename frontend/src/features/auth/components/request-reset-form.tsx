import { resetPassword } from 'aws-amplify/auth';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './auth-extras.css';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useConfig } from '../../../config/config-context.tsx';
import { useForm } from '../../../lib/use-form.ts';
import { authErrorKey, authErrorName } from '../lib/auth-errors.ts';
import { clearResetLink } from '../lib/flow-storage.ts';
import { fieldErrors, resetRequestSchema } from '../lib/schemas.ts';
import { EmailField } from './auth-fields.tsx';
import { OutboxLink } from './outbox-link.tsx';
import { useAuthErrorNotice } from './use-auth-error-notice.ts';

/** Step one of /reset-password: the e-mail, then the 'check your email' state with a way back to login. */
export function RequestResetForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const headingId = useId();
  const showAuthError = useAuthErrorNotice();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: { email: initialEmail },
    check: (values) => fieldErrors(resetRequestSchema, values),
    message: (key) => t(`auth.validation.${key}`),
    submit: async ({ email }) => {
      // A new mail makes any earlier link's code useless.
      clearResetLink();
      try {
        await resetPassword({ username: email });
        setSentTo(email);
      } catch (error) {
        // An unknown address gets the same answer as a known one: the page does not reveal who has an account.
        if (authErrorName(error) === 'UserNotFoundException') setSentTo(email);
        else showAuthError(authErrorKey(error, 'resetRequest'));
      }
    },
  });

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
      <form className="form" noValidate onSubmit={form.onSubmit} aria-busy={form.pending}>
        <EmailField autoComplete="email" {...form.field('email')} />
        <SubmitButton pending={form.pending} block>
          {t('resetPassword.submit')}
        </SubmitButton>
        <p className="auth__forgot">
          <Link to="/reset-password?step=change" state={{ email: form.values.email.trim() }}>
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
