import { useCallback } from 'react';
import type { CustomItem } from '#shared/resume';
import { useChange, useDocument } from '../../store/document-store.ts';
import { useGetDocument } from '../document-access.tsx';
import { customItemKind } from './item-kinds.ts';
import { ItemList } from './item-list.tsx';

const NO_ITEMS: readonly CustomItem[] = [];

/** The items of one custom section; the section itself (title, order, visibility) is the frame's. */
export function CustomSectionItems({ sectionId }: { sectionId: string }) {
  const change = useChange();
  const get = useGetDocument();
  const items = useDocument((d) => d.customSections.find((s) => s.id === sectionId)?.items ?? NO_ITEMS);
  const read = useCallback(
    () => get().customSections.find((s) => s.id === sectionId)?.items ?? NO_ITEMS,
    [get, sectionId],
  );
  const write = useCallback(
    (next: CustomItem[], coalesce?: string) => {
      const sections = get().customSections;
      // The section may be gone (deleted, then an old Undo pressed): nothing to write into.
      if (!sections.some((s) => s.id === sectionId)) return;
      change(
        { customSections: sections.map((s) => (s.id === sectionId ? { ...s, items: next } : s)) },
        coalesce ? { coalesce } : undefined,
      );
    },
    [get, change, sectionId],
  );
  return (
    <ItemList
      kind={customItemKind}
      scope={`customSections.${sectionId}`}
      items={items}
      read={read}
      write={write}
    />
  );
}
