import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  type AnalyticsEventName,
  analyticsEventNames,
  STATS_DEFAULT_DAYS,
  statMetrics,
} from '#shared/analytics';
import { Loading } from '../../../components/loading.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useStats } from '../api/get-stats.ts';
import { useFormat } from '../lib/format.ts';
import { usePermissions } from '../lib/use-permissions.ts';
import { BarChart } from './bar-chart.tsx';
import { HealthPanel } from './health-panel.tsx';
import { LoadError } from './load-error.tsx';

const ranges = [7, 30, 90] as const;

/** /admin: totals, daily charts, event counts, and the system's health for roles that may see it. */
export function OverviewPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('days'));
  const days = (ranges as readonly number[]).includes(requested) ? requested : STATS_DEFAULT_DAYS;
  const showStats = can('analytics:view');
  const stats = useStats(days, showStats);
  useDocumentTitle(t('admin.overview.title'));

  const events = Object.entries(stats.data?.events ?? {})
    .filter(([, count]) => (count ?? 0) > 0)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0)) as [AnalyticsEventName, number][];

  return (
    <div className="stack">
      {showStats ? (
        <section className="stack-small" aria-labelledby="admin-stats-title">
          <div className="admin-section-head">
            <div>
              <h2 id="admin-stats-title">{t('admin.overview.title')}</h2>
              <p className="muted">{t('admin.overview.description')}</p>
            </div>
            <label className="admin-inline-field">
              <span>{t('admin.overview.range')}</span>
              <select
                value={days}
                onChange={(event) => {
                  const next = new URLSearchParams(params);
                  next.set('days', event.target.value);
                  setParams(next, { replace: true });
                }}
              >
                {ranges.map((range) => (
                  <option key={range} value={range}>
                    {t('admin.overview.days', { count: range })}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {stats.isPending ? (
            <Loading label={t('admin.loading')} />
          ) : stats.isError ? (
            <LoadError
              title={t('admin.overview.loadFailed')}
              error={stats.error}
              onRetry={() => void stats.refetch()}
            />
          ) : (
            <>
              <dl className="admin-totals" aria-busy={stats.isPlaceholderData || undefined}>
                {(['users', 'proUsers', 'resumes'] as const).map((key) => (
                  <div key={key} className="card admin-total">
                    <dt>{t(`admin.overview.totals.${key}`)}</dt>
                    <dd>{format.number(stats.data.totals[key])}</dd>
                  </div>
                ))}
              </dl>
              <div className="admin-charts">
                {statMetrics.map((metric) => (
                  <div key={metric} className="card">
                    <BarChart
                      title={t(`admin.overview.metrics.${metric}`)}
                      days={stats.data.days}
                      values={stats.data.series[metric] ?? []}
                    />
                  </div>
                ))}
              </div>
              <section className="card stack-small" aria-labelledby="admin-events-title">
                <div>
                  <h2 id="admin-events-title">{t('admin.overview.events')}</h2>
                  <p className="muted">{t('admin.overview.eventsDescription')}</p>
                </div>
                {events.length === 0 ? (
                  <p>{t('admin.overview.noEvents')}</p>
                ) : (
                  <div className="table-scroll">
                    <table className="table admin-table">
                      <thead>
                        <tr>
                          <th scope="col">{t('admin.overview.event')}</th>
                          <th scope="col" className="admin-num">
                            {t('admin.overview.count')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {events.map(([name, count]) => (
                          <tr key={name}>
                            <th scope="row">
                              {(analyticsEventNames as readonly string[]).includes(name) ? (
                                <span title={name}>{t(`admin.overview.eventNames.${name}`)}</span>
                              ) : (
                                <code>{name}</code>
                              )}
                            </th>
                            <td className="admin-num">{format.number(count)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                <p className="muted admin-small">
                  {t('admin.overview.generatedAt', { time: format.dateTime(stats.data.generatedAt) })}
                </p>
              </section>
            </>
          )}
        </section>
      ) : null}
      {can('system:view') ? <HealthPanel /> : null}
    </div>
  );
}
