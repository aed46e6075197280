import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomItem } from '#shared/resume';
import { useChange, useDocument } from '../../store/document-store.ts';
import { useGetDocument } from '../document-access.tsx';
import { urlWarning } from './checks.ts';
import { DescriptionInput, TextInput } from './form-controls.tsx';
import type { ItemFieldsProps, ItemKind } from './item-kind.ts';
import { ItemList } from './item-list.tsx';

function CustomFields({ item, patch }: ItemFieldsProps<CustomItem>) {
  const { t } = useTranslation();
  return (
    <div className="editor-grid">
      <TextInput
        label={t('editor.fields.title')}
        value={item.title}
        onValue={(title) => patch({ title }, 'title')}
        field="title"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.subtitle')}
        value={item.subtitle}
        onValue={(subtitle) => patch({ subtitle }, 'subtitle')}
        field="subtitle"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.date')}
        hint={t('editor.fields.freeDateHint')}
        value={item.date}
        onValue={(date) => patch({ date }, 'date')}
        field="date"
        maxLength={64}
      />
      <TextInput
        label={t('editor.fields.url')}
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        value={item.url}
        onValue={(url) => patch({ url }, 'url')}
        warning={urlWarning(item.url, t)}
        field="url"
        maxLength={2048}
      />
      <DescriptionInput
        value={item.description}
        onValue={(description) => patch({ description }, 'description')}
      />
    </div>
  );
}

export const customItemKind: ItemKind<CustomItem> = {
  name: 'custom',
  create: () => ({ id: crypto.randomUUID(), title: '', subtitle: '', date: '', url: '', description: '' }),
  summary: (item) => [item.title, item.subtitle, item.date],
  Fields: CustomFields,
};

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
