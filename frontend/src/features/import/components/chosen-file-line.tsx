import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import type { ChosenFile } from '../lib/check-file.ts';
import { formatBytes, kindLabels } from '../lib/check-file.ts';

const icons = {
  pdf: 'document',
  doc: 'word',
  docx: 'word',
  'linkedin-zip': 'archive',
  'json-resume': 'braces',
} as const;

/** The file being imported: its kind, name (shortened in the middle of a line if need be) and size. */
export function ChosenFileLine({ file }: { file: ChosenFile }) {
  const { i18n } = useTranslation();
  return (
    <p className="import-file">
      <span className="import-file__icon">
        <Icon name={icons[file.kind]} />
      </span>
      <span className="import-file__text">
        <span className="import-file__name" title={file.name}>
          {file.name}
        </span>
        <span className="import-file__meta">
          {kindLabels[file.kind]} · {formatBytes(file.size, i18n.language)}
        </span>
      </span>
    </p>
  );
}
