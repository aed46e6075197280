import { useTranslation } from 'react-i18next';
import type { EducationItem } from '#shared/resume';
import { degreeChoices, fieldChoices } from '#shared/resume-model';
import { missingFields } from '../../lib/field-checks.ts';
import { ComboboxInput, DateRange, DescriptionInput, TextInput } from './form-controls.tsx';
import { type ItemFieldsProps, type ItemKind, yearRange } from './item-kind.ts';

function EducationFields({ item, patch }: ItemFieldsProps<EducationItem>) {
  const { t } = useTranslation();
  const missing = missingFields('education', item);
  return (
    <div className="editor-grid">
      <TextInput
        label={t('editor.fields.school')}
        value={item.school}
        onValue={(school) => patch({ school }, 'school')}
        warning={missing.includes('school') ? t('editor.incomplete.education.school') : null}
        field="school"
        maxLength={200}
        className="editor-field--wide"
      />
      <ComboboxInput
        label={t('editor.fields.degree')}
        placeholder={t('editor.fields.degreePlaceholder')}
        suggestions={degreeChoices.map((value) => ({ value, label: t(`editor.choices.degree.${value}`) }))}
        value={item.degree}
        onValue={(degree) => patch({ degree }, 'degree')}
        warning={missing.includes('degree') ? t('editor.incomplete.education.degree') : null}
        field="degree"
        maxLength={200}
      />
      <ComboboxInput
        label={t('editor.fields.studyField')}
        placeholder={t('editor.fields.studyFieldPlaceholder')}
        suggestions={fieldChoices.map((value) => ({ value, label: t(`editor.choices.field.${value}`) }))}
        value={item.field}
        onValue={(field) => patch({ field }, 'field')}
        field="field"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.location')}
        value={item.location}
        onValue={(location) => patch({ location }, 'location')}
        field="location"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.score')}
        value={item.score}
        onValue={(score) => patch({ score }, 'score')}
        field="score"
        maxLength={100}
      />
      <DateRange period={item} currentLabel={t('editor.fields.currentStudy')} onPatch={patch} />
      <DescriptionInput
        value={item.description}
        onValue={(description) => patch({ description }, 'description')}
      />
    </div>
  );
}

/** The degree as a reader sees it: a suggestion's name, or the text as typed. */
function degreeLabel(degree: string, t: Parameters<ItemKind<EducationItem>['summary']>[1]): string {
  return (degreeChoices as readonly string[]).includes(degree)
    ? t(`editor.choices.degree.${degree as (typeof degreeChoices)[number]}`)
    : degree;
}

export const educationKind: ItemKind<EducationItem> = {
  name: 'education',
  create: () => ({
    id: crypto.randomUUID(),
    school: '',
    degree: '',
    field: '',
    location: '',
    url: '',
    score: '',
    startDate: '',
    endDate: '',
    current: false,
    description: '',
  }),
  summary: (item, t) => [degreeLabel(item.degree, t), item.school, yearRange(item, t)],
  incomplete: (item, t) => {
    const missing = missingFields('education', item);
    if (missing.length === 2) return t('editor.incomplete.education.both');
    return missing[0] ? t(`editor.incomplete.education.${missing[0]}`) : null;
  },
  Fields: EducationFields,
};
