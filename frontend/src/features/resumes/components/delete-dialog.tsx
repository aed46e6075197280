import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resume } from '#shared/resume';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useDeleteResume } from '../api/delete-resume.ts';

function DeleteConfirmation({
  resume,
  title,
  ids,
  onClose,
  onDeleted,
}: {
  resume: Resume;
  title: string;
  ids: { heading: string; question: string };
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteResume();
  return (
    <div className="dialog__body stack-small">
      <h2 id={ids.heading}>{t('resumes.delete.title')}</h2>
      <p id={ids.question}>{t('resumes.delete.question', { title })}</p>
      {remove.isError ? (
        <p className="form-error" role="alert">
          {t('resumes.delete.failed')}
        </p>
      ) : null}
      <div className="dialog__actions">
        {/* First in order, so the dialog opens with focus on the harmless choice: a stray Enter keeps it. */}
        <button type="button" className="button button--ghost" onClick={onClose} disabled={remove.isPending}>
          {t('resumes.delete.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={remove.isPending}
          aria-busy={remove.isPending}
          onClick={() => remove.mutate(resume.id, { onSuccess: onDeleted })}
        >
          {remove.isPending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
          {t('resumes.delete.confirm')}
        </button>
      </div>
    </div>
  );
}

/** Asks before deleting; a failure keeps the dialog open with 'Failed to delete resume'. */
export function DeleteDialog({
  resume,
  title,
  onClose,
  onDeleted,
  afterClose,
}: {
  resume: Resume | null;
  /** The title as the card shows it ("Untitled" for an empty one). */
  title: string;
  onClose: () => void;
  onDeleted: () => void;
  afterClose: () => void;
}) {
  const base = useId();
  const ids = { heading: `${base}-heading`, question: `${base}-question` };
  return (
    <ModalDialog
      open={resume !== null}
      onClose={onClose}
      afterClose={afterClose}
      labelledBy={ids.heading}
      describedBy={ids.question}
    >
      {resume ? (
        <DeleteConfirmation
          key={resume.id}
          resume={resume}
          title={title}
          ids={ids}
          onClose={onClose}
          onDeleted={onDeleted}
        />
      ) : null}
    </ModalDialog>
  );
}
