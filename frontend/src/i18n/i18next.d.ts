import 'i18next';
import type adminMessages from './locales/en-US/admin.json';
import type aiMessages from './locales/en-US/ai.json';
import type billingMessages from './locales/en-US/billing.json';
import type editor from './locales/en-US/editor.json';
import type importMessages from './locales/en-US/import.json';
import type { messages as enUS } from './locales/en-US/index.ts';

// Typed keys: `t('resumes.title')` fails to compile when the key is missing from the en-US files.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof enUS &
        typeof editor &
        typeof importMessages &
        typeof aiMessages &
        typeof billingMessages &
        typeof adminMessages;
    };
  }
}
