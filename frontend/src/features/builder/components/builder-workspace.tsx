import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hasPaidAccess } from '#shared/plans';
import { templateById } from '#shared/templates/registry';
import { useFullScreen } from '../../../components/full-screen.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useMe } from '../../../lib/get-me.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useEditorShortcuts } from '../hooks/use-editor-shortcuts.ts';
import { useHistoryFeedback } from '../hooks/use-history-feedback.ts';
import { useReopenedDialog } from '../hooks/use-reopened-dialog.ts';
import { loadPreviewPane, WIDE_SCREEN } from '../lib/layout.ts';
import { useChange, useDocument, useHistoryState } from '../store/document-store.ts';
import type { SyncEngine } from '../store/sync-engine.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
import { DesignDialog } from './design-dialog.tsx';
import { EditorPanel } from './editor-panel.tsx';
import { JsonResumeMenu } from './json-resume-menu.tsx';
import { BuilderPdfButton } from './pdf-download.tsx';
import { SyncStatus } from './sync-status.tsx';
import './builder.css';

/** The resume title, edited in place in the toolbar. */
function TitleField() {
  const { t } = useTranslation();
  const title = useDocument((doc) => doc.title);
  const change = useChange();
  return (
    <input
      className="builder-title"
      aria-label={t('builder.fields.title')}
      placeholder={t('resumes.untitled')}
      maxLength={200}
      title={title}
      value={title}
      onChange={(event) => change({ title: event.target.value }, { coalesce: 'title' })}
    />
  );
}

function HistoryButtons() {
  const { t } = useTranslation();
  const { canUndo, canRedo } = useHistoryState();
  const { undo, redo } = useHistoryFeedback();
  return (
    <div className="builder-toolbar__group">
      <button
        type="button"
        className="icon-button"
        onClick={undo}
        disabled={!canUndo}
        aria-label={t('builder.undo')}
        title={t('builder.undoShortcut')}
      >
        <span aria-hidden="true">↶</span>
      </button>
      <button
        type="button"
        className="icon-button"
        onClick={redo}
        disabled={!canRedo}
        aria-label={t('builder.redo')}
        title={t('builder.redoShortcut')}
      >
        <span aria-hidden="true">↷</span>
      </button>
    </div>
  );
}

// The preview and the templates load with the preview's first showing (at once on wide screens, where
// app/signed-in-modules.ts also fetches them with the builder), not with the editor.
const PreviewPane = lazy(async () => ({ default: (await loadPreviewPane()).PreviewPane }));
const TemplateThumbnail = lazy(async () => ({ default: (await loadPreviewPane()).TemplateThumbnail }));

function DesignButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const template = useDocument((doc) => doc.template);
  const info = templateById(template);
  const name = (t as unknown as (key: string, o: object) => string)(`builder.templates.${info.id}.name`, {
    defaultValue: info.name,
  });
  return (
    // The template's name is the visible text (the title has the room); its full name says what the button is.
    <button
      type="button"
      className="button button--secondary button--small builder-toolbar__design"
      onClick={onClick}
      aria-label={t('builder.designButtonTemplate', { name })}
      title={t('builder.designButtonTemplate', { name })}
    >
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3 5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z M9 3v18 M9 9h12" />
      </svg>
      {name}
    </button>
  );
}

/**
 * The builder: a toolbar (title, autosave status, undo and redo, template, JSON, PDF, full screen), the
 * editor column and the live preview beside it (a toggle on narrow screens), and the conflict dialog.
 */
export function BuilderWorkspace({ engine }: { engine: SyncEngine }) {
  const { t } = useTranslation();
  const fullScreen = useFullScreen();
  const me = useMe();
  const [showPreview, setShowPreview] = useState(false);
  // The preview is drawn (and its template's fonts fetched) once it is on screen: always beside the editor on
  // wide screens, on narrow ones from the first time it is asked for (then it stays, to switch back at once).
  const wide = useMediaQuery(WIDE_SCREEN);
  const [previewWanted, setPreviewWanted] = useState(false);
  if (!previewWanted && (wide || showPreview || fullScreen.isFullScreen)) setPreviewWanted(true);
  const [designOpen, setDesignOpen] = useReopenedDialog('design');
  const [trying, setTrying] = useState<string | null>(null);
  const paid = me.data ? hasPaidAccess(me.data.subscription, me.data.role) : false;
  useEditorShortcuts(!designOpen);

  return (
    <div
      className="builder"
      data-show-preview={showPreview}
      data-fullscreen={fullScreen.isFullScreen || undefined}
    >
      {/* The page's heading, for screen readers and the focus after a navigation: the toolbar shows the
          resume's own title, as a field. */}
      <h1 className="visually-hidden">{t('builder.title')}</h1>
      {/* In full screen the preview is alone on the page; the editor and its toolbar stay mounted (hidden), so
          coming back finds them as they were. */}
      <header className="builder-toolbar" hidden={fullScreen.isFullScreen}>
        <Link to="/resumes" className="builder-toolbar__back" aria-label={t('builder.back')}>
          <span aria-hidden="true">←</span>
        </Link>
        <div className="builder-toolbar__doc">
          <TitleField />
          <SyncStatus engine={engine} />
        </div>
        <div className="builder-toolbar__actions">
          <HistoryButtons />
          <DesignButton onClick={() => setDesignOpen(true)} />
          <JsonResumeMenu engine={engine} />
          <BuilderPdfButton engine={engine} />
          <button
            type="button"
            className="button button--secondary button--small builder-toolbar__preview-toggle"
            aria-pressed={showPreview}
            onClick={() => setShowPreview((v) => !v)}
          >
            {showPreview ? t('builder.showEditor') : t('builder.showPreview')}
          </button>
          <button
            type="button"
            className="icon-button builder-toolbar__fullscreen"
            onClick={fullScreen.enter}
            aria-label={t('builder.fullScreen')}
            title={t('builder.fullScreen')}
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
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
            </svg>
          </button>
        </div>
      </header>
      <div className="builder__body">
        <section
          className="builder__editor"
          aria-label={t('builder.editorRegion')}
          hidden={fullScreen.isFullScreen}
        >
          <EditorPanel />
        </section>
        <section className="builder__preview" aria-label={t('builder.previewRegion')}>
          {previewWanted ? (
            <Suspense fallback={<Loading />}>
              <PreviewPane
                trying={trying}
                onStopTrying={() => setTrying(null)}
                fullScreen={fullScreen.isFullScreen ? { onExit: fullScreen.exit } : null}
              />
            </Suspense>
          ) : null}
        </section>
      </div>
      <ConflictDialog engine={engine} />
      <DesignDialog
        open={designOpen}
        onClose={() => setDesignOpen(false)}
        paid={paid}
        trying={trying}
        onTry={(id) => {
          setTrying(id);
          // Trying a template is about seeing it: show the preview on narrow screens.
          if (id) {
            setDesignOpen(false);
            if (!wide) setShowPreview(true);
          }
        }}
        thumbnail={(id) =>
          designOpen ? (
            <Suspense fallback={null}>
              <TemplateThumbnail templateId={id} />
            </Suspense>
          ) : null
        }
      />
    </div>
  );
}
