import { registerMessages } from '../../i18n/index.ts';

/** The upload page's texts, in their own chunk: loaded with /upload-resume, never by the public pages. */
export function loadImportMessages(): Promise<void> {
  return registerMessages('import', {
    'en-US': async () => (await import('../../i18n/locales/en-US/import.json')).default,
    'pt-BR': async () => (await import('../../i18n/locales/pt-BR/import.json')).default,
  });
}
