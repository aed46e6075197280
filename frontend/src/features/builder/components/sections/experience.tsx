import { useTranslation } from 'react-i18next';
import type { ExperienceItem } from '#shared/resume';
import { missingFields } from '../../lib/field-checks.ts';
import { AiSuggestions } from './ai-suggestions.tsx';
import { urlWarning } from './checks.ts';
import { DateRange, DescriptionInput, TextInput } from './form-controls.tsx';
import { type ItemFieldsProps, type ItemKind, yearRange } from './item-kind.ts';

function ExperienceFields({ item, patch }: ItemFieldsProps<ExperienceItem>) {
  const { t } = useTranslation();
  const missing = missingFields('experience', item);
  return (
    <div className="editor-grid">
      <TextInput
        label={t('editor.fields.position')}
        value={item.position}
        onValue={(position) => patch({ position }, 'position')}
        warning={missing.includes('position') ? t('editor.incomplete.experience.position') : null}
        field="position"
        maxLength={200}
        autoComplete="off"
      />
      <TextInput
        label={t('editor.fields.company')}
        value={item.company}
        onValue={(company) => patch({ company }, 'company')}
        warning={missing.includes('company') ? t('editor.incomplete.experience.company') : null}
        field="company"
        maxLength={200}
        autoComplete="off"
      />
      <TextInput
        label={t('editor.fields.location')}
        value={item.location}
        onValue={(location) => patch({ location }, 'location')}
        field="location"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.companyUrl')}
        inputMode="url"
        value={item.url}
        onValue={(url) => patch({ url }, 'url')}
        warning={urlWarning(item.url, t)}
        field="url"
        maxLength={2048}
      />
      <DateRange period={item} currentLabel={t('editor.fields.currentJob')} onPatch={patch} />
      <DescriptionInput
        value={item.description}
        onValue={(description) => patch({ description }, 'description')}
      />
      <AiSuggestions
        target="experience"
        itemId={item.id}
        onUse={(description) => patch({ description }, 'description.suggestion')}
      />
    </div>
  );
}

export const experienceKind: ItemKind<ExperienceItem> = {
  name: 'experience',
  create: () => ({
    id: crypto.randomUUID(),
    company: '',
    position: '',
    location: '',
    url: '',
    startDate: '',
    endDate: '',
    current: false,
    description: '',
  }),
  summary: (item, t) => [item.position, item.company, yearRange(item, t)],
  incomplete: (item, t) => {
    const missing = missingFields('experience', item);
    if (missing.length === 2) return t('editor.incomplete.experience.both');
    return missing[0] ? t(`editor.incomplete.experience.${missing[0]}`) : null;
  },
  Fields: ExperienceFields,
};
