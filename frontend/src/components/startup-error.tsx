import { useTranslation } from 'react-i18next';
import type { ConfigResult } from '../config/load-runtime-config.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

type Failure = Extract<ConfigResult, { ok: false }>;

/** Full-page message when the app cannot start (missing or invalid `/config.json`). */
export function StartupError({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  return (
    <div className="page page--centered">
      <header className="topbar">
        <span className="brand">{t('app.name')}</span>
        <LanguageSwitcher />
      </header>
      <main className="card card--narrow" role="alert">
        <h1>{t('startup.title')}</h1>
        <p>{t(`startup.${failure.reason}`)}</p>
        <details className="startup__details">
          <summary>{t('startup.details')}</summary>
          <pre>{failure.detail}</pre>
        </details>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('startup.retry')}
        </button>
      </main>
    </div>
  );
}
