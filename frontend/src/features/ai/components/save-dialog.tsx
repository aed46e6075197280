import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { checkSave } from '../lib/review.ts';

/**
 * The save dialog: a name for the new resume ('Invalid resume name' when empty or too long), then the
 * apply call; a failure stays in the dialog as 'Save Failed' with its reason.
 */
export function SaveDialog({
  open,
  accepted,
  defaultName,
  saving,
  error,
  onSave,
  onClose,
}: {
  open: boolean;
  accepted: readonly string[];
  defaultName: string;
  saving: boolean;
  error: unknown;
  onSave: (title: string) => void;
  onClose: () => void;
}) {
  const upgradeTo = useUpgradePath();
  const { t } = useTranslation();
  const ids = { title: useId(), lead: useId(), name: useId() };
  const [name, setName] = useState(defaultName);
  const [invalid, setInvalid] = useState(false);
  const upgrade = error instanceof ApiError && error.code === 'RESUME_LIMIT_REACHED';

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const check = checkSave(accepted, name);
    if (!check.ok) {
      setInvalid(check.problem === 'invalidName');
      focusFirstInvalid(event.currentTarget as HTMLFormElement);
      return;
    }
    setInvalid(false);
    onSave(check.title);
  }

  return (
    <ModalDialog
      open={open}
      onClose={() => !saving && onClose()}
      labelledBy={ids.title}
      describedBy={ids.lead}
    >
      <form className="dialog__body stack-small" onSubmit={submit} noValidate>
        <h2 id={ids.title}>{t('ai.tailoring.save.title')}</h2>
        <p id={ids.lead}>{t('ai.tailoring.save.lead', { count: accepted.length })}</p>
        <div className="field">
          <label htmlFor={ids.name}>{t('ai.tailoring.save.name')}</label>
          <input
            id={ids.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={250}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${ids.name}-error` : undefined}
            // biome-ignore lint/a11y/noAutofocus: the dialog exists to ask for this name
            autoFocus
          />
          {invalid ? (
            <p id={`${ids.name}-error`} className="field__error" role="alert">
              <strong>{t('ai.tailoring.save.invalidName')}</strong>. {t('ai.tailoring.save.invalidNameHelp')}
            </p>
          ) : null}
        </div>
        {error ? (
          <div className="ai-alert ai-alert--danger" role="alert">
            <strong>{t('ai.tailoring.save.failed')}</strong>
            <p>{errorMessage(t, error)}</p>
            {upgrade ? (
              <Link to={upgradeTo} className="button button--secondary">
                {t('ai.upgrade')}
              </Link>
            ) : null}
          </div>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={saving}>
            {t('ai.tailoring.save.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t('ai.tailoring.save.saving') : t('ai.tailoring.save.confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
