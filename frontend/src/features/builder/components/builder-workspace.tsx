import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFullScreen } from '../../../components/full-screen.tsx';
import { useEditorShortcuts } from '../hooks/use-editor-shortcuts.ts';
import { redo, undo, useChange, useDocument, useHistoryState } from '../store/document-store.ts';
import type { SyncEngine } from '../store/sync-engine.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
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
      value={title}
      onChange={(event) => change({ title: event.target.value }, { coalesce: 'title' })}
    />
  );
}

function HistoryButtons() {
  const { t } = useTranslation();
  const { canUndo, canRedo } = useHistoryState();
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

export interface WorkspaceSlots {
  editor?: ReactNode;
  preview?: ReactNode;
  toolbarEnd?: ReactNode;
}

/**
 * The builder: a toolbar (title, autosave status, undo and redo, template, full screen), the editor
 * column and the live preview beside it (a toggle on narrow screens), and the conflict dialog.
 */
export function BuilderWorkspace({
  engine,
  editor,
  preview,
  toolbarEnd,
}: { engine: SyncEngine } & WorkspaceSlots) {
  const { t } = useTranslation();
  const fullScreen = useFullScreen();
  const [showPreview, setShowPreview] = useState(false);
  useEditorShortcuts(true);

  return (
    <div className="builder" data-show-preview={showPreview}>
      <header className="builder-toolbar">
        <Link to="/resumes" className="builder-toolbar__back" aria-label={t('builder.back')}>
          <span aria-hidden="true">←</span>
        </Link>
        <TitleField />
        <SyncStatus engine={engine} />
        <div className="builder-toolbar__spacer" />
        <HistoryButtons />
        {toolbarEnd}
        <button
          type="button"
          className="button button--secondary button--small builder-toolbar__preview-toggle"
          aria-pressed={showPreview}
          onClick={() => setShowPreview((v) => !v)}
        >
          {showPreview ? t('builder.showEditor') : t('builder.showPreview')}
        </button>
        {/* In full screen the app layout shows its own exit button. */}
        {fullScreen.isFullScreen ? null : (
          <button type="button" className="button button--ghost button--small" onClick={fullScreen.enter}>
            {t('builder.fullScreen')}
          </button>
        )}
      </header>
      <div className="builder__body">
        <section className="builder__editor" aria-label={t('builder.editorRegion')}>
          {editor}
        </section>
        <section className="builder__preview" aria-label={t('builder.previewRegion')}>
          {preview}
        </section>
      </div>
      <ConflictDialog engine={engine} />
    </div>
  );
}
