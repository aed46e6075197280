import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog.tsx';
import { useNotify } from '../../../components/notices.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useMe } from '../../../lib/get-me.ts';
import { checked, useForm } from '../../../lib/use-form.ts';
import { useDeleteAccount } from '../api/delete-me.ts';
import { ACCOUNT_DELETED_PATH, rememberDeletedAccount } from '../lib/deleted-account.ts';

type DeleteErrorKey =
  | 'account.danger.passwordRequired'
  | 'errors.INCORRECT_PASSWORD'
  | 'account.danger.failed'
  | 'errors.network';

function deleteErrorKey(error: unknown): DeleteErrorKey {
  if (error instanceof ApiError) {
    if (error.code === 'INCORRECT_PASSWORD') return 'errors.INCORRECT_PASSWORD';
    if (error.code === 'VALIDATION_FAILED') return 'account.danger.passwordRequired';
    if (error.code === 'NETWORK_ERROR') return 'errors.network';
  }
  return 'account.danger.failed';
}

/** Danger zone: delete the account after the password is checked again (spec sections 5 and 8). */
export function DeleteAccount() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const remove = useDeleteAccount();
  const me = useMe();
  const openerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const form = useForm({
    initial: { password: '' },
    check: (values) =>
      checked(
        values,
        values.password === '' ? { password: 'account.danger.passwordRequired' as DeleteErrorKey } : {},
      ),
    message: (key: DeleteErrorKey) => t(key),
    submit: async ({ password }, element) => {
      try {
        await remove.mutateAsync(password);
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === 'PARTIAL_DELETION') {
          // The data is gone but the sign-in account is not: sign out here and let support finish the job.
          notify({ title: t('errors.PARTIAL_DELETION'), tone: 'error' });
          await leave('/');
          return;
        }
        form.refuse({ password: deleteErrorKey(failure) }, element);
        return;
      }
      // The confirmation page says it is done (and names the address), not a toast on the home page.
      if (me.data) rememberDeletedAccount(me.data.user.email);
      await leave(ACCOUNT_DELETED_PATH);
    },
  });

  function close() {
    if (remove.isPending) return;
    setOpen(false);
    form.setValues({ password: '' });
    form.setErrors({});
    openerRef.current?.focus();
  }

  /** Signed out locally either way; the route guard and this navigation both lead to `to`. */
  async function leave(to: string) {
    await signOut({ to });
    navigate(to, { replace: true });
  }

  return (
    <SettingsSection
      title={t('account.danger.title')}
      description={t('account.danger.description')}
      tone="danger"
    >
      <div>
        <button ref={openerRef} type="button" className="button button--danger" onClick={() => setOpen(true)}>
          {t('account.danger.delete')}
        </button>
      </div>
      <Dialog
        open={open}
        title={t('account.danger.dialogTitle')}
        description={t('account.danger.dialogDescription')}
        confirmLabel={t('account.danger.confirm')}
        cancelLabel={t('account.danger.cancel')}
        busy={remove.isPending}
        onConfirm={form.submitForm}
        onClose={close}
      >
        <TextField
          label={t('account.danger.password')}
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
      </Dialog>
    </SettingsSection>
  );
}
