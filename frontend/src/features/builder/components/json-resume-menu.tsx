import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import {
  exportFileName,
  exportJsonResume,
  ImportJsonResumeButton,
  saveJsonFile,
} from '../../resumes/index.ts';
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
      {/* An icon in the toolbar (its name is the tooltip): the title has the room. */}
      <button
        type="button"
        className="icon-button"
        popoverTarget="builder-json-menu"
        aria-haspopup="dialog"
        aria-label={t('builder.json.menu')}
        title={t('builder.json.menu')}
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M8 4H7a2 2 0 0 0-2 2v4a2 2 0 0 1-2 2 2 2 0 0 1 2 2v4a2 2 0 0 0 2 2h1M16 4h1a2 2 0 0 1 2 2v4a2 2 0 0 0 2 2 2 2 0 0 0-2 2v4a2 2 0 0 1-2 2h-1" />
        </svg>
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
