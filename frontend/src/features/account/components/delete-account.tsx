import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../../../components/notices.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { useDeleteAccount } from '../api/delete-me.ts';
import { SettingsSection } from './settings-section.tsx';

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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<DeleteErrorKey | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function close() {
    if (remove.isPending) return;
    setOpen(false);
    setPassword('');
    setError(null);
    openerRef.current?.focus();
  }

  /** Signed out locally either way; the route guard and this navigation both lead to the home page. */
  async function leave() {
    await signOut({ to: '/' });
    navigate('/', { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (password === '') {
      setError('account.danger.passwordRequired');
      focusFirstInvalid(form);
      return;
    }
    setError(null);
    try {
      await remove.mutateAsync(password);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'PARTIAL_DELETION') {
        // The data is gone but the sign-in account is not: sign out here and let support finish the job.
        notify({ title: t('errors.PARTIAL_DELETION'), tone: 'error' });
        await leave();
        return;
      }
      setError(deleteErrorKey(failure));
      focusFirstInvalid(form);
      return;
    }
    notify({ title: t('account.danger.deleted') });
    await leave();
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
      <dialog
        ref={dialogRef}
        className="dialog"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
      >
        {open ? (
          <form className="form" noValidate onSubmit={submit} aria-busy={remove.isPending}>
            <h2 id={titleId}>{t('account.danger.dialogTitle')}</h2>
            <p id={descriptionId} className="muted">
              {t('account.danger.dialogDescription')}
            </p>
            <TextField
              label={t('account.danger.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={error ? t(error) : undefined}
            />
            <div className="dialog__actions">
              <button type="submit" className="button button--danger" disabled={remove.isPending}>
                {remove.isPending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
                {t('account.danger.confirm')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={close}
                disabled={remove.isPending}
              >
                {t('account.danger.cancel')}
              </button>
            </div>
          </form>
        ) : null}
      </dialog>
    </SettingsSection>
  );
}
