import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { accountLocales } from '#shared/account';
import { type AdminUserDetail, IMPERSONATION_REASON_MIN_LENGTH } from '#shared/admin';
import type { SubscriptionView } from '#shared/billing';
import { subscriptionStatuses } from '#shared/billing';
import { mayActOn, type Permission } from '#shared/permissions';
import { type StaffRole, staffRoles } from '#shared/roles';
import { Dialog } from '../../../components/dialog.tsx';
import { Icon } from '../../../components/icons.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useNotify } from '../../../components/notices.tsx';
import { TextAreaField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteUser } from '../api/delete-users.ts';
import { useAdminUser } from '../api/get-user.ts';
import { useUserResumes } from '../api/get-user-resumes.ts';
import { useImpersonateUrl } from '../api/impersonate-url.ts';
import { useResetPassword, useSetStaffRole, useUpdateUser } from '../api/update-user.ts';
import { type SubscriptionAction, useSubscriptionAction } from '../api/user-subscription.ts';
import { useFormat } from '../lib/format.ts';
import { usePermissions } from '../lib/use-permissions.ts';
import { LoadError } from './load-error.tsx';
import { UserBadges } from './user-badges.tsx';

type User = AdminUserDetail['user'];

/** The permissions that change a user: offered only on users below the caller's rank. */
const ACTIONS: readonly Permission[] = [
  'users:edit',
  'users:delete',
  'subscriptions:edit',
  'subscriptions:cancel',
  'subscriptions:refund',
  'system:edit',
];

/** /admin/users/:id: one user, with the actions the staff member's role allows on them. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { can: granted, role } = usePermissions();
  const detail = useAdminUser(id);
  const user = detail.data?.user;
  useDocumentTitle(user?.email ?? t('admin.users.title'));

  const back = (
    <Link to="/admin/users" className="back-link">
      <Icon name="arrowLeft" />
      {t('admin.user.back')}
    </Link>
  );

  if (detail.isPending) {
    return (
      <div className="stack">
        {back}
        <Loading label={t('admin.user.loading')} />
      </div>
    );
  }
  if (detail.isError) {
    const notFound =
      detail.error instanceof ApiError &&
      (detail.error.code === 'USER_NOT_FOUND' || detail.error.status === 404);
    return (
      <div className="stack">
        {back}
        {notFound ? (
          <div className="empty-state" role="alert">
            <p className="empty-state__title">{t('admin.user.notFound')}</p>
          </div>
        ) : (
          <LoadError
            title={t('admin.user.loadFailed')}
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        )}
      </div>
    );
  }

  const data = detail.data;
  const name = `${data.user.firstName} ${data.user.lastName}`.trim();
  // Staff act only below their rank (the API refuses the rest): a peer or a senior is shown, not changed.
  const outranks = mayActOn(role, data.user.role);
  const can = (permission: Permission) => granted(permission) && (outranks || !ACTIONS.includes(permission));
  return (
    <div className="stack">
      {back}
      <header className="admin-user-head">
        <div>
          <h2>{name || data.user.email}</h2>
          {name ? <p className="muted admin-break">{data.user.email}</p> : null}
        </div>
        <div className="actions">
          <UserBadges status={data.user.status} />
          {data.user.role ? <span className="badge">{t(`admin.roles.${data.user.role}`)}</span> : null}
          <span className="badge">{t(`admin.plans.${data.user.plan}`)}</span>
        </div>
      </header>
      {outranks ? null : (
        <p className="admin-note" role="note">
          {t('admin.user.aboveRank')}
        </p>
      )}
      <div className="admin-detail-grid">
        <div className="stack">
          <ProfileCard user={data.user} editable={can('users:edit')} />
          {can('content:view') ? <ResumesCard userId={data.user.id} /> : null}
          {can('subscriptions:view') && data.subscription !== undefined ? (
            <SubscriptionCard userId={data.user.id} subscription={data.subscription} can={can} />
          ) : null}
        </div>
        <div className="stack">
          {can('users:edit') ? <AccountCard user={data.user} /> : null}
          {can('system:edit') ? <RoleCard user={data.user} /> : null}
          {can('users:delete') ? <DeleteCard user={data.user} /> : null}
        </div>
      </div>
    </div>
  );
}

function ProfileCard({ user, editable }: { user: User; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const notify = useNotify();
  const update = useUpdateUser(user.id);
  const [editing, setEditing] = useState(false);
  const [firstNameMissing, setFirstNameMissing] = useState(false);
  const ids = { first: useId(), last: useId(), locale: useId(), firstError: useId() };
  // The platform names languages in the reader's language ("English", "inglês").
  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const localeLabel = (locale: string) => {
    try {
      return languageNames.of(locale) ?? locale;
    } catch {
      return locale;
    }
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const firstName = String(form.get('firstName') ?? '').trim();
    // The app's own message in the reader's language (not the browser's), and the focus on the field.
    setFirstNameMissing(firstName === '');
    if (firstName === '') {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    update.mutate(
      {
        firstName,
        lastName: String(form.get('lastName') ?? ''),
        locale: form.get('locale') as (typeof accountLocales)[number],
      },
      {
        onSuccess: () => {
          setEditing(false);
          notify({ title: t('admin.user.toasts.updated') });
        },
      },
    );
  }

  return (
    <section className="card stack-small" aria-labelledby="admin-profile-title">
      <div className="admin-section-head admin-section-head--action">
        <h3 id="admin-profile-title">{t('admin.user.profile')}</h3>
        {editable && !editing ? (
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
            {t('admin.user.edit')}
          </button>
        ) : null}
      </div>
      {editing ? (
        <form className="form" noValidate onSubmit={onSubmit}>
          <div className="form__row">
            <div className="field">
              <label htmlFor={ids.first}>{t('admin.user.firstName')}</label>
              <input
                id={ids.first}
                name="firstName"
                defaultValue={user.firstName}
                required
                maxLength={100}
                aria-invalid={firstNameMissing || undefined}
                aria-describedby={firstNameMissing ? ids.firstError : undefined}
              />
              {firstNameMissing ? (
                <p id={ids.firstError} className="field__error">
                  {t('admin.user.firstNameRequired')}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={ids.last}>{t('admin.user.lastName')}</label>
              <input id={ids.last} name="lastName" defaultValue={user.lastName} maxLength={100} />
            </div>
          </div>
          <div className="field">
            <label htmlFor={ids.locale}>{t('admin.user.language')}</label>
            <select
              id={ids.locale}
              name="locale"
              defaultValue={(accountLocales as readonly string[]).includes(user.locale) ? user.locale : 'en'}
            >
              {accountLocales.map((locale) => (
                <option key={locale} value={locale}>
                  {localeLabel(locale)}
                </option>
              ))}
            </select>
          </div>
          {update.isError ? (
            <p className="form-error" role="alert">
              {errorMessage(t, update.error)}
            </p>
          ) : null}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={update.isPending}>
              {update.isPending ? t('admin.saving') : t('admin.save')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={update.isPending}
              onClick={() => {
                update.reset();
                setFirstNameMissing(false);
                setEditing(false);
              }}
            >
              {t('admin.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <dl className="facts">
          <div>
            <dt>{t('admin.user.email')}</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>{t('admin.user.emailVerified')}</dt>
            <dd>{user.emailVerified ? t('admin.yes') : t('admin.no')}</dd>
          </div>
          <div>
            <dt>{t('admin.user.language')}</dt>
            <dd>{localeLabel(user.locale)}</dd>
          </div>
          <div>
            <dt>{t('admin.user.created')}</dt>
            <dd>{format.dateTime(user.createdAt)}</dd>
          </div>
          <div>
            <dt>{t('admin.user.updated')}</dt>
            <dd>{format.dateTime(user.updatedAt)}</dd>
          </div>
          <div>
            <dt>{t('admin.user.resumeCount')}</dt>
            <dd>{format.number(user.resumeCount)}</dd>
          </div>
          <div>
            <dt>{t('admin.user.aiUsage')}</dt>
            <dd>{format.number(user.aiUsageCount)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function AccountCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateUser(user.id);
  const reset = useResetPassword(user.id);
  const impersonate = useImpersonateUrl(user.id);
  const [confirmReset, setConfirmReset] = useState(false);
  const [askReason, setAskReason] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonShort, setReasonShort] = useState(false);
  const disabled = user.status === 'disabled';

  function toggleStatus() {
    update.mutate(
      { status: disabled ? 'active' : 'disabled' },
      {
        onSuccess: () =>
          notify({ title: t(disabled ? 'admin.user.toasts.enabled' : 'admin.user.toasts.disabled') }),
        onError: (error) => notify({ title: errorMessage(t, error), variant: 'destructive' }),
      },
    );
  }

  function startImpersonating(form: HTMLFormElement) {
    // Why is asked first: the reason goes into the audit log with the link.
    if (reason.trim().length < IMPERSONATION_REASON_MIN_LENGTH) {
      setReasonShort(true);
      focusFirstInvalid(form);
      return;
    }
    setReasonShort(false);
    impersonate.mutate(
      { reason: reason.trim() },
      {
        // Same tab: the grant is single-use, and the read-only session replaces the admin view.
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => {
          setAskReason(false);
          notify({
            title: t('admin.user.impersonateFailed'),
            description: errorMessage(t, error),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <section className="card stack-small" aria-labelledby="admin-account-title">
      <h3 id="admin-account-title">{t('admin.user.account')}</h3>
      <p className="muted">{t('admin.user.impersonateDescription')}</p>
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          disabled={impersonate.isPending || impersonate.isSuccess || user.status !== 'active'}
          aria-busy={impersonate.isPending || undefined}
          onClick={() => {
            setReasonShort(false);
            setAskReason(true);
          }}
        >
          {impersonate.isPending ? (
            <span className="spinner spinner--inline" aria-hidden="true" />
          ) : (
            <Icon name="eye" />
          )}
          {t('admin.user.impersonate')}
        </button>
      </div>
      <p className="muted">{t('admin.user.accountDescription')}</p>
      <div className="actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={update.isPending || user.status === 'deleting'}
          onClick={toggleStatus}
        >
          {disabled ? t('admin.user.enable') : t('admin.user.disable')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirmReset(true)}>
          {t('admin.user.resetPassword')}
        </button>
      </div>
      <Dialog
        open={askReason}
        tone="primary"
        title={t('admin.user.impersonateReasonTitle')}
        description={t('admin.user.impersonateReasonDescription', { email: user.email })}
        confirmLabel={t('admin.user.impersonateConfirm')}
        cancelLabel={t('admin.cancel')}
        busy={impersonate.isPending || impersonate.isSuccess}
        onClose={() => setAskReason(false)}
        onConfirm={startImpersonating}
      >
        <TextAreaField
          label={t('admin.user.impersonateReason')}
          name="reason"
          rows={3}
          maxLength={500}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          hint={t('admin.user.impersonateReasonHint')}
          error={
            reasonShort
              ? t('admin.user.impersonateReasonShort', { count: IMPERSONATION_REASON_MIN_LENGTH })
              : undefined
          }
        />
      </Dialog>
      <Dialog
        open={confirmReset}
        tone="primary"
        title={t('admin.user.resetPasswordTitle')}
        description={t('admin.user.resetPasswordDescription')}
        confirmLabel={t('admin.user.resetPassword')}
        cancelLabel={t('admin.cancel')}
        busy={reset.isPending}
        onClose={() => setConfirmReset(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSettled: () => setConfirmReset(false),
            onSuccess: () => notify({ title: t('admin.user.toasts.resetPassword') }),
            onError: (error) => notify({ title: errorMessage(t, error), variant: 'destructive' }),
          })
        }
      />
    </section>
  );
}

function RoleCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const setRole = useSetStaffRole(user.id);
  const selectId = useId();
  const [role, setRoleValue] = useState<StaffRole | ''>(user.role ?? '');
  const current = user.role ?? '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = role === '' ? null : role;
    setRole.mutate(
      { role: next },
      {
        onSuccess: () =>
          notify({
            title: next
              ? t('admin.user.toasts.roleGranted', { role: t(`admin.roles.${next}`) })
              : t('admin.user.toasts.roleRevoked'),
          }),
        onError: (error) => notify({ title: errorMessage(t, error), variant: 'destructive' }),
      },
    );
  }

  return (
    <section className="card stack-small" aria-labelledby="admin-role-title">
      <h3 id="admin-role-title">{t('admin.user.role')}</h3>
      <p className="muted">{t('admin.user.roleDescription')}</p>
      <form className="admin-inline-form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={selectId}>{t('admin.user.roleSelect')}</label>
          <select
            id={selectId}
            value={role}
            onChange={(event) => setRoleValue(event.target.value as StaffRole | '')}
          >
            <option value="">{t('admin.roles.none')}</option>
            {staffRoles.map((name) => (
              <option key={name} value={name}>
                {t(`admin.roles.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="button button--primary"
          disabled={setRole.isPending || role === current}
          aria-busy={setRole.isPending || undefined}
        >
          {setRole.isPending ? t('admin.saving') : t('admin.user.roleSave')}
        </button>
      </form>
    </section>
  );
}

function SubscriptionCard({
  userId,
  subscription,
  can,
}: {
  userId: string;
  subscription: SubscriptionView | null;
  /** The caller's permissions on this user (none that change anything when the user is not below them). */
  can: (permission: Permission) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const notify = useNotify();
  const act = useSubscriptionAction(userId);
  const [confirm, setConfirm] = useState<Exclude<SubscriptionAction, 'sync'> | null>(null);
  const toasts = { sync: 'synced', cancel: 'cancelled', refund: 'refunded' } as const;

  function run(action: SubscriptionAction) {
    act.mutate(action, {
      onSuccess: () => notify({ title: t(`admin.user.toasts.${toasts[action]}`) }),
      onError: (error) => notify({ title: errorMessage(t, error), variant: 'destructive' }),
      onSettled: () => setConfirm(null),
    });
  }

  const status = subscription?.status;
  const money =
    subscription?.nextPaymentAmount != null && subscription.currency
      ? new Intl.NumberFormat(i18n.language, {
          style: 'currency',
          currency: subscription.currency.toUpperCase(),
        })
      : null;

  return (
    <section className="card stack-small" aria-labelledby="admin-subscription-title">
      <h3 id="admin-subscription-title">{t('admin.user.subscription')}</h3>
      {!subscription?.subscriptionType ? (
        <p className="muted">{t('admin.user.noSubscription')}</p>
      ) : (
        <dl className="facts">
          <div>
            <dt>{t('admin.users.columns.plan')}</dt>
            <dd>{t(`admin.plans.${subscription.plan}`)}</dd>
          </div>
          {status ? (
            <div>
              <dt>{t('admin.user.subscriptionStatus')}</dt>
              <dd>
                {(subscriptionStatuses as readonly string[]).includes(status)
                  ? t(`admin.user.subscriptionStatuses.${status as (typeof subscriptionStatuses)[number]}`)
                  : status}
              </dd>
            </div>
          ) : null}
          {subscription.validUntil ? (
            <div>
              <dt>{t('admin.user.validUntil')}</dt>
              <dd>{format.date(subscription.validUntil)}</dd>
            </div>
          ) : null}
          {subscription.nextPaymentDate ? (
            <div>
              <dt>{t('admin.user.nextPayment')}</dt>
              <dd>
                {format.date(subscription.nextPaymentDate)}
                {money && subscription.nextPaymentAmount != null
                  ? ` · ${money.format(subscription.nextPaymentAmount)}`
                  : ''}
              </dd>
            </div>
          ) : null}
          {subscription.cancellationEffectiveDate ? (
            <div>
              <dt>{t('admin.user.cancellation')}</dt>
              <dd>{format.date(subscription.cancellationEffectiveDate)}</dd>
            </div>
          ) : null}
          {subscription.disputedAt ? (
            <div>
              <dt>{t('admin.user.disputed')}</dt>
              <dd>{format.date(subscription.disputedAt)}</dd>
            </div>
          ) : null}
        </dl>
      )}
      {subscription ? (
        <div className="actions">
          {can('subscriptions:edit') && subscription.hasBillingAccount ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={act.isPending}
              onClick={() => run('sync')}
            >
              {t('admin.user.sync')}
            </button>
          ) : null}
          {can('subscriptions:cancel') && subscription.renews && !subscription.cancelPending ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={act.isPending}
              onClick={() => setConfirm('cancel')}
            >
              {t('admin.user.cancelSubscription')}
            </button>
          ) : null}
          {can('subscriptions:refund') && subscription.refundable ? (
            <button
              type="button"
              className="button button--danger"
              disabled={act.isPending}
              onClick={() => setConfirm('refund')}
            >
              {t('admin.user.refund')}
            </button>
          ) : null}
        </div>
      ) : null}
      <Dialog
        open={confirm !== null}
        title={confirm === 'refund' ? t('admin.user.refundTitle') : t('admin.user.cancelTitle')}
        description={
          confirm === 'refund' ? t('admin.user.refundDescription') : t('admin.user.cancelDescription')
        }
        confirmLabel={confirm === 'refund' ? t('admin.user.refund') : t('admin.user.cancelSubscription')}
        cancelLabel={t('admin.cancel')}
        busy={act.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) run(confirm);
        }}
      />
    </section>
  );
}

function ResumesCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const resumes = useUserResumes(userId);
  return (
    <section className="card stack-small" aria-labelledby="admin-resumes-title">
      <h3 id="admin-resumes-title">{t('admin.user.resumes')}</h3>
      {resumes.isPending ? (
        <Loading label={t('admin.loading')} />
      ) : resumes.isError ? (
        <LoadError
          title={t('admin.user.resumesFailed')}
          error={resumes.error}
          onRetry={() => void resumes.refetch()}
        />
      ) : resumes.data.length === 0 ? (
        <p className="muted">{t('admin.user.noResumes')}</p>
      ) : (
        <ul className="admin-resume-list">
          {resumes.data.map((resume) => (
            <li key={resume.id}>
              <Link
                to={`/admin/users/${encodeURIComponent(userId)}/resumes/${encodeURIComponent(resume.id)}`}
                aria-label={t('admin.user.openResume', { title: resume.title })}
              >
                <Icon name="fileText" />
                <span className="admin-resume-list__title">{resume.title}</span>
              </Link>
              <span className="muted admin-small">
                {t('admin.user.resumeUpdated', { date: format.date(resume.updatedAt) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeleteCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const remove = useDeleteUser(user.id);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  return (
    <section className="card stack-small admin-danger-zone" aria-labelledby="admin-delete-title">
      <h3 id="admin-delete-title">{t('admin.user.danger')}</h3>
      <p className="muted">{t('admin.user.dangerDescription')}</p>
      <div className="actions">
        <button
          type="button"
          className="button button--danger"
          disabled={user.status === 'deleting'}
          onClick={() => {
            setTyped('');
            setOpen(true);
          }}
        >
          {t('admin.user.delete')}
        </button>
      </div>
      <Dialog
        open={open}
        title={t('admin.user.deleteTitle', { email: user.email })}
        description={t('admin.user.dangerDescription')}
        confirmLabel={t('admin.user.delete')}
        cancelLabel={t('admin.cancel')}
        busy={remove.isPending}
        disabled={!matches}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              notify({ title: t('admin.user.toasts.deleted') });
              navigate('/admin/users', { replace: true });
            },
            onError: (error) => {
              setOpen(false);
              notify({ title: errorMessage(t, error), variant: 'destructive' });
            },
          })
        }
      >
        <div className="field">
          <label htmlFor={inputId}>{t('admin.user.deleteTyped')}</label>
          <input
            id={inputId}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            placeholder={user.email}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      </Dialog>
    </section>
  );
}
