import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { useHealth } from '../api/get-health.ts';
import { useFormat } from '../lib/format.ts';
import { LoadError } from './load-error.tsx';

const tableStatuses = ['ACTIVE', 'CREATING', 'UPDATING', 'DELETING', 'ARCHIVING', 'ARCHIVED'] as const;
const isTableStatus = (status: string): status is (typeof tableStatuses)[number] =>
  (tableStatuses as readonly string[]).includes(status);

/** The table and every queue with its dead-letter depth (system:view). */
export function HealthPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const health = useHealth();
  // DynamoDB's status words (ACTIVE, UPDATING, ...) in the reader's language; an unknown one as it comes.
  const tableStatus = (status: string) =>
    isTableStatus(status) ? t(`admin.health.tableStatuses.${status}`) : status;

  return (
    <section className="card stack-small" aria-labelledby="admin-health-title">
      <div className="admin-section-head">
        <h2 id="admin-health-title">{t('admin.health.title')}</h2>
        {health.data ? (
          <span className={health.data.status === 'ok' ? 'badge admin-badge--ok' : 'badge badge--danger'}>
            {t(`admin.health.status.${health.data.status}`)}
          </span>
        ) : null}
      </div>
      {health.isPending ? (
        <Loading label={t('admin.loading')} />
      ) : health.isError ? (
        <LoadError
          title={t('admin.health.loadFailed')}
          error={health.error}
          onRetry={() => void health.refetch()}
        />
      ) : (
        <>
          <p className="muted">
            {t('admin.health.checkedAt', { time: format.dateTime(health.data.checkedAt) })}
          </p>
          <div className="table-scroll">
            <table className="table admin-table table--stack">
              <thead>
                <tr>
                  <th scope="col">{t('admin.health.table')}</th>
                  <th scope="col">{t('admin.health.tableStatus')}</th>
                  <th scope="col" className="admin-num">
                    {t('admin.health.items')}
                  </th>
                  <th scope="col" className="admin-num">
                    {t('admin.health.size')}
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{health.data.table.name}</th>
                  <td data-label={t('admin.health.tableStatus')}>{tableStatus(health.data.table.status)}</td>
                  <td className="admin-num" data-label={t('admin.health.items')}>
                    {health.data.table.itemCount === null
                      ? t('admin.health.unknown')
                      : format.number(health.data.table.itemCount)}
                  </td>
                  <td className="admin-num" data-label={t('admin.health.size')}>
                    {health.data.table.sizeBytes === null
                      ? t('admin.health.unknown')
                      : format.kilobytes(health.data.table.sizeBytes)}
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
          <div className="table-scroll">
            <table className="table admin-table table--stack">
              <caption className="admin-caption">{t('admin.health.queues')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.health.queue')}</th>
                  <th scope="col" className="admin-num">
                    {t('admin.health.depth')}
                  </th>
                  <th scope="col" className="admin-num">
                    {t('admin.health.inFlight')}
                  </th>
                  <th scope="col" className="admin-num">
                    {t('admin.health.dlqDepth')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {health.data.queues.map((queue) => (
                  <tr key={queue.name}>
                    <th scope="row">{queue.name}</th>
                    {queue.unavailable ? (
                      <td colSpan={3} className="admin-danger">
                        {t('admin.health.unavailable')}
                      </td>
                    ) : (
                      <>
                        <td className="admin-num" data-label={t('admin.health.depth')}>
                          {format.number(queue.depth)}
                        </td>
                        <td className="admin-num" data-label={t('admin.health.inFlight')}>
                          {format.number(queue.inFlight)}
                        </td>
                        <td
                          className={queue.dlqDepth > 0 ? 'admin-num admin-danger' : 'admin-num'}
                          data-label={t('admin.health.dlqDepth')}
                        >
                          {format.number(queue.dlqDepth)}
                        </td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
