/**
 * The editor's texts per language, each its own chunk. Nothing else here: the entry imports this file to ask for
 * the English ones early (app/signed-in-modules.ts), and messages.ts registers them with i18next.
 */
export const editorTexts = {
  'en-US': async () => (await import('../../i18n/locales/en-US/editor.json')).default,
  'pt-BR': async () => (await import('../../i18n/locales/pt-BR/editor.json')).default,
};
