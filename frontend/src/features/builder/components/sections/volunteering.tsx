import { useTranslation } from 'react-i18next';
import type { VolunteeringItem } from '#shared/resume';
import { urlWarning } from './checks.ts';
import { DateRange, DescriptionInput, TextInput } from './form-controls.tsx';
import { type ItemFieldsProps, type ItemKind, yearRange } from './item-kind.ts';

function VolunteeringFields({ item, patch }: ItemFieldsProps<VolunteeringItem>) {
  const { t } = useTranslation();
  return (
    <div className="editor-grid">
      <TextInput
        label={t('editor.fields.volunteerRole')}
        value={item.position}
        onValue={(position) => patch({ position }, 'position')}
        field="position"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.organization')}
        value={item.organization}
        onValue={(organization) => patch({ organization }, 'organization')}
        field="organization"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.organizationUrl')}
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        value={item.url}
        onValue={(url) => patch({ url }, 'url')}
        warning={urlWarning(item.url, t)}
        field="url"
        maxLength={2048}
        className="editor-field--wide"
      />
      <DateRange period={item} currentLabel={t('editor.fields.currentVolunteer')} onPatch={patch} />
      <DescriptionInput
        value={item.description}
        onValue={(description) => patch({ description }, 'description')}
      />
    </div>
  );
}

export const volunteeringKind: ItemKind<VolunteeringItem> = {
  name: 'volunteering',
  create: () => ({
    id: crypto.randomUUID(),
    organization: '',
    position: '',
    url: '',
    startDate: '',
    endDate: '',
    current: false,
    description: '',
  }),
  summary: (item, t) => [item.position, item.organization, yearRange(item, t)],
  Fields: VolunteeringFields,
};
