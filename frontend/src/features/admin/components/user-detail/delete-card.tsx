import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../../components/dialog.tsx';
import { useNotify } from '../../../../components/notices.tsx';
import { errorMessage } from '../../../../lib/error-message.ts';
import { useDeleteUser } from '../../api/delete-users.ts';
import type { User } from './user.ts';

/** Danger zone: delete the user, once their e-mail address is typed to confirm. */
export function DeleteCard({ user }: { user: User }) {
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
