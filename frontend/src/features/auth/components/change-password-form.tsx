import { confirmResetPassword, signOut } from 'aws-amplify/auth';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useNotify } from '../../../components/notices.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { defaultAfterSignIn } from '../../../lib/safe-redirect.ts';
import { useForm } from '../../../lib/use-form.ts';
import { authErrorKey, isDeadResetCode } from '../lib/auth-errors.ts';
import { clearResetLink, type ResetLink } from '../lib/flow-storage.ts';
import { callbackTargets } from '../lib/run-auth-callback.ts';
import { fieldErrors, resetChangeSchema } from '../lib/schemas.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { CodeField, EmailField, NewPasswordField, PasswordField } from './auth-fields.tsx';
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
  const form = useForm({
    initial: {
      email: link?.email ?? initialEmail,
      code: link?.code ?? '',
      password: '',
      confirmPassword: '',
    },
    check: (values) => fieldErrors(resetChangeSchema, values),
    message: (key) => t(`auth.validation.${key}`),
    submit: async (input) => {
      try {
        await confirmResetPassword({
          username: input.email,
          confirmationCode: input.code,
          newPassword: input.password,
        });
      } catch (error) {
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
    },
  });
  const { password, confirmPassword } = form.values;
  const mismatch = password !== '' && confirmPassword !== '' && password !== confirmPassword;
  const mismatchText = t('auth.validation.passwordsMismatch');

  function reportMismatch() {
    notify({ title: mismatchText, tone: 'error' });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // The button stays active, as in the other forms: a failed check marks the fields and focuses the first.
    if (!mismatch) return form.onSubmit(event);
    event.preventDefault();
    reportMismatch();
    focusFirstInvalid(event.currentTarget);
  }

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>{t('resetPassword.change.title')}</h1>
      <p className="muted">
        {link ? t('resetPassword.change.description') : t('resetPassword.change.descriptionWithCode')}
      </p>
      {link ? <p>{t('resetPassword.change.forEmail', { email: link.email })}</p> : null}
      <form className="form" noValidate onSubmit={submit} aria-busy={form.pending}>
        {link ? null : (
          <>
            <EmailField autoComplete="username" {...form.field('email')} />
            <CodeField label={t('resetPassword.change.code')} {...form.field('code')} />
          </>
        )}
        <NewPasswordField label={t('resetPassword.change.newPassword')} {...form.field('password')} />
        <PasswordField
          label={t('resetPassword.change.confirmPassword')}
          autoComplete="new-password"
          {...form.field('confirmPassword')}
          onBlur={() => {
            if (mismatch) reportMismatch();
          }}
          error={mismatch ? mismatchText : form.error('confirmPassword')}
        />
        <SubmitButton pending={form.pending} block>
          {t('resetPassword.change.submit')}
        </SubmitButton>
        <Link to="/auth" className="button button--ghost button--block">
          {t('resetPassword.back')}
        </Link>
      </form>
    </section>
  );
}
