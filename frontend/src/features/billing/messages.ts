import { registerMessages } from '../../i18n/index.ts';

/** The subscription page's texts, in their own chunk: loaded with /subscription, never by public pages. */
export function loadBillingMessages(): Promise<void> {
  return registerMessages('billing', {
    'en-US': async () => (await import('../../i18n/locales/en-US/billing.json')).default,
    'pt-BR': async () => (await import('../../i18n/locales/pt-BR/billing.json')).default,
  });
}
