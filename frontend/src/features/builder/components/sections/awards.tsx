import { useTranslation } from 'react-i18next';
import type { AwardItem } from '#shared/resume';
import { DescriptionInput, MonthInput, TextInput } from './form-controls.tsx';
import { type ItemFieldsProps, type ItemKind, yearOf } from './item-kind.ts';

function AwardFields({ item, patch }: ItemFieldsProps<AwardItem>) {
  const { t } = useTranslation();
  return (
    <div className="editor-grid">
      <TextInput
        label={t('editor.fields.award')}
        value={item.title}
        onValue={(title) => patch({ title }, 'title')}
        field="title"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.awarder')}
        value={item.awarder}
        onValue={(awarder) => patch({ awarder }, 'awarder')}
        field="awarder"
        maxLength={200}
      />
      <MonthInput
        label={t('editor.fields.date')}
        value={item.date}
        onValue={(date) => patch({ date }, 'date')}
        field="date"
      />
      <DescriptionInput
        value={item.description}
        onValue={(description) => patch({ description }, 'description')}
      />
    </div>
  );
}

export const awardKind: ItemKind<AwardItem> = {
  name: 'awards',
  create: () => ({ id: crypto.randomUUID(), title: '', awarder: '', date: '', description: '' }),
  summary: (item) => [item.title, item.awarder, yearOf(item.date)],
  Fields: AwardFields,
};
