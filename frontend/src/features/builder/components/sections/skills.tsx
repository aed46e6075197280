import { useTranslation } from 'react-i18next';
import type { SkillItem } from '#shared/resume';
import { skillLevels } from '#shared/resume-model';
import { missingFields } from '../../lib/field-checks.ts';
import { SelectInput, TextInput } from './form-controls.tsx';
import type { ItemFieldsProps, ItemKind } from './item-kind.ts';

function SkillFields({ item, patch }: ItemFieldsProps<SkillItem>) {
  const { t } = useTranslation();
  const missing = missingFields('skills', item);
  return (
    <div className="editor-grid">
      <TextInput
        label={t('editor.fields.skill')}
        value={item.name}
        onValue={(name) => patch({ name }, 'name')}
        warning={missing.includes('name') ? t('editor.incomplete.skills.name') : null}
        field="name"
        maxLength={200}
      />
      <SelectInput
        label={t('editor.fields.level')}
        value={item.skillLevelId}
        onValue={(skillLevelId) => patch({ skillLevelId }, 'skillLevelId')}
        warning={missing.includes('skillLevelId') ? t('editor.incomplete.skills.skillLevelId') : null}
        field="skillLevelId"
        options={[
          { value: '', label: t('editor.choices.noLevel') },
          ...skillLevels.map((value) => ({ value, label: t(`editor.choices.level.${value}`) })),
          // A level from an import that is not one of ours stays selectable rather than silently lost.
          ...(item.skillLevelId && !(skillLevels as readonly string[]).includes(item.skillLevelId)
            ? [{ value: item.skillLevelId, label: item.skillLevelId }]
            : []),
        ]}
      />
      <TextInput
        label={t('editor.fields.keywords')}
        hint={t('editor.fields.keywordsHint')}
        value={item.keywords}
        onValue={(keywords) => patch({ keywords }, 'keywords')}
        field="keywords"
        maxLength={1000}
        className="editor-field--wide"
      />
    </div>
  );
}

export const skillKind: ItemKind<SkillItem> = {
  name: 'skills',
  create: () => ({ id: crypto.randomUUID(), name: '', skillLevelId: '', keywords: '' }),
  summary: (item, t) => [
    item.name,
    (skillLevels as readonly string[]).includes(item.skillLevelId)
      ? t(`editor.choices.level.${item.skillLevelId as (typeof skillLevels)[number]}`)
      : item.skillLevelId,
  ],
  incomplete: (item, t) => {
    const missing = missingFields('skills', item);
    if (missing.length === 2) return t('editor.incomplete.skills.both');
    return missing[0] ? t(`editor.incomplete.skills.${missing[0]}`) : null;
  },
  Fields: SkillFields,
};
