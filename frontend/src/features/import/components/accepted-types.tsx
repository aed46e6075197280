import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_PAGES, importFileTypes } from '#shared/imports';
import { Icon, type IconName } from '../../../components/icons.tsx';
import { formatBytes } from '../lib/check-file.ts';

const types: { key: 'pdf' | 'word' | 'linkedin' | 'jsonResume'; icon: IconName; maxBytes: number }[] = [
  { key: 'pdf', icon: 'document', maxBytes: importFileTypes.pdf.maxBytes },
  {
    key: 'word',
    icon: 'word',
    maxBytes: Math.max(importFileTypes.doc.maxBytes, importFileTypes.docx.maxBytes),
  },
  { key: 'linkedin', icon: 'archive', maxBytes: importFileTypes['linkedin-zip'].maxBytes },
  { key: 'jsonResume', icon: 'braces', maxBytes: importFileTypes['json-resume'].maxBytes },
];

/** Every kind of file the importer reads, with its size limit and where to get it. */
export function AcceptedTypes({ headingId }: { headingId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="import-types" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('import.types.title')}</h2>
      <ul className="import-types__list">
        {types.map(({ key, icon, maxBytes }) => (
          <li key={key} className="import-type">
            <span className={`import-type__icon import-type__icon--${key}`}>
              <Icon name={icon} />
            </span>
            <span className="import-type__text">
              <span className="import-type__head">
                <span className="import-type__name">{t(`import.types.${key}.name`)}</span>
                <span className="import-type__size">
                  {t('import.types.upTo', { size: formatBytes(maxBytes, i18n.language) })}
                </span>
              </span>
              <span className="import-type__description">
                {t(`import.types.${key}.description`, { count: IMPORT_MAX_PAGES })}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
