import { confirmResetPassword, signOut } from 'aws-amplify/auth';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { passwordMinLength } from '#shared/password-policy';
import { useNotify } from '../../../components/notices.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { defaultAfterSignIn } from '../../../lib/safe-redirect.ts';
import { authErrorKey, isDeadResetCode } from '../lib/auth-errors.ts';
import { clearResetLink, type ResetLink } from '../lib/flow-storage.ts';
import { callbackTargets } from '../lib/run-auth-callback.ts';
import { fieldErrors, resetChangeSchema, type ValidationKey } from '../lib/schemas.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { useAuthErrorNotice } from './use-auth-error-notice.ts';

interface ChangePasswordFormProps {
  /** E-mail and code carried from the e-mailed link (sessionStorage); null when the user types the code. */
  link: ResetLink | null;
  initialEmail: string;
}

/**
 * /reset-password?step=change: new password twice (plus e-mail and code when they did not come with the
 * link), then confirmResetPassword, sign-in with the new password and /resumes.
 */
export function ChangePasswordForm({ link, initialEmail }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const showAuthError = useAuthErrorNotice();
  const { state, refresh } = useAuth();
  const headingId = useId();
  const [email, setEmail] = useState(link?.email ?? initialEmail);
  const [code, setCode] = useState(link?.code ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, ValidationKey>>>({});
  const [pending, setPending] = useState(false);

  const values = { email, code, password, confirmPassword };
  const mismatch = password !== '' && confirmPassword !== '' && password !== confirmPassword;
  const mismatchText = t('auth.validation.passwordsMismatch');

  function reportMismatch() {
    notify({ title: mismatchText, tone: 'error' });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The button stays active, as in the other forms: a failed check marks the fields and focuses the first.
    if (mismatch) {
      reportMismatch();
      focusFirstInvalid(event.currentTarget);
      return;
    }
    const parsed = fieldErrors(resetChangeSchema, values);
    setErrors(parsed.errors ?? {});
    if (!parsed.data) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    const input = parsed.data;

    setPending(true);
    try {
      await confirmResetPassword({
        username: input.email,
        confirmationCode: input.code,
        newPassword: input.password,
      });
    } catch (error) {
      setPending(false);
      if (link && isDeadResetCode(error)) {
        clearResetLink();
        navigate(callbackTargets.resetFailed, { replace: true });
      } else {
        showAuthError(authErrorKey(error, 'reset'));
      }
      return;
    }
    clearResetLink();

    try {
      // Someone else may still be signed in on this browser: the new password is for this account.
      if (state.status === 'signedIn') await signOut().catch(() => undefined);
      const outcome = await signInWithPassword(input.email, input.password);
      if (outcome !== 'signedIn') throw new Error(outcome);
      await refresh();
      navigate(defaultAfterSignIn, { replace: true });
    } catch {
      notify({ title: t('resetPassword.change.changedSignIn') });
      navigate('/auth?view=sign-in', { replace: true });
    }
  }

  const fieldError = (name: string) => {
    const key = errors[name];
    return key ? t(`auth.validation.${key}`) : undefined;
  };

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>{t('resetPassword.change.title')}</h1>
      <p className="muted">
        {link ? t('resetPassword.change.description') : t('resetPassword.change.descriptionWithCode')}
      </p>
      {link ? <p>{t('resetPassword.change.forEmail', { email: link.email })}</p> : null}
      <form className="form" noValidate onSubmit={submit} aria-busy={pending}>
        {link ? null : (
          <>
            <TextField
              label={t('auth.fields.email')}
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fieldError('email')}
            />
            <TextField
              label={t('resetPassword.change.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={fieldError('code')}
            />
          </>
        )}
        <TextField
          label={t('resetPassword.change.newPassword')}
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
        <TextField
          label={t('resetPassword.change.confirmPassword')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          onBlur={() => {
            if (mismatch) reportMismatch();
          }}
          error={mismatch ? mismatchText : fieldError('confirmPassword')}
        />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
          {t('resetPassword.change.submit')}
        </button>
        <Link to="/auth" className="button button--ghost button--block">
          {t('resetPassword.back')}
        </Link>
      </form>
    </section>
  );
}
