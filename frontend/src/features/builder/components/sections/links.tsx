import { useTranslation } from 'react-i18next';
import type { LinkItem } from '#shared/resume';
import { EditorIcon } from '../editor-icons.tsx';
import { urlWarning } from './checks.ts';
import { TextInput } from './form-controls.tsx';
import type { AddItem, ItemFieldsProps, ItemKind } from './item-kind.ts';

function LinkFields({ item, patch }: ItemFieldsProps<LinkItem>) {
  const { t } = useTranslation();
  return (
    <div className="editor-grid">
      <TextInput
        label={t('editor.fields.network')}
        hint={t('editor.fields.networkHint')}
        value={item.network}
        onValue={(network) => patch({ network }, 'network')}
        field="network"
        maxLength={100}
      />
      <TextInput
        label={t('editor.fields.username')}
        value={item.username}
        onValue={(username) => patch({ username }, 'username')}
        field="username"
        maxLength={200}
        autoCapitalize="off"
        spellCheck={false}
      />
      <TextInput
        label={t('editor.fields.url')}
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
    </div>
  );
}

/** The three links nearly every resume has, one press each, with the focus where the user types next. */
function LinkPresets({ add }: { add: AddItem<LinkItem> }) {
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

export const linkKind: ItemKind<LinkItem> = {
  name: 'links',
  create: () => ({ id: crypto.randomUUID(), network: '', username: '', url: '' }),
  summary: (item) => [item.network, item.username || item.url.replace(/^https?:\/\/(www\.)?/i, '')],
  Fields: LinkFields,
  Presets: LinkPresets,
};
