import { useTranslation } from 'react-i18next';

/** The outcome a redirect to /auth reports in its query: `error=verification_failed|reset_failed`, `confirmed=1`. */
export function AuthQueryMessage({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation();
  const error = params.get('error');
  if (error === 'verification_failed' || error === 'reset_failed') {
    return (
      <p className="form-error" role="alert">
        {t(
          error === 'verification_failed' ? 'auth.messages.verificationFailed' : 'auth.messages.resetFailed',
        )}
      </p>
    );
  }
  if (params.get('confirmed') === '1') {
    return (
      <p className="form-notice" role="status">
        {t('auth.confirm.confirmedSignIn')}
      </p>
    );
  }
  return null;
}
