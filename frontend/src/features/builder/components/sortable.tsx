import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type CSSProperties, type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorIcon } from './editor-icons.tsx';

// Lists only go up and down: a sideways drift while dragging is noise.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
// Module constants, not literals in render: dnd-kit rebuilds its context (and re-renders every row) when
// the sensors' options or the modifiers change identity.
const modifiers = [verticalOnly];
// A few pixels before a drag starts, so a click on the handle stays a click.
const pointerOptions = { activationConstraint: { distance: 4 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

/**
 * A list reordered by dragging a handle or, from the keyboard, by Space/Enter on the handle, arrows, and
 * Space/Enter again (Escape cancels). Screen readers hear translated instructions and each move.
 * `ids` must keep its identity while the order is unchanged: a new array re-renders every row.
 */
export function SortableList({
  ids,
  labelOf,
  onMove,
  children,
}: {
  ids: readonly string[];
  /** The row's name for announcements, read when it is needed (the latest text). */
  labelOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const contextId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, pointerOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );

  const accessibility = useMemo(() => {
    const count = ids.length;
    const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
    const item = (id: UniqueIdentifier) => labelOf(String(id));
    // dnd-kit reports "over itself" right after the pick-up; saying "moved" then would drown "picked up".
    let lastOver: UniqueIdentifier | null = null;
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        lastOver = active.id;
        return t('editor.dnd.pickedUp', { item: item(active.id), position: position(active.id), count });
      },
      onDragOver: ({ active, over }) => {
        if ((over?.id ?? null) === lastOver) return undefined;
        lastOver = over?.id ?? null;
        return over
          ? t('editor.dnd.movedTo', { item: item(active.id), position: position(over.id), count })
          : t('editor.dnd.notOver', { item: item(active.id) });
      },
      onDragEnd: ({ active, over }) =>
        over
          ? t('editor.dnd.dropped', { item: item(active.id), position: position(over.id), count })
          : t('editor.dnd.cancelled', { item: item(active.id), position: position(active.id), count }),
      onDragCancel: ({ active }) =>
        t('editor.dnd.cancelled', { item: item(active.id), position: position(active.id), count }),
    };
    return { announcements, screenReaderInstructions: { draggable: t('editor.dnd.instructions') } };
  }, [ids, labelOf, t]);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  return (
    <DndContext
      id={contextId}
      sensors={sensors}
      modifiers={modifiers}
      collisionDetection={closestCenter}
      accessibility={accessibility}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids as string[]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A row of a SortableList: its node ref and style, and the props of its drag handle. */
export function useSortableRow(id: string) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
  };
  return { setNodeRef, style, isDragging, handle: { attributes, listeners, setActivatorNodeRef } };
}

export type SortableHandleProps = ReturnType<typeof useSortableRow>['handle'];

/** The grip a row is dragged by; a real button, so it is in the tab order with its own name. */
export function DragHandle({ label, handle }: { label: string; handle: SortableHandleProps }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      ref={handle.setActivatorNodeRef}
      className="editor-handle"
      {...handle.attributes}
      {...handle.listeners}
      // dnd-kit's own role description is English ("sortable").
      aria-roledescription={t('editor.dnd.roleDescription')}
      aria-label={label}
      title={label}
    >
      <EditorIcon name="grip" />
    </button>
  );
}

/** Move one element of a list (the order a drop or a move button asks for). */
export function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
