import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ADMIN_USERS_DEFAULT_LIMIT, type AdminUserSummary } from '#shared/admin';
import { isErrorCode } from '#shared/errors';
import { Dialog } from '../../../components/dialog.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useNotify } from '../../../components/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useBulkDeleteUsers } from '../api/delete-users.ts';
import { useUsers } from '../api/get-users.ts';
import { useFormat } from '../lib/format.ts';
import { usePermissions } from '../lib/use-permissions.ts';
import { LoadError } from './load-error.tsx';
import { UserBadges } from './user-badges.tsx';

/** How long typing pauses before the search runs (and lands in the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /admin/users: search and page through users (both in the URL), select and delete in bulk. */
export function UsersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const notify = useNotify();
  const { can } = usePermissions();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = pageFrom(params.get('page'));
  const [draft, setDraft] = useState(search);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const users = useUsers({ page, search });
  const bulkDelete = useBulkDeleteUsers();
  const mayDelete = can('users:delete');
  useDocumentTitle(t('admin.users.title'));

  // Back and forward change the URL under the field: the field follows.
  useEffect(() => setDraft(search), [search]);

  useEffect(() => {
    const wanted = draft.trim();
    if (wanted === search) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams(params);
      if (wanted) next.set('search', wanted);
      else next.delete('search');
      next.delete('page');
      setParams(next, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, params, setParams]);

  // A selection belongs to the rows on screen; a new page or search starts a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the query changes
  useEffect(() => setSelected(new Set()), [page, search]);

  function goTo(target: number) {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    setParams(next);
  }

  const rows = users.data?.users ?? [];
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / ADMIN_USERS_DEFAULT_LIMIT)) : 1;
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function confirmBulkDelete() {
    bulkDelete.mutate([...selected], {
      onSuccess: (result) => {
        setConfirming(false);
        setSelected(new Set(result.failed.map((failure) => failure.userId)));
        if (result.deleted.length > 0) {
          notify({ title: t('admin.users.bulkDeleted', { count: result.deleted.length }) });
        }
        if (result.failed.length > 0) {
          const codes = [...new Set(result.failed.map((failure) => failure.code))];
          notify({
            title: t('admin.users.bulkFailed', { count: result.failed.length }),
            description: codes
              .map((code) =>
                errorMessage(t, new ApiError({ code: isErrorCode(code) ? code : 'UNKNOWN', status: 400 })),
              )
              .join(' '),
            variant: 'destructive',
          });
        }
      },
      onError: (error) => {
        setConfirming(false);
        notify({ title: errorMessage(t, error), variant: 'destructive' });
      },
    });
  }

  return (
    <div className="stack">
      <div className="admin-section-head">
        <h2>{t('admin.users.title')}</h2>
        {users.data ? <p className="muted">{t('admin.users.count', { count: users.data.total })}</p> : null}
      </div>
      <div className="admin-toolbar">
        <div className="field admin-search">
          <label htmlFor={searchId}>{t('admin.users.search')}</label>
          <input
            id={searchId}
            type="search"
            value={draft}
            placeholder={t('admin.users.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        {mayDelete && selected.size > 0 ? (
          <div className="admin-selection" aria-live="polite">
            <span>{t('admin.users.selected', { count: selected.size })}</span>
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              {t('admin.users.deleteSelected')}
            </button>
          </div>
        ) : null}
      </div>

      {users.isPending ? (
        <Loading label={t('admin.users.loading')} />
      ) : users.isError ? (
        <LoadError
          title={t('admin.users.loadFailed')}
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : rows.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">
            {search ? t('admin.users.noMatch', { search }) : t('admin.users.empty')}
          </p>
        </div>
      ) : (
        <div className="table-scroll" aria-busy={users.isPlaceholderData || undefined}>
          <table className="table admin-table admin-users admin-stacked">
            <thead>
              <tr>
                {mayDelete ? (
                  <th scope="col" className="admin-check">
                    <input
                      type="checkbox"
                      checked={allSelected}
                      aria-label={t('admin.users.selectAll')}
                      onChange={(event) =>
                        setSelected(event.target.checked ? new Set(rows.map((row) => row.id)) : new Set())
                      }
                    />
                  </th>
                ) : null}
                <th scope="col">{t('admin.users.columns.email')}</th>
                <th scope="col">{t('admin.users.columns.name')}</th>
                <th scope="col">{t('admin.users.columns.plan')}</th>
                <th scope="col">{t('admin.users.columns.role')}</th>
                <th scope="col">{t('admin.users.columns.status')}</th>
                <th scope="col">{t('admin.users.columns.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  selectable={mayDelete}
                  selected={selected.has(user.id)}
                  onSelect={(on) => toggle(user.id, on)}
                  created={format.date(user.createdAt)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {users.data && pages > 1 ? (
        <nav className="admin-pager" aria-label={t('admin.users.pagination')}>
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
          >
            {t('admin.users.previous')}
          </button>
          <span aria-current="page">
            {t('admin.users.pageOf', { page: format.number(page), pages: format.number(pages) })}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={!users.data.hasMore}
            onClick={() => goTo(page + 1)}
          >
            {t('admin.users.next')}
          </button>
        </nav>
      ) : null}

      <Dialog
        open={confirming}
        title={t('admin.users.bulkDeleteTitle', { count: selected.size })}
        description={t('admin.users.bulkDeleteDescription')}
        confirmLabel={t('admin.users.bulkDeleteConfirm', { count: selected.size })}
        cancelLabel={t('admin.cancel')}
        busy={bulkDelete.isPending}
        onConfirm={confirmBulkDelete}
        onClose={() => setConfirming(false)}
      >
        <ul className="admin-dialog__list">
          {rows
            .filter((row) => selected.has(row.id))
            .map((row) => (
              <li key={row.id}>{row.email}</li>
            ))}
        </ul>
      </Dialog>
    </div>
  );
}

function UserRow({
  user,
  selectable,
  selected,
  onSelect,
  created,
}: {
  user: AdminUserSummary;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  created: string;
}) {
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <tr aria-selected={selectable ? selected : undefined}>
      {selectable ? (
        <td className="admin-check">
          <input
            type="checkbox"
            checked={selected}
            aria-label={t('admin.users.selectUser', { email: user.email })}
            onChange={(event) => onSelect(event.target.checked)}
          />
        </td>
      ) : null}
      <td className="admin-users__email" data-label={t('admin.users.columns.email')}>
        <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>{user.email}</Link>
      </td>
      <td data-label={t('admin.users.columns.name')}>{name || t('admin.users.noName')}</td>
      <td data-label={t('admin.users.columns.plan')}>{t(`admin.plans.${user.plan}`)}</td>
      <td data-label={t('admin.users.columns.role')}>
        {user.role ? t(`admin.roles.${user.role}`) : <span className="muted">—</span>}
      </td>
      <td data-label={t('admin.users.columns.status')}>
        <UserBadges status={user.status} />
      </td>
      <td className="admin-nowrap" data-label={t('admin.users.columns.created')}>
        {created}
      </td>
    </tr>
  );
}
