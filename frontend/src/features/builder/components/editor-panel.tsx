import './editor.css';
import { type FormEvent, memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionKey } from '#shared/resume';
import { builtInSections, CUSTOM_SECTION_PREFIX, orderedSections } from '#shared/resume-model';
import { useNotify } from '../../../components/notices.tsx';
import { useChange, useDocument } from '../store/document-store.ts';
import { AnnouncerProvider, useAnnounce } from './announcer.tsx';
import { DocumentAccessProvider, useGetDocument } from './document-access.tsx';
import { EditorIcon } from './editor-icons.tsx';
import { ImportReviewBanner } from './import-review-banner.tsx';
import { NewResumeNotice } from './new-resume-notice.tsx';
import { TextInput } from './sections/form-controls.tsx';
import { PersonalInfoEditor } from './sections/personal-info.tsx';
import { ReviewScope } from './sections/review-mark.tsx';
import { SectionBody } from './sections/section-body.tsx';
import { SectionFrame } from './sections/section-frame.tsx';
import {
  customSectionId,
  defaultTitle,
  displayTitle,
  type EditorSectionKey,
  sectionDomId,
  storedTitle,
} from './sections/section-titles.ts';
import { moveInList, SortableList, useSortableRow } from './sortable.tsx';

// Ids and paths are any text (imported ids too): quote them safely inside an attribute selector.
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The resume allows 60 ordered sections; the built-in ones take their share. */
const MAX_CUSTOM_SECTIONS = 60 - builtInSections.length;

/**
 * The editor column of /builder: every section of the resume, edited in place through the document store
 * (so the preview, autosave and undo follow each keystroke). No props: it edits whatever document the
 * store holds. Needs the app's providers around it (i18n, notices, query client, runtime config).
 */
export function EditorPanel() {
  return (
    <DocumentAccessProvider>
      <AnnouncerProvider>
        <Panel />
      </AnnouncerProvider>
    </DocumentAccessProvider>
  );
}

function Panel() {
  const { t } = useTranslation();
  const change = useChange();
  const get = useGetDocument();
  const notify = useNotify();
  const announce = useAnnounce();
  const order = useDocument(orderedSections);
  const panel = useRef<HTMLDivElement>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<EditorSectionKey>>(() => new Set());
  const [focusTarget, setFocusTarget] = useState<{ selector: string; scroll?: boolean | 'center' } | null>(
    null,
  );
  // The last mark "Show next" went to, so that the next press goes on from there.
  const lastShown = useRef<Element | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const target = panel.current?.querySelector<HTMLElement>(focusTarget.selector);
    if (target) {
      if (focusTarget.scroll === 'center') target.scrollIntoView({ block: 'center' });
      else if (focusTarget.scroll) target.closest('section')?.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: Boolean(focusTarget.scroll) });
      if (focusTarget.scroll === 'center') lastShown.current = target;
    }
    setFocusTarget(null);
  }, [focusTarget]);

  const toggle = useCallback((key: EditorSectionKey) => {
    setCollapsed((set) => {
      const next = new Set(set);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  const jump = useCallback((key: EditorSectionKey) => {
    setCollapsed((set) => {
      if (!set.has(key)) return set;
      const next = new Set(set);
      next.delete(key);
      return next;
    });
    setFocusTarget({ selector: `#${sectionDomId(key)} .editor-section__toggle`, scroll: true });
  }, []);

  const allKeys: EditorSectionKey[] = ['personalInfo', ...order];

  /**
   * The next field an import left to check, after the last one shown (in the editor's order, round to the
   * start): its section opened, its item opened (a closed item shows only its mark), the field focused.
   */
  const showNextReview = () => {
    const root = panel.current;
    if (!root) return;
    const marks = [...root.querySelectorAll<HTMLElement>('[data-review], [data-review-item]')].filter(
      (mark) =>
        mark.hasAttribute('data-review') ||
        mark.closest('[data-item]')?.querySelector('.editor-item__toggle[aria-expanded="false"]'),
    );
    const last = lastShown.current;
    const after = last?.isConnected
      ? marks.find((mark) => last.compareDocumentPosition(mark) & Node.DOCUMENT_POSITION_FOLLOWING)
      : undefined;
    const next = after ?? marks[0];
    if (!next) return;
    const section = next.closest('section.editor-section');
    const key = allKeys.find((k) => section?.id === sectionDomId(k));
    if (key) {
      setCollapsed((set) => {
        if (!set.has(key)) return set;
        const open = new Set(set);
        open.delete(key);
        return open;
      });
    }
    const itemId = next.getAttribute('data-review-item');
    if (itemId !== null) {
      next.closest('[data-item]')?.querySelector<HTMLButtonElement>('.editor-item__toggle')?.click();
      setFocusTarget({ selector: `[data-item=${quoted(itemId)}] [data-review]`, scroll: 'center' });
    } else {
      setFocusTarget({ selector: `[data-review=${quoted(next.dataset.review ?? '')}]`, scroll: 'center' });
    }
  };
  const allCollapsed = allKeys.every((key) => collapsed.has(key));
  const toggleAll = () => setCollapsed(allCollapsed ? new Set() : new Set(allKeys));

  const sectionLabel = useCallback(
    (key: string) => {
      const doc = get();
      const k = key as EditorSectionKey;
      return displayTitle(storedTitle(doc, k), defaultTitle(doc.settings.language, k), t);
    },
    [get, t],
  );

  const moveSection = useCallback(
    (from: number, to: number) => change({ sectionOrder: moveInList(orderedSections(get()), from, to) }),
    [change, get],
  );

  const deleteSection = useCallback(
    (key: EditorSectionKey) => {
      const id = customSectionId(key);
      if (id === null) return;
      const doc = get();
      const index = doc.customSections.findIndex((s) => s.id === id);
      const removed = doc.customSections[index];
      if (!removed) return;
      const sectionKey = key as SectionKey;
      const position = orderedSections(doc).indexOf(sectionKey);
      const wasHidden = doc.hiddenSections.includes(sectionKey);
      const title = sectionLabel(key);
      change({
        customSections: doc.customSections.filter((s) => s.id !== id),
        sectionOrder: orderedSections(doc).filter((k) => k !== sectionKey),
        hiddenSections: doc.hiddenSections.filter((k) => k !== sectionKey),
      });
      setFocusTarget({ selector: '.editor-add-section .button' });
      notify({
        title: t('editor.section.deleted', { section: title }),
        action: {
          label: t('editor.item.undo'),
          onClick: () => {
            const now = get();
            if (now.customSections.some((s) => s.id === id)) return;
            const sections = [...now.customSections];
            sections.splice(Math.min(index, sections.length), 0, removed);
            const restoredOrder = orderedSections(now).filter((k) => k !== sectionKey);
            restoredOrder.splice(Math.min(position, restoredOrder.length), 0, sectionKey);
            change({
              customSections: sections,
              sectionOrder: restoredOrder,
              hiddenSections: wasHidden ? [...now.hiddenSections, sectionKey] : now.hiddenSections,
            });
            announce(t('editor.section.restored', { section: title }));
            setFocusTarget({ selector: `#${sectionDomId(key)} .editor-section__toggle` });
          },
        },
      });
    },
    [get, change, notify, announce, sectionLabel, t],
  );

  const added = useCallback((key: EditorSectionKey) => {
    setFocusTarget({ selector: `#${sectionDomId(key)} .editor-list__add .button`, scroll: true });
  }, []);

  return (
    <div className="editor-panel" ref={panel}>
      <NewResumeNotice />
      <ImportReviewBanner
        onShowNext={showNextReview}
        onConfirmedAll={() => setFocusTarget({ selector: '.editor-section__toggle' })}
      />
      <SectionNav order={order} allCollapsed={allCollapsed} onJump={jump} onToggleAll={toggleAll} />
      <SectionFrame sectionKey="personalInfo" collapsed={collapsed.has('personalInfo')} onToggle={toggle}>
        <ReviewScope value="personalInfo">
          <PersonalInfoEditor />
        </ReviewScope>
      </SectionFrame>
      <SortableList ids={order} labelOf={sectionLabel} onMove={moveSection}>
        {order.map((key) => (
          <SortableSection
            key={key}
            sectionKey={key}
            collapsed={collapsed.has(key)}
            onToggle={toggle}
            onDelete={key.startsWith(CUSTOM_SECTION_PREFIX) ? deleteSection : undefined}
          />
        ))}
      </SortableList>
      <AddCustomSection count={order.length - builtInSections.length} onAdded={added} />
    </div>
  );
}

const SortableSection = memo(function SortableSection({
  sectionKey,
  collapsed,
  onToggle,
  onDelete,
}: {
  sectionKey: SectionKey;
  collapsed: boolean;
  onToggle: (key: EditorSectionKey) => void;
  onDelete: ((key: EditorSectionKey) => void) | undefined;
}) {
  const sortable = useSortableRow(sectionKey);
  return (
    <SectionFrame
      sectionKey={sectionKey}
      collapsed={collapsed}
      onToggle={onToggle}
      sortable={sortable}
      {...(onDelete ? { onDelete } : {})}
    >
      <SectionBody sectionKey={sectionKey} />
    </SectionFrame>
  );
});

/** Jump links to every section (a long resume stays one press from any part), and collapse/expand all. */
function SectionNav({
  order,
  allCollapsed,
  onJump,
  onToggleAll,
}: {
  order: readonly SectionKey[];
  allCollapsed: boolean;
  onJump: (key: EditorSectionKey) => void;
  onToggleAll: () => void;
}) {
  const { t } = useTranslation();
  const keys: EditorSectionKey[] = ['personalInfo', ...order];
  const titles = useDocument((d) => keys.map((key) => storedTitle(d, key)));
  const language = useDocument((d) => d.settings.language);
  const hidden = useDocument((d) => d.hiddenSections);
  const strip = useRef<HTMLOListElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  // The links scroll sideways in one row; arrows show where more of them are hidden, for mouse users
  // (keyboard users tab through the links, which scroll into view by themselves).
  const measure = useCallback(() => {
    const list = strip.current;
    if (!list) return;
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);
  useEffect(() => {
    const list = strip.current;
    if (!list) return;
    list.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);
  // Renamed, added or removed sections change the row's length without resizing it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the links change
  useEffect(measure, [measure, titles, order]);

  const scroll = (direction: 1 | -1) =>
    strip.current?.scrollBy({ left: direction * strip.current.clientWidth * 0.7, behavior: 'smooth' });
  const toggleLabel = allCollapsed ? t('editor.nav.expandAll') : t('editor.nav.collapseAll');

  return (
    <nav className="editor-nav" aria-label={t('editor.nav.label')}>
      <div className="editor-nav__strip">
        {edges.start ? (
          <button
            type="button"
            className="editor-nav__arrow editor-nav__arrow--start"
            tabIndex={-1}
            aria-hidden="true"
            onClick={() => scroll(-1)}
          >
            <EditorIcon name="chevronRight" size={16} />
          </button>
        ) : null}
        <ol className="editor-nav__list" ref={strip}>
          {keys.map((key, index) => {
            const isHidden = hidden.includes(key as SectionKey);
            return (
              <li key={key}>
                <a
                  href={`#${sectionDomId(key)}`}
                  className="editor-nav__link"
                  data-hidden={isHidden || undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    onJump(key);
                  }}
                >
                  {isHidden ? <EditorIcon name="eyeOff" size={14} /> : null}
                  {displayTitle(titles[index] ?? '', defaultTitle(language, key), t)}
                  {isHidden ? (
                    <span className="visually-hidden"> ({t('editor.section.hiddenBadge')})</span>
                  ) : null}
                </a>
              </li>
            );
          })}
        </ol>
        {edges.end ? (
          <button
            type="button"
            className="editor-nav__arrow editor-nav__arrow--end"
            tabIndex={-1}
            aria-hidden="true"
            onClick={() => scroll(1)}
          >
            <EditorIcon name="chevronRight" size={16} />
          </button>
        ) : null}
      </div>
      <button
        type="button"
        className="button button--ghost editor-small-button editor-nav__toggle"
        onClick={onToggleAll}
        title={toggleLabel}
      >
        <EditorIcon name={allCollapsed ? 'expand' : 'collapse'} size={16} />
        <span className="editor-nav__toggle-text">{toggleLabel}</span>
      </button>
    </nav>
  );
}

/** A new custom section: a title first, then its items like any other list. */
function AddCustomSection({ count, onAdded }: { count: number; onAdded: (key: EditorSectionKey) => void }) {
  const { t } = useTranslation();
  const change = useChange();
  const get = useGetDocument();
  const announce = useAnnounce();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  const full = count >= MAX_CUSTOM_SECTIONS;

  // Cancelling returns the focus to the button that opened the form.
  useEffect(() => {
    if (!open && cancelled.current) {
      cancelled.current = false;
      addButton.current?.focus();
    }
  }, [open]);

  function cancel() {
    cancelled.current = true;
    setTitle('');
    setOpen(false);
  }

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const doc = get();
    const id = crypto.randomUUID();
    const key = `${CUSTOM_SECTION_PREFIX}${id}` as SectionKey;
    change({
      customSections: [...doc.customSections, { id, title: title.trim(), items: [] }],
      sectionOrder: [...orderedSections(doc), key],
    });
    announce(t('editor.custom.added', { section: title.trim() || t('editor.section.untitled') }));
    setTitle('');
    setOpen(false);
    onAdded(key);
  }

  if (!open) {
    return (
      <div className="editor-add-section">
        <button
          ref={addButton}
          type="button"
          className="button button--secondary"
          onClick={() => setOpen(true)}
          disabled={full}
        >
          <EditorIcon name="plus" size={16} />
          {t('editor.custom.add')}
        </button>
        {full ? (
          <p className="field__hint">{t('editor.custom.full', { count: MAX_CUSTOM_SECTIONS })}</p>
        ) : null}
      </div>
    );
  }
  return (
    <form className="editor-add-section editor-add-section--open" onSubmit={create}>
      <TextInput
        label={t('editor.custom.titleLabel')}
        hint={t('editor.custom.titleHint')}
        value={title}
        onValue={setTitle}
        maxLength={100}
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Escape') cancel();
        }}
      />
      <div className="editor-add-section__actions">
        <button type="submit" className="button button--primary">
          {t('editor.custom.create')}
        </button>
        <button type="button" className="button button--ghost" onClick={cancel}>
          {t('editor.custom.cancel')}
        </button>
      </div>
    </form>
  );
}
