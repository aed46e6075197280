import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ChangePasswordForm, RequestResetForm, readResetLink } from '../../features/auth/reset-password.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

function stateEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * /reset-password: step one asks for the e-mail and sends the reset mail; `?step=change` sets the new
 * password, with the code from the e-mailed link (carried in sessionStorage) or typed by the user.
 */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const changing = params.get('step') === 'change';
  const [link] = useState(readResetLink);
  const initialEmail = stateEmail(location.state);
  useDocumentTitle(changing ? t('resetPassword.change.title') : t('resetPassword.title'));

  return (
    <div className="card card--narrow auth">
      {changing ? (
        <ChangePasswordForm key="change" link={link} initialEmail={initialEmail} />
      ) : (
        <RequestResetForm key="request" initialEmail={initialEmail} />
      )}
    </div>
  );
}
