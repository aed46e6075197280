import { useTranslation } from 'react-i18next';
import type { LinkItem } from '#shared/resume';
import { EditorIcon } from '../editor-icons.tsx';
import type { AddItem } from './item-kind.ts';

/** The three links nearly every resume has, one press each, with the focus where the user types next. */
export function LinkPresets({ add }: { add: AddItem<LinkItem> }) {
  const { t } = useTranslation();
  const presets = [
    { key: 'linkedin', network: 'LinkedIn', url: 'https://www.linkedin.com/in/' },
    { key: 'github', network: 'GitHub', url: 'https://github.com/' },
    { key: 'website', network: t('editor.links.website'), url: '' },
  ] as const;
  return (
    <ul className="editor-presets" aria-label={t('editor.links.presets')}>
      {presets.map((preset) => (
        <li key={preset.key}>
          <button
            type="button"
            className="button button--ghost editor-preset"
            aria-label={t('editor.links.addPreset', { network: preset.network })}
            onClick={() => add({ network: preset.network, url: preset.url }, 'url')}
          >
            <EditorIcon name="plus" size={14} />
            {preset.network}
          </button>
        </li>
      ))}
    </ul>
  );
}
