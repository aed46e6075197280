import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { useSyncState } from '../hooks/use-resume-session.ts';
import type { SyncEngine } from '../store/sync-engine.ts';

function formatTime(iso: string | null, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date);
}

/** Saving / saved / error saving (spec section 4), with a retry, and the offline and limit cases spelled out. */
export function SyncStatus({ engine }: { engine: SyncEngine }) {
  const { t, i18n } = useTranslation();
  const upgrade = useUpgradePath();
  const status = useSyncState((s) => s.status);
  const error = useSyncState((s) => s.syncError);
  const retrying = useSyncState((s) => s.retrying);
  const time = useSyncState((s) => s.lastSyncTimestamp);
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;

  const resumeId = useSyncState((s) => s.resumeId);
  let text = '';
  if (status === 'idle') text = resumeId ? t('builder.status.allSaved') : t('builder.status.notYetSaved');
  else if (status === 'pending') text = t('builder.status.saving');
  else if (status === 'saved') {
    const at = formatTime(time, i18n.language);
    text = at ? t('builder.status.savedAt', { time: at }) : t('builder.status.saved');
  } else if (status === 'conflict') text = t('builder.status.conflict');
  else if (status === 'error') text = offline ? t('builder.status.offline') : t('builder.status.error');

  return (
    <div className={`sync-status sync-status--${status}`}>
      <span className="sync-status__dot" aria-hidden="true" />
      <span role="status" className="sync-status__text" title={text}>
        {text}
      </span>
      {status === 'error' && error === 'RESUME_LIMIT_REACHED' ? (
        <span className="sync-status__detail">
          {t('builder.status.limit')}{' '}
          <Link to={upgrade} className="link">
            {t('builder.upgrade')}
          </Link>
        </span>
      ) : null}
      {status === 'error' && error && error !== 'RESUME_LIMIT_REACHED' && !offline ? (
        <span className="sync-status__detail">
          {errorMessage(t, new ApiError({ code: error, status: 0 }))}
        </span>
      ) : null}
      {status === 'error' && !retrying ? (
        <button type="button" className="button button--ghost button--small" onClick={() => engine.retry()}>
          {t('builder.status.retry')}
        </button>
      ) : null}
      {status === 'error' && retrying ? (
        <button type="button" className="button button--ghost button--small" onClick={() => engine.retry()}>
          {t('builder.status.retryNow')}
        </button>
      ) : null}
    </div>
  );
}
