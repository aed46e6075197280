import { registerMessages } from '../../i18n/index.ts';

/** The editor's texts, in their own chunk: loaded with the builder, never by the public pages. */
export function loadEditorMessages(): Promise<void> {
  return registerMessages('editor', {
    'en-US': async () => (await import('../../i18n/locales/en-US/editor.json')).default,
    'pt-BR': async () => (await import('../../i18n/locales/pt-BR/editor.json')).default,
  });
}
