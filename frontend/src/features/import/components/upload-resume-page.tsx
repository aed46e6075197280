import { type ChangeEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FREE_RESUME_LIMIT } from '#shared/plans';
import { useMe } from '../../../lib/get-me.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useImportResume } from '../hooks/use-import-resume.tsx';
import { formatBytes, importAccept, kindLabels } from '../lib/check-file.ts';
import { AcceptedTypes } from './accepted-types.tsx';
import { DropZone } from './drop-zone.tsx';
import { ImportFailed } from './import-failed.tsx';
import { ImportProgress } from './import-progress.tsx';
import './import.css';

/** Whether the plan's resume count is used up (unknown while /me loads: the server still decides). */
function useAtLimit(): boolean {
  const me = useMe();
  const counter = me.data?.usage.resumes;
  return counter ? counter.limit !== null && counter.used >= counter.limit : false;
}

/**
 * /upload-resume: choose or drop a resume file (PDF, DOC, DOCX, a LinkedIn export ZIP or a JSON Resume),
 * follow its import step by step, and land in the editor; or learn why it failed and try another file.
 */
export function UploadResumePage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('shell.pages.uploadResume'));
  const importer = useImportResume();
  const { state } = importer;
  const atLimit = useAtLimit();
  const input = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), panel: useId(), types: useId(), refusal: useId() };

  // A file dropped beside the zone would otherwise be opened by the browser, leaving the app.
  useEffect(() => {
    const keep = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  // Leaving while the bytes are on their way would abort the upload; once it is up, the import goes on.
  const uploading = state.phase === 'uploading';
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  const openChooser = () => input.current?.click();

  function onInputChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) fires another change.
    event.target.value = '';
    if (file) importer.choose(file);
  }

  function retry() {
    importer.reset();
    openChooser();
  }

  const refusal = state.phase === 'idle' ? state.refusal : null;

  return (
    <div className="stack import-page">
      <header className="import-header">
        <h1 id={ids.title}>{t('import.title')}</h1>
        <p className="import-header__lead">{t('import.lead')}</p>
      </header>

      {atLimit && state.phase === 'idle' ? (
        <div className="import-limit" role="note">
          <p>{t('import.atLimit', { count: FREE_RESUME_LIMIT })}</p>
          <Link to="/pricing" className="button button--primary">
            {t('import.upgrade')}
          </Link>
        </div>
      ) : null}

      <div className="import-layout">
        <section
          className="card import-panel"
          aria-labelledby={state.phase === 'idle' ? ids.title : ids.panel}
        >
          {state.phase === 'idle' ? (
            <>
              <DropZone
                disabled={atLimit}
                describedBy={refusal ? ids.refusal : undefined}
                onChoose={openChooser}
                onFile={importer.choose}
              />
              {refusal ? (
                <div id={ids.refusal} className="import-refusal" role="alert">
                  <strong>{t(`import.refused.${refusal.problem}.title`)}</strong>
                  {refusal.problem === 'invalidType' ? (
                    <>
                      <span>{t('import.refused.invalidType.description')}</span>
                      <span className="import-refusal__also">{t('import.refused.invalidType.also')}</span>
                    </>
                  ) : refusal.problem === 'tooLarge' ? (
                    <span>
                      {t('import.refused.tooLarge.description', {
                        name: refusal.name,
                        size: formatBytes(refusal.size, i18n.language),
                        type: kindLabels[refusal.kind],
                        max: formatBytes(refusal.maxBytes, i18n.language),
                      })}
                    </span>
                  ) : (
                    <span>{t('import.refused.empty.description', { name: refusal.name })}</span>
                  )}
                </div>
              ) : null}
              <p className="import-panel__review">{t('import.review')}</p>
            </>
          ) : state.phase === 'failed' ? (
            <ImportFailed file={state.file} failure={state.failure} headingId={ids.panel} onRetry={retry} />
          ) : (
            <ImportProgress
              file={state.file}
              step={
                state.phase === 'uploading'
                  ? 'uploading'
                  : state.phase === 'processing'
                    ? state.step
                    : 'finalizing'
              }
              progress={state.phase === 'uploading' ? state.progress : null}
              finished={state.phase === 'succeeded'}
              headingId={ids.panel}
            />
          )}
        </section>
        <AcceptedTypes headingId={ids.types} />
      </div>

      <input
        ref={input}
        type="file"
        accept={importAccept}
        hidden
        tabIndex={-1}
        data-testid="import-file-input"
        onChange={onInputChange}
      />
      {importer.elements}
    </div>
  );
}
