import type { TFunction } from 'i18next';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmptyItem, MAX_LIST_ITEMS } from '#shared/resume-model';
import { useNotify } from '../../../../components/notices.tsx';
import { marksOn } from '../../lib/import-review.ts';
import { documentStore, useDocument } from '../../store/document-store.ts';
import { useAnnounce } from '../announcer.tsx';
import { EditorIcon } from '../editor-icons.tsx';
import { DragHandle, moveInList, SortableList, useSortableRow } from '../sortable.tsx';
import { FreshItemContext } from './form-controls.tsx';
import { ItemFields, incompleteNote } from './item-fields.tsx';
import { type AddItem, type ItemKind, summaryText } from './item-kind.ts';
import { ReviewScope } from './review-mark.tsx';

interface Item {
  id: string;
}

export interface ItemListProps<T extends Item> {
  kind: ItemKind<T>;
  /** The undo-step prefix of this list, e.g. `experience` or `customSections.{id}`. */
  scope: string;
  items: readonly T[];
  /** The latest list, for event handlers. */
  read: () => readonly T[];
  write: (next: T[], coalesce?: string) => void;
}

// Ids are uuids, but imported ones are any text: quote them safely inside an attribute selector.
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

const selectorFor = {
  item: (id: string) => `[data-item=${quoted(id)}]`,
  toggle: (id: string) => `${selectorFor.item(id)} .editor-item__toggle`,
  field: (id: string, field?: string) =>
    field
      ? `${selectorFor.item(id)} [data-field=${quoted(field)}]`
      : `${selectorFor.item(id)} .editor-item__body :is(input, select, textarea)`,
  add: '.editor-list__add .button',
};

function labelOf<T extends Item>(kind: ItemKind<T>, item: T, t: TFunction): string {
  return summaryText(kind.summary(item, t)) || t(`editor.kinds.${kind.name}.untitled`);
}

/**
 * One section's items: add (the new item opens with the focus in its first field), edit, delete with an
 * Undo notice that puts the item back where it was, reorder by drag or keyboard, and collapse to a one-line
 * summary (an item closed with nothing in it is removed). Rows are memoised and get their own item only, so typing re-renders one row.
 */
export function ItemList<T extends Item>({ kind, scope, items, read, write }: ItemListProps<T>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const announce = useAnnounce();
  const container = useRef<HTMLDivElement>(null);
  // Items an import left fields to check in open with the editor, so their marks are in sight.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => {
    const review = documentStore.getState().doc.importReview;
    return new Set(items.filter((item) => marksOn(review, `${scope}.${item.id}`) > 0).map((item) => item.id));
  });
  // Items added in this session: their blank required fields are not flagged until the user moves on.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  const idKey = items.map((item) => item.id).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids change exactly when idKey does
  const ids = useMemo(() => items.map((item) => item.id), [idKey]);

  // Focus moves after the render that shows its target (a new item's field, a neighbour after a delete).
  useEffect(() => {
    if (!focusTarget) return;
    const target = container.current?.querySelector<HTMLElement>(focusTarget);
    if (target) {
      target.focus();
      if (target instanceof HTMLInputElement && target.type === 'text') {
        target.setSelectionRange(target.value.length, target.value.length);
      }
    }
    setFocusTarget(null);
  }, [focusTarget]);

  const add = useCallback<AddItem<T>>(
    (seed, focusField) => {
      const item = { ...kind.create(), ...seed } as T;
      write([...read(), item]);
      setExpanded((set) => new Set(set).add(item.id));
      setFresh((set) => new Set(set).add(item.id));
      setFocusTarget(selectorFor.field(item.id, focusField));
      announce(t(`editor.kinds.${kind.name}.added`));
    },
    [kind, read, write, announce, t],
  );

  const toggle = useCallback(
    (id: string) => {
      // Closing an item with nothing in it removes it: an item added and left blank is not content.
      const list = read();
      const index = list.findIndex((item) => item.id === id);
      const item = list[index];
      if (expanded.has(id) && item && isEmptyItem(item)) {
        write(list.filter((other) => other.id !== id));
        setExpanded((set) => {
          const next = new Set(set);
          next.delete(id);
          return next;
        });
        const neighbour = list[index + 1] ?? list[index - 1];
        setFocusTarget(neighbour ? selectorFor.toggle(neighbour.id) : selectorFor.add);
        announce(t('editor.item.emptyRemoved', { item: labelOf(kind, item, t) }));
        return;
      }
      setExpanded((set) => {
        const next = new Set(set);
        if (!next.delete(id)) next.add(id);
        return next;
      });
      // A collapsed item is no longer "just added": its missing fields are flagged from now on.
      setFresh((set) => {
        if (!set.has(id)) return set;
        const next = new Set(set);
        next.delete(id);
        return next;
      });
    },
    [expanded, read, write, kind, announce, t],
  );

  const patch = useCallback(
    (id: string, changes: Partial<T>, field: string) =>
      write(
        read().map((item) => (item.id === id ? { ...item, ...changes } : item)),
        `${scope}.${id}.${field}`,
      ),
    [read, write, scope],
  );

  const remove = useCallback(
    (id: string) => {
      const list = read();
      const index = list.findIndex((item) => item.id === id);
      const removed = list[index];
      if (!removed) return;
      const label = labelOf(kind, removed, t);
      write(list.filter((item) => item.id !== id));
      const neighbour = list[index + 1] ?? list[index - 1];
      setFocusTarget(neighbour ? selectorFor.toggle(neighbour.id) : selectorFor.add);
      notify({
        title: t('editor.item.deleted', { item: label }),
        action: {
          label: t('editor.item.undo'),
          onClick: () => {
            const now = read();
            // Already back (the editor's own undo got there first): nothing to do.
            if (now.some((item) => item.id === id)) return;
            const next = [...now];
            next.splice(Math.min(index, next.length), 0, removed);
            write(next);
            announce(t('editor.item.restored', { item: label }));
            setFocusTarget(selectorFor.toggle(id));
          },
        },
      });
    },
    [kind, read, write, notify, announce, t],
  );

  const move = useCallback((from: number, to: number) => write(moveInList(read(), from, to)), [read, write]);
  const dragLabel = useCallback(
    (id: string) => {
      const item = read().find((i) => i.id === id);
      return item ? labelOf(kind, item, t) : '';
    },
    [kind, read, t],
  );

  const full = items.length >= MAX_LIST_ITEMS;
  return (
    <div className="editor-list" ref={container}>
      {items.length === 0 ? (
        <p className="editor-list__empty">{t(`editor.kinds.${kind.name}.empty`)}</p>
      ) : (
        <SortableList ids={ids} labelOf={dragLabel} onMove={move}>
          <ol className="editor-items">
            {items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                reviewScope={`${scope}.${item.id}`}
                kind={kind as unknown as ItemKind<Item>}
                expanded={expanded.has(item.id)}
                fresh={fresh.has(item.id)}
                onToggle={toggle}
                onPatch={patch as (id: string, changes: Partial<Item>, field: string) => void}
                onDelete={remove}
              />
            ))}
          </ol>
        </SortableList>
      )}
      <div className="editor-list__add">
        <button type="button" className="button button--secondary" onClick={() => add()} disabled={full}>
          <EditorIcon name="plus" size={16} />
          {t(`editor.kinds.${kind.name}.add`)}
        </button>
        {kind.Presets && !full ? <kind.Presets add={add} /> : null}
        {full ? <p className="field__hint">{t('editor.item.full', { count: MAX_LIST_ITEMS })}</p> : null}
      </div>
    </div>
  );
}

const ItemRow = memo(function ItemRow({
  item,
  reviewScope,
  kind,
  expanded,
  fresh,
  onToggle,
  onPatch,
  onDelete,
}: {
  item: Item;
  /** Where the item's fields sit for the import review: `experience.{id}`. */
  reviewScope: string;
  kind: ItemKind<Item>;
  expanded: boolean;
  fresh: boolean;
  onToggle: (id: string) => void;
  onPatch: (id: string, changes: Partial<Item>, field: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { setNodeRef, style, isDragging, handle } = useSortableRow(item.id);
  const summary = summaryText(kind.summary(item, t));
  const label = summary || t(`editor.kinds.${kind.name}.untitled`);
  const incomplete = incompleteNote(kind.name, item, t);
  // While a just-added item is open, its blank fields are work in progress, not something to flag.
  const warning = incomplete && !(fresh && expanded) ? incomplete : null;
  const patch = useCallback(
    (changes: Partial<Item>, field: string) => onPatch(item.id, changes, field),
    [item.id, onPatch],
  );
  const marks = useDocument((d) => marksOn(d.importReview, reviewScope));
  const describedBy = [warning ? `${id}-warning` : '', marks > 0 ? `${id}-review` : ''].filter(Boolean);

  return (
    <li
      ref={setNodeRef}
      style={style}
      className="editor-item"
      data-item={item.id}
      data-dragging={isDragging || undefined}
      data-expanded={expanded || undefined}
    >
      <div className="editor-item__header">
        <DragHandle label={t('editor.item.move', { item: label })} handle={handle} />
        <button
          type="button"
          id={`${id}-toggle`}
          className="editor-item__toggle"
          aria-expanded={expanded}
          aria-controls={`${id}-body`}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          onClick={() => onToggle(item.id)}
        >
          <EditorIcon name="chevronRight" className="editor-chevron" />
          <span
            className={summary ? 'editor-item__summary' : 'editor-item__summary editor-item__summary--empty'}
          >
            {label}
          </span>
        </button>
        {marks > 0 ? (
          <span
            className="editor-item__review"
            id={`${id}-review`}
            data-review-item={item.id}
            title={t('editor.review.itemMarks', { count: marks })}
          >
            <EditorIcon name="flag" size={14} />
            <span className="editor-item__review-text">{t('editor.review.itemMarks', { count: marks })}</span>
          </span>
        ) : null}
        <button
          type="button"
          className="editor-icon-button editor-item__delete"
          aria-label={t('editor.item.delete', { item: label })}
          title={t('editor.item.delete', { item: label })}
          onClick={() => onDelete(item.id)}
        >
          <EditorIcon name="trash" />
        </button>
      </div>
      {warning ? (
        <p className="editor-item__warning" id={`${id}-warning`}>
          <EditorIcon name="alert" size={16} />
          <span>{warning}</span>
        </p>
      ) : null}
      <fieldset
        id={`${id}-body`}
        className="editor-item__body"
        aria-labelledby={`${id}-toggle`}
        hidden={!expanded}
      >
        {expanded ? (
          <FreshItemContext value={fresh}>
            <ReviewScope value={reviewScope}>
              <ItemFields name={kind.name} fields={kind.fields} item={item} patch={patch} />
            </ReviewScope>
          </FreshItemContext>
        ) : null}
      </fieldset>
    </li>
  );
});
