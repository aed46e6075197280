import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImpersonationSession } from '#shared/admin';
import { onImpersonationRefused } from '../../../lib/api-client.ts';
import { useEndImpersonation } from '../hooks/use-impersonation.ts';
import './impersonation-banner.css';

/**
 * Sticky at the top of the app while a staff member views the app as another user: who, that it is
 * read-only, until when, and the way out. The session also ends at its expiry and whenever the server
 * refuses it.
 */
export function ImpersonationBanner({ session }: { session: ImpersonationSession }) {
  const { t, i18n } = useTranslation();
  const end = useEndImpersonation();

  useEffect(() => onImpersonationRefused(() => void end('refused')), [end]);

  useEffect(() => {
    const left = Date.parse(session.expiresAt) - Date.now();
    const timer = setTimeout(() => void end('expired'), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [session.expiresAt, end]);

  const until = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(session.expiresAt),
  );

  return (
    <div className="impersonation-banner" role="status">
      <span className="impersonation-banner__icon" aria-hidden="true">
        !
      </span>
      <p className="impersonation-banner__text">
        {t('shell.impersonation.banner', {
          name: session.targetName || session.targetEmail,
          email: session.targetEmail,
          time: until,
        })}
      </p>
      <button
        type="button"
        className="button button--secondary impersonation-banner__exit"
        onClick={() => void end('exit')}
      >
        {t('shell.impersonation.exit')}
      </button>
    </div>
  );
}
