import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resume } from '#shared/resume';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { useRenameResume } from '../api/update-resume.ts';
import { MAX_TITLE_LENGTH } from '../lib/resume-files.ts';

function RenameForm({
  resume,
  headingId,
  onClose,
}: {
  resume: Resume;
  headingId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rename = useRenameResume();
  const [title, setTitle] = useState(resume.title);
  const [missing, setMissing] = useState(false);

  return (
    <form
      className="dialog__body stack-small"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const next = title.trim();
        if (!next) {
          setMissing(true);
          focusFirstInvalid(event.currentTarget);
          return;
        }
        if (next === resume.title) return onClose();
        rename.mutate({ id: resume.id, title: next, revision: resume.revision }, { onSuccess: onClose });
      }}
    >
      <h2 id={headingId}>{t('resumes.rename.title')}</h2>
      <TextField
        label={t('resumes.rename.label')}
        error={missing ? t('resumes.rename.required') : undefined}
        value={title}
        maxLength={MAX_TITLE_LENGTH}
        required
        // The dialog focuses its first field on opening; selected, a new title simply replaces the old.
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setTitle(event.target.value);
          setMissing(false);
        }}
      />
      {rename.isError ? (
        <p className="form-error" role="alert">
          {t('resumes.rename.failed')}: {errorMessage(t, rename.error)}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={rename.isPending}>
          {t('resumes.rename.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={rename.isPending}
          aria-busy={rename.isPending}
        >
          {rename.isPending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
          {t('resumes.rename.save')}
        </button>
      </div>
    </form>
  );
}

/** Rename a resume without opening it: the title alone is written, with the card's revision. */
export function RenameDialog({
  resume,
  onClose,
  afterClose,
}: {
  resume: Resume | null;
  onClose: () => void;
  afterClose: () => void;
}) {
  const headingId = useId();
  return (
    <ModalDialog open={resume !== null} onClose={onClose} afterClose={afterClose} labelledBy={headingId}>
      {resume ? <RenameForm key={resume.id} resume={resume} headingId={headingId} onClose={onClose} /> : null}
    </ModalDialog>
  );
}
