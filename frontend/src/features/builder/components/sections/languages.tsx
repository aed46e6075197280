import { useTranslation } from 'react-i18next';
import type { LanguageItem } from '#shared/resume';
import { fluencyChoices } from '#shared/resume-model';
import { ChoiceWithOther, TextInput } from './form-controls.tsx';
import type { ItemFieldsProps, ItemKind } from './item-kind.ts';

type Fluency = (typeof fluencyChoices)[number];
const isFluency = (value: string): value is Fluency => (fluencyChoices as readonly string[]).includes(value);

function LanguageFields({ item, patch }: ItemFieldsProps<LanguageItem>) {
  const { t } = useTranslation();
  return (
    <div className="editor-grid">
      <TextInput
        label={t('editor.fields.language')}
        value={item.language}
        onValue={(language) => patch({ language }, 'language')}
        field="language"
        maxLength={100}
      />
      <ChoiceWithOther
        label={t('editor.fields.fluency')}
        otherLabel={t('editor.fields.fluencyOther')}
        placeholder={t('editor.fields.choose')}
        choices={fluencyChoices.map((value) => ({ value, label: t(`editor.choices.fluency.${value}`) }))}
        value={item.fluency}
        onValue={(fluency) => patch({ fluency }, 'fluency')}
        field="fluency"
      />
    </div>
  );
}

export const languageKind: ItemKind<LanguageItem> = {
  name: 'languages',
  create: () => ({ id: crypto.randomUUID(), language: '', fluency: '' }),
  summary: (item, t) => [
    item.language,
    isFluency(item.fluency) ? t(`editor.choices.fluency.${item.fluency}`) : item.fluency,
  ],
  Fields: LanguageFields,
};
