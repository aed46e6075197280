import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '#shared/admin';
import { Loading } from '../../../components/loading.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAudit } from '../api/get-audit.ts';
import { useFormat } from '../lib/format.ts';
import { knownEmails, knownResumeTitles } from '../lib/known-targets.ts';
import { LoadError } from './load-error.tsx';

/** Route keys of the staff API and the label each has in the log; anything else shows its route. */
const actionLabels = {
  'GET /api/admin/stats': 'stats',
  'GET /api/admin/health': 'health',
  'GET /api/admin/users': 'listUsers',
  'GET /api/admin/users/{id}': 'getUser',
  'PUT /api/admin/users/{id}': 'updateUser',
  'DELETE /api/admin/users/{id}': 'deleteUser',
  'POST /api/admin/users/bulk-delete': 'bulkDelete',
  'POST /api/admin/users/{id}/reset-password': 'resetPassword',
  'GET /api/admin/users/{id}/impersonate-url': 'impersonateUrl',
  'GET /api/admin/users/{id}/resumes': 'listResumes',
  'GET /api/admin/users/{id}/resumes/{resumeId}': 'getResume',
  'GET /api/admin/users/{id}/profile': 'getProfile',
  'GET /api/admin/permissions/{userId}': 'getPermissions',
  'POST /api/admin/permissions/check': 'checkPermissions',
  'PUT /api/admin/permissions/{userId}': 'setRole',
  'GET /api/admin/users/{id}/subscription': 'getSubscription',
  'POST /api/admin/users/{id}/subscription/sync': 'syncSubscription',
  'POST /api/admin/users/{id}/subscription/cancel': 'cancelSubscription',
  'POST /api/admin/users/{id}/subscription/refund': 'refundSubscription',
  'GET /api/admin/audit': 'audit',
  'GET /api/admin/flags': 'listFlags',
  'PUT /api/admin/flags/{flag}': 'setFlag',
  'GET /api/admin/analytics/export': 'export',
  'POST /api/admin/impersonation/redeem': 'redeem',
  'POST /api/admin/impersonation/end': 'endImpersonation',
  /** Written by the Stripe webhook (actor `stripe`), not by a staff route. */
  'STRIPE charge.dispute.created': 'disputeCreated',
} as const;

/** User routes read (or tried) while impersonating, by what they show; the prefix is `IMPERSONATE `. */
const asUserLabels: Record<string, Exclude<AsUserLabel, 'otherRead' | 'write'>> = {
  'GET /api/me': 'account',
  'GET /api/resume/all/{userId}': 'resumeList',
  'GET /api/resume/id/{id}': 'resume',
  'GET /api/resume/{id}/export': 'export',
  'GET /api/billing/subscription': 'subscription',
  'GET /api/ai/usage': 'aiUsage',
  'GET /api/me/social-connections': 'social',
  'GET /api/jobs/{jobId}': 'job',
  'GET /api/photos/{photoId}': 'photo',
  'GET /api/assistant/{resumeId}': 'assistant',
};
type AsUserLabel =
  | 'account'
  | 'resumeList'
  | 'resume'
  | 'export'
  | 'subscription'
  | 'aiUsage'
  | 'social'
  | 'job'
  | 'photo'
  | 'assistant'
  | 'otherRead'
  | 'write';

const IMPERSONATED_PREFIX = 'IMPERSONATE ';

/** The words for an entry's action: a staff route's label, or what was read as the user; never a route. */
export function actionText(t: TFunction, action: string): string {
  if (action.startsWith(IMPERSONATED_PREFIX)) {
    const route = action.slice(IMPERSONATED_PREFIX.length);
    const label = asUserLabels[route] ?? (/^(GET|HEAD) /.test(route) ? 'otherRead' : 'write');
    return t(`admin.audit.asUser.${label}`);
  }
  const label = (actionLabels as Record<string, (typeof actionLabels)[keyof typeof actionLabels]>)[action];
  return label ? t(`admin.audit.actions.${label}`) : t('admin.audit.other');
}

/** An e-mail in a narrow column wraps after its `@`, not in the middle of a word. */
function breakAfterAt(text: string) {
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}

function thisMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

/** /admin/audit: who did what to whom and when, a month at a time, newest first. */
export function AuditPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const monthId = useId();
  const [params, setParams] = useSearchParams();
  const requested = params.get('month') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(requested) ? requested : thisMonth();
  const audit = useAudit(month);
  useDocumentTitle(t('admin.audit.title'));
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const queryClient = useQueryClient();
  const emails = knownEmails(queryClient, entries);
  const titles = knownResumeTitles(queryClient);

  return (
    <div className="stack">
      <div className="admin-section-head">
        <div>
          <h2>{t('admin.audit.title')}</h2>
          <p className="muted">{t('admin.audit.description')}</p>
        </div>
        <div className="field admin-month">
          <label htmlFor={monthId}>{t('admin.audit.month')}</label>
          <input
            id={monthId}
            type="month"
            value={month}
            max={thisMonth()}
            onChange={(event) => {
              if (!event.target.value) return;
              const next = new URLSearchParams(params);
              next.set('month', event.target.value);
              setParams(next, { replace: true });
            }}
          />
        </div>
      </div>
      {audit.isPending ? (
        <Loading label={t('admin.audit.loading')} />
      ) : audit.isError ? (
        <LoadError
          title={t('admin.audit.loadFailed')}
          error={audit.error}
          onRetry={() => void audit.refetch()}
        />
      ) : entries.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('admin.audit.empty')}</p>
        </div>
      ) : (
        <>
          <div className="table-scroll">
            <table className="table admin-table admin-audit admin-stacked">
              <thead>
                <tr>
                  <th scope="col">{t('admin.audit.columns.time')}</th>
                  <th scope="col">{t('admin.audit.columns.who')}</th>
                  <th scope="col">{t('admin.audit.columns.action')}</th>
                  <th scope="col">{t('admin.audit.columns.target')}</th>
                  <th scope="col">{t('admin.audit.columns.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <AuditRow
                    key={entry.id}
                    entry={entry}
                    time={format.dateTime(entry.at)}
                    targetEmail={
                      entry.targetEmail ?? (entry.target.userId ? emails.get(entry.target.userId) : undefined)
                    }
                    targetTitle={
                      entry.resumeTitle ??
                      (entry.target.resumeId ? titles.get(entry.target.resumeId) : undefined)
                    }
                  />
                ))}
              </tbody>
            </table>
          </div>
          {audit.hasNextPage ? (
            <div className="actions">
              <button
                type="button"
                className="button button--secondary"
                disabled={audit.isFetchingNextPage}
                aria-busy={audit.isFetchingNextPage || undefined}
                onClick={() => void audit.fetchNextPage()}
              >
                {audit.isFetchingNextPage ? (
                  <span className="spinner spinner--inline" aria-hidden="true" />
                ) : null}
                {t('admin.audit.loadMore')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function AuditRow({
  entry,
  time,
  targetEmail,
  targetTitle,
}: {
  entry: AuditEntry;
  time: string;
  /** The target user's e-mail, when the client already knows it. */
  targetEmail?: string;
  /** The target resume's title, when the client already knows it. */
  targetTitle?: string;
}) {
  const { t } = useTranslation();
  const outcomeClass =
    entry.outcome === 'succeeded'
      ? 'badge admin-badge--ok'
      : entry.outcome === 'attempted'
        ? 'badge admin-badge--neutral'
        : 'badge badge--danger';
  const hasTarget = Boolean(entry.target.userId || entry.target.resumeId || entry.target.flag);
  return (
    <tr>
      <td data-label={t('admin.audit.columns.time')} className="admin-nowrap">
        <time dateTime={entry.at}>{time}</time>
      </td>
      <td data-label={t('admin.audit.columns.who')}>
        <div>
          <span className="admin-break">{entry.actorEmail ?? entry.actor}</span>
          {entry.actorRole ? (
            <span className="muted admin-small"> · {t(`admin.roles.${entry.actorRole}`)}</span>
          ) : null}
        </div>
      </td>
      <td data-label={t('admin.audit.columns.action')}>
        <div>
          {/* The route stays in the tooltip for whoever needs it; the row says what happened. */}
          <span title={entry.action}>{actionText(t, entry.action)}</span>
          {entry.impersonationId && !entry.action.startsWith(IMPERSONATED_PREFIX) ? (
            <span className="muted admin-small"> · {t('admin.audit.impersonating')}</span>
          ) : null}
          {entry.count && entry.count > 1 ? (
            <span className="muted admin-small"> · {t('admin.audit.count', { count: entry.count })}</span>
          ) : null}
          {entry.reason ? (
            <span className="admin-block admin-audit__reason">
              {t('admin.audit.reason', { reason: entry.reason })}
            </span>
          ) : null}
        </div>
      </td>
      <td data-label={t('admin.audit.columns.target')} className="admin-audit__target">
        <div>
          {entry.target.userId ? (
            <Link
              to={`/admin/users/${encodeURIComponent(entry.target.userId)}`}
              title={targetEmail ? entry.target.userId : undefined}
            >
              {targetEmail
                ? breakAfterAt(t('admin.audit.userEmail', { email: targetEmail }))
                : t('admin.audit.user', { id: entry.target.userId })}
            </Link>
          ) : null}
          {entry.target.resumeId ? (
            <span className="admin-block" title={targetTitle ? entry.target.resumeId : undefined}>
              {targetTitle
                ? t('admin.audit.resumeTitle', { title: targetTitle })
                : t('admin.audit.resume', { id: entry.target.resumeId })}
            </span>
          ) : null}
          {entry.target.flag ? (
            <span className="admin-block">{t('admin.audit.flag', { flag: entry.target.flag })}</span>
          ) : null}
          {hasTarget ? null : <span className="muted">—</span>}
        </div>
      </td>
      <td data-label={t('admin.audit.columns.outcome')}>
        <div>
          <span className={outcomeClass}>{t(`admin.audit.outcomes.${entry.outcome}`)}</span>
          {entry.status ? <span className="muted admin-small"> {entry.status}</span> : null}
        </div>
      </td>
    </tr>
  );
}
