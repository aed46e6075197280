import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { exportJsonResume, saveJsonFile } from '../../resumes/api/export-json-resume.ts';
import { ImportJsonResumeButton } from '../../resumes/components/import-json-resume-button.tsx';
import { exportFileName } from '../../resumes/lib/resume-files.ts';
import { currentDocument, useSyncState } from '../hooks/use-resume-session.ts';
import type { SyncEngine } from '../store/sync-engine.ts';

/**
 * JSON Resume both ways from the editor, in a popover: download this resume (saved first, so the file
 * holds what is on screen) and import a file as a new resume.
 */
export function JsonResumeMenu({ engine }: { engine: SyncEngine }) {
  const { t } = useTranslation();
  const resumeId = useSyncState((s) => s.resumeId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function download() {
    if (!resumeId) return;
    setBusy(true);
    setProblem(null);
    try {
      await engine.flush();
      saveJsonFile(await exportJsonResume(resumeId), exportFileName(currentDocument().title));
    } catch (error) {
      setProblem(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        popoverTarget="builder-json-menu"
        aria-haspopup="dialog"
      >
        {t('builder.json.menu')}
      </button>
      <div
        id="builder-json-menu"
        popover="auto"
        className="popover-menu"
        role="dialog"
        aria-label={t('builder.json.menu')}
      >
        <p className="popover-menu__title">{t('builder.json.title')}</p>
        <p className="muted small">{t('builder.json.description')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void download()}
          disabled={!resumeId || busy}
          aria-busy={busy}
        >
          {t('builder.json.export')}
        </button>
        {problem ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
        <ImportJsonResumeButton disabled={false} />
      </div>
    </>
  );
}
