import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useChange, useDocument } from '../../store/document-store.ts';
import { useAnnounce } from '../announcer.tsx';
import { useGetDocument } from '../document-access.tsx';
import { EditorIcon } from '../editor-icons.tsx';
import { DragHandle, type useSortableRow } from '../sortable.tsx';
import {
  customSectionId,
  defaultTitle,
  displayTitle,
  type EditorSectionKey,
  itemCount,
  sectionDomId,
  storedTitle,
} from './section-titles.ts';

/** Write a section's title where it lives: `sectionTitle`, or the custom section's own `title`. */
function useWriteTitle(key: EditorSectionKey) {
  const change = useChange();
  const get = useGetDocument();
  return (title: string) => {
    const doc = get();
    const id = customSectionId(key);
    if (id !== null) {
      change(
        { customSections: doc.customSections.map((s) => (s.id === id ? { ...s, title } : s)) },
        { coalesce: `customSections.${id}.title` },
      );
    } else {
      change({ sectionTitle: { ...doc.sectionTitle, [key]: title } }, { coalesce: `sectionTitle.${key}` });
    }
  };
}

/**
 * A section of the editor: a heading that collapses it, its title renamed in place (with a reset to the
 * default), its visibility on the resume (hidden sections stay editable, with a badge), and for orderable
 * sections a drag handle. A region named by its title, so it can be found by name.
 */
export function SectionFrame({
  sectionKey,
  collapsed,
  onToggle,
  sortable,
  onDelete,
  children,
}: {
  sectionKey: EditorSectionKey;
  collapsed: boolean;
  onToggle: (key: EditorSectionKey) => void;
  sortable?: ReturnType<typeof useSortableRow>;
  /** Custom sections can be deleted (with Undo). */
  onDelete?: (key: EditorSectionKey) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const announce = useAnnounce();
  const change = useChange();
  const get = useGetDocument();
  const stored = useDocument((d) => storedTitle(d, sectionKey));
  const language = useDocument((d) => d.settings.language);
  const hidden = useDocument((d) => d.hiddenSections.includes(sectionKey as never));
  const count = useDocument((d) => itemCount(d, sectionKey));
  const fallback = defaultTitle(language, sectionKey);
  const title = displayTitle(stored, fallback, t);
  const hideable = sectionKey !== 'personalInfo';

  function toggleHidden() {
    const list = get().hiddenSections;
    const key = sectionKey as (typeof list)[number];
    change({ hiddenSections: hidden ? list.filter((k) => k !== key) : [...list, key] });
    announce(t(hidden ? 'editor.section.shownNow' : 'editor.section.hiddenNow', { section: title }));
  }

  return (
    <section
      ref={sortable?.setNodeRef}
      style={sortable?.style}
      id={sectionDomId(sectionKey)}
      className="editor-section"
      aria-label={title}
      data-hidden={hidden || undefined}
      data-collapsed={collapsed || undefined}
      data-dragging={sortable?.isDragging || undefined}
    >
      <div className="editor-section__header">
        {sortable ? (
          <DragHandle label={t('editor.section.move', { section: title })} handle={sortable.handle} />
        ) : null}
        <TitleArea
          sectionKey={sectionKey}
          title={title}
          stored={stored}
          fallback={fallback}
          count={count}
          collapsed={collapsed}
          bodyId={`${id}-body`}
          onToggle={onToggle}
        />
        <div className="editor-section__actions">
          {hideable ? (
            <button
              type="button"
              className="editor-icon-button"
              aria-label={t(hidden ? 'editor.section.show' : 'editor.section.hide', { section: title })}
              title={t(hidden ? 'editor.section.show' : 'editor.section.hide', { section: title })}
              onClick={toggleHidden}
            >
              <EditorIcon name={hidden ? 'eyeOff' : 'eye'} />
            </button>
          ) : null}
          {onDelete ? (
            <button
              type="button"
              className="editor-icon-button"
              aria-label={t('editor.section.delete', { section: title })}
              title={t('editor.section.delete', { section: title })}
              onClick={() => onDelete(sectionKey)}
            >
              <EditorIcon name="trash" />
            </button>
          ) : null}
        </div>
      </div>
      {hidden ? (
        <p className="editor-section__status">
          <span className="editor-badge">
            <EditorIcon name="eyeOff" size={14} />
            {t('editor.section.hiddenBadge')}
          </span>
        </p>
      ) : null}
      <div id={`${id}-body`} className="editor-section__body" hidden={collapsed}>
        {children}
      </div>
    </section>
  );
}

/** The heading (a button that collapses the section) and the rename control that replaces it. */
function TitleArea({
  sectionKey,
  title,
  stored,
  fallback,
  count,
  collapsed,
  bodyId,
  onToggle,
}: {
  sectionKey: EditorSectionKey;
  title: string;
  stored: string;
  fallback: string | null;
  count: number | undefined;
  collapsed: boolean;
  bodyId: string;
  onToggle: (key: EditorSectionKey) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const writeTitle = useWriteTitle(sectionKey);
  const [renaming, setRenaming] = useState<{ original: string } | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const group = useRef<HTMLDivElement>(null);
  const wasRenaming = useRef(false);

  // Into the field when renaming starts, back to the rename button when it ends.
  useEffect(() => {
    if (renaming) input.current?.focus();
    else if (wasRenaming.current) renameButton.current?.focus();
    wasRenaming.current = renaming !== null;
  }, [renaming]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      setRenaming(null);
    } else if (event.key === 'Escape' && renaming) {
      event.preventDefault();
      if (stored !== renaming.original) writeTitle(renaming.original);
      setRenaming(null);
    }
  }

  // Leaving the rename controls ends renaming; moving between them (field, reset, done) does not.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!group.current?.contains(event.relatedTarget as Node | null)) setRenaming(null);
  };

  if (renaming) {
    return (
      <div className="editor-section__rename" ref={group}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('editor.section.titleLabel')}
        </label>
        <input
          id={inputId}
          ref={input}
          value={stored}
          placeholder={fallback ?? t('editor.section.untitled')}
          maxLength={100}
          onChange={(event) => writeTitle(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        {fallback !== null && stored !== fallback ? (
          <button
            type="button"
            className="editor-icon-button"
            aria-label={t('editor.section.reset', { title: fallback })}
            title={t('editor.section.reset', { title: fallback })}
            onBlur={onBlur}
            onClick={() => {
              writeTitle(fallback);
              setRenaming(null);
            }}
          >
            <EditorIcon name="reset" />
          </button>
        ) : null}
        <button
          type="button"
          className="editor-icon-button"
          aria-label={t('editor.section.renameDone')}
          title={t('editor.section.renameDone')}
          onBlur={onBlur}
          onClick={() => setRenaming(null)}
        >
          <EditorIcon name="check" />
        </button>
      </div>
    );
  }

  return (
    <>
      <h2 className="editor-section__title">
        <button
          type="button"
          className="editor-section__toggle"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          onClick={() => onToggle(sectionKey)}
        >
          <EditorIcon name="chevronRight" className="editor-chevron" />
          <span className="editor-section__name">{title}</span>
          {count !== undefined ? (
            <span className="editor-section__count">{t('editor.section.count', { count })}</span>
          ) : null}
        </button>
      </h2>
      <button
        ref={renameButton}
        type="button"
        className="editor-icon-button editor-section__rename-button"
        aria-label={t('editor.section.rename', { section: title })}
        title={t('editor.section.rename', { section: title })}
        onClick={() => setRenaming({ original: stored })}
      >
        <EditorIcon name="pencil" />
      </button>
    </>
  );
}
