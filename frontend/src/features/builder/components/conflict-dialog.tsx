import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncState } from '../hooks/use-resume-session.ts';
import type { SyncEngine } from '../store/sync-engine.ts';

// To the second: two tabs usually collide within the same minute.
function formatDateTime(value: string | number, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

/**
 * Another tab or device saved this resume after this one loaded it: nothing is overwritten until the
 * user picks a version. Their choice can be undone (Ctrl/Cmd+Z) like any other edit.
 */
export function ConflictDialog({ engine }: { engine: SyncEngine }) {
  const { t, i18n } = useTranslation();
  const conflict = useSyncState((s) => s.conflict);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (conflict && !element.open) element.showModal();
    if (!conflict && element.open) element.close();
  }, [conflict]);

  return (
    <dialog
      ref={dialog}
      className="dialog dialog--wide conflict-dialog"
      aria-labelledby="conflict-title"
      // Escape would leave the conflict unresolved and autosave stopped: a choice is required.
      onCancel={(event) => event.preventDefault()}
    >
      {conflict ? (
        <div className="dialog__body stack">
          <h2 id="conflict-title">{t('builder.conflict.title')}</h2>
          <p>{t('builder.conflict.description')}</p>
          <dl className="conflict-dialog__versions">
            <div>
              <dt>{t('builder.conflict.mine')}</dt>
              <dd>
                <time dateTime={new Date(conflict.localEditedAt).toISOString()}>
                  {formatDateTime(conflict.localEditedAt, i18n.language)}
                </time>
              </dd>
            </div>
            <div>
              <dt>{t('builder.conflict.theirs')}</dt>
              <dd>
                <time dateTime={conflict.server.updatedAt}>
                  {formatDateTime(conflict.server.updatedAt, i18n.language)}
                </time>
              </dd>
            </div>
          </dl>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => engine.resolveConflict('theirs')}
            >
              {t('builder.conflict.loadTheirs')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => engine.resolveConflict('mine')}
            >
              {t('builder.conflict.keepMine')}
            </button>
          </div>
          <p className="muted small">{t('builder.conflict.undoHint')}</p>
        </div>
      ) : null}
    </dialog>
  );
}
