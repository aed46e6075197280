import { registerMessages } from '../../i18n/index.ts';

/** The admin area's texts, in their own chunk: only staff ever download them. */
export function loadAdminMessages(): Promise<void> {
  return registerMessages('admin', {
    'en-US': async () => (await import('../../i18n/locales/en-US/admin.json')).default,
    'pt-BR': async () => (await import('../../i18n/locales/pt-BR/admin.json')).default,
  });
}
