import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/config-context.tsx';
import { useAuth, useLogout } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageLoading } from '../layouts/route-states.tsx';
import { useStaffRole } from '../layouts/use-staff-role.ts';
import { NotFoundRoute } from './not-found.tsx';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface TokenFacts {
  groups: string[];
  expiresAt: Date | null;
}

type LogEntry = { id: number; at: Date } & (
  | { kind: 'opened' | 'refreshed' | 'refreshFailed' }
  | { kind: 'authEvent'; event: string }
);

/**
 * /auth-debug is for staff (a role from GET /me) and for anyone in the local cloud; everyone else gets the
 * not-found page, so the route does not even reveal that it exists.
 */
export function AuthDebugRoute() {
  const config = useConfig();
  const { role, pending } = useStaffRole();
  if (config.stage === 'local' || role) return <AuthDebugPanel />;
  return pending ? <PageLoading /> : <NotFoundRoute />;
}

/** The session as this browser sees it (claims, not tokens), logout, and auth events. */
function AuthDebugPanel() {
  const { t, i18n } = useTranslation();
  const { state, refresh } = useAuth();
  const logout = useLogout();
  const { role } = useStaffRole();
  const config = useConfig();
  const [facts, setFacts] = useState<TokenFacts | null>(null);
  const [log, setLog] = useState<LogEntry[]>(() => [{ id: 0, at: new Date(), kind: 'opened' }]);
  const nextId = useRef(1);
  useDocumentTitle(t('shell.authDebug.title'));

  const add = useCallback((entry: DistributiveOmit<LogEntry, 'id'>) => {
    const id = nextId.current++;
    setLog((all) => [{ ...entry, id } as LogEntry, ...all].slice(0, 50));
  }, []);

  const read = useCallback(async () => {
    try {
      const { tokens } = await fetchAuthSession();
      const payload = tokens?.accessToken.payload;
      const groups = payload?.['cognito:groups'];
      setFacts({
        groups: Array.isArray(groups) ? groups.map(String) : [],
        expiresAt: typeof payload?.exp === 'number' ? new Date(payload.exp * 1000) : null,
      });
      add({ at: new Date(), kind: 'refreshed' });
    } catch {
      setFacts(null);
      add({ at: new Date(), kind: 'refreshFailed' });
    }
  }, [add]);

  useEffect(() => {
    void read();
    return Hub.listen('auth', ({ payload }) =>
      add({ at: new Date(), kind: 'authEvent', event: payload.event }),
    );
  }, [read, add]);

  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const user = state.status === 'signedIn' ? state.user : null;
  const none = t('shell.authDebug.none');
  const rows: [string, string][] = [
    [t('shell.authDebug.status'), t(`shell.authDebug.statuses.${state.status}`)],
    [t('shell.authDebug.userId'), user?.userId || none],
    [t('shell.authDebug.email'), user?.email || none],
    [t('shell.authDebug.name'), [user?.firstName, user?.lastName].filter(Boolean).join(' ') || none],
    [t('shell.authDebug.role'), role ? t(`shell.admin.roles.${role}`) : none],
    [t('shell.authDebug.groups'), facts?.groups.join(', ') || none],
    [t('shell.authDebug.expires'), facts?.expiresAt ? time.format(facts.expiresAt) : none],
    [
      t('shell.authDebug.social'),
      config.socialSignIn ? t('shell.authDebug.socialEnabled') : t('shell.authDebug.socialDisabled'),
    ],
  ];

  return (
    <div className="stack">
      <header>
        <h1>{t('shell.authDebug.title')}</h1>
        <p className="muted">{t('shell.authDebug.description')}</p>
      </header>
      <section className="card stack-small" aria-labelledby="auth-debug-session">
        <h2 id="auth-debug-session">{t('shell.authDebug.session')}</h2>
        <dl className="facts">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void refresh().then(() => read())}
          >
            {t('shell.authDebug.refresh')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void logout()}>
            {t('shell.authDebug.logout')}
          </button>
        </div>
      </section>
      <section className="card stack-small" aria-labelledby="auth-debug-log">
        <h2 id="auth-debug-log">{t('shell.authDebug.logs')}</h2>
        {log.length === 0 ? (
          <p className="muted">{t('shell.authDebug.logsEmpty')}</p>
        ) : (
          <ol className="log" aria-live="polite">
            {log.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.at.toISOString()}>{time.format(entry.at)}</time>{' '}
                {entry.kind === 'authEvent'
                  ? t('shell.authDebug.events.authEvent', { event: entry.event })
                  : t(`shell.authDebug.events.${entry.kind}`)}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
