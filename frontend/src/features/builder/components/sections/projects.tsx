import { useTranslation } from 'react-i18next';
import type { ProjectItem } from '#shared/resume';
import { urlWarning } from './checks.ts';
import { DateRange, DescriptionInput, TextInput } from './form-controls.tsx';
import { type ItemFieldsProps, type ItemKind, yearRange } from './item-kind.ts';

function ProjectFields({ item, patch }: ItemFieldsProps<ProjectItem>) {
  const { t } = useTranslation();
  return (
    <div className="editor-grid">
      <TextInput
        label={t('editor.fields.projectName')}
        value={item.name}
        onValue={(name) => patch({ name }, 'name')}
        field="name"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.role')}
        value={item.role}
        onValue={(role) => patch({ role }, 'role')}
        field="role"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.projectUrl')}
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
      <DateRange period={item} currentLabel={t('editor.fields.currentProject')} onPatch={patch} />
      <DescriptionInput
        value={item.description}
        onValue={(description) => patch({ description }, 'description')}
      />
    </div>
  );
}

export const projectKind: ItemKind<ProjectItem> = {
  name: 'projects',
  create: () => ({
    id: crypto.randomUUID(),
    name: '',
    role: '',
    url: '',
    startDate: '',
    endDate: '',
    current: false,
    description: '',
  }),
  summary: (item, t) => [item.name, item.role, yearRange(item, t)],
  Fields: ProjectFields,
};
