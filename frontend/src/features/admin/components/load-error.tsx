import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';

/** A query that failed: the screen's own sentence, the server's reason, and a retry. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-error" role="alert">
      <p className="admin-error__title">{title}</p>
      <p className="muted">{errorMessage(t, error)}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('admin.retry')}
        </button>
      ) : null}
    </div>
  );
}
