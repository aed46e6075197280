import { useTranslation } from 'react-i18next';
import type { CertificationItem } from '#shared/resume';
import { urlWarning } from './checks.ts';
import { MonthInput, TextInput } from './form-controls.tsx';
import { type ItemFieldsProps, type ItemKind, yearOf } from './item-kind.ts';

function CertificationFields({ item, patch }: ItemFieldsProps<CertificationItem>) {
  const { t } = useTranslation();
  return (
    <div className="editor-grid">
      <TextInput
        label={t('editor.fields.certification')}
        value={item.name}
        onValue={(name) => patch({ name }, 'name')}
        field="name"
        maxLength={200}
      />
      <TextInput
        label={t('editor.fields.issuer')}
        value={item.issuer}
        onValue={(issuer) => patch({ issuer }, 'issuer')}
        field="issuer"
        maxLength={200}
      />
      <MonthInput
        label={t('editor.fields.date')}
        value={item.date}
        onValue={(date) => patch({ date }, 'date')}
        field="date"
      />
      <TextInput
        label={t('editor.fields.credentialUrl')}
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        value={item.url}
        onValue={(url) => patch({ url }, 'url')}
        warning={urlWarning(item.url, t)}
        field="url"
        maxLength={2048}
      />
    </div>
  );
}

export const certificationKind: ItemKind<CertificationItem> = {
  name: 'certifications',
  create: () => ({ id: crypto.randomUUID(), name: '', issuer: '', date: '', url: '' }),
  summary: (item) => [item.name, item.issuer, yearOf(item.date)],
  Fields: CertificationFields,
};
