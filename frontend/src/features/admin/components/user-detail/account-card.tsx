import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPERSONATION_REASON_MIN_LENGTH } from '#shared/admin';
import { Dialog } from '../../../../components/dialog.tsx';
import { Icon } from '../../../../components/icons.tsx';
import { useNotify } from '../../../../components/notices.tsx';
import { TextAreaField } from '../../../../components/text-field.tsx';
import { errorMessage } from '../../../../lib/error-message.ts';
import { checked, useForm } from '../../../../lib/use-form.ts';
import { useImpersonateUrl } from '../../api/impersonate-url.ts';
import { useResetPassword, useUpdateUser } from '../../api/update-user.ts';
import type { User } from './user.ts';

/** The account's actions: view the app as the user (with a reason for the audit log), disable, reset password. */
export function AccountCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateUser(user.id);
  const reset = useResetPassword(user.id);
  const impersonate = useImpersonateUrl(user.id);
  const [confirmReset, setConfirmReset] = useState(false);
  const [askReason, setAskReason] = useState(false);
  // Why is asked first: the reason goes into the audit log with the link.
  const form = useForm({
    initial: { reason: '' },
    check: (values) =>
      checked(
        { reason: values.reason.trim() },
        values.reason.trim().length < IMPERSONATION_REASON_MIN_LENGTH ? { reason: 'short' as const } : {},
      ),
    message: () => t('admin.user.impersonateReasonShort', { count: IMPERSONATION_REASON_MIN_LENGTH }),
    submit: (values) =>
      impersonate.mutate(values, {
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
      }),
  });
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
            form.setErrors({});
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
        onConfirm={form.submitForm}
      >
        <TextAreaField
          label={t('admin.user.impersonateReason')}
          rows={3}
          maxLength={500}
          required
          {...form.field('reason')}
          hint={t('admin.user.impersonateReasonHint')}
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
