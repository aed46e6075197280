import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { readLocale } from '../../../i18n/read-locale.ts';

// The catalogs of the shell, the account, billing and the admin area: wherever a count appears, its text has
// the plural forms i18next picks from `count` ("1 resume", "2 currículos").
const languages = ['en-US', 'pt-BR'] as const;
const namespaces = ['shell', 'account', 'billing', 'admin'] as const;
type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : entries(value, `${prefix}${key}.`),
  );
}

const catalog = (language: string, namespace: string) =>
  entries(
    JSON.parse(
      readFileSync(join(import.meta.dirname, `../../../i18n/locales/${language}/${namespace}.json`), 'utf8'),
    ) as Tree,
  );

describe('plural forms in the shell, account, billing and admin catalogs', () => {
  it.each(languages.flatMap((language) => namespaces.map((namespace) => [language, namespace])))(
    '%s %s: a {{count}} text is a _one/_other pair',
    (language, namespace) => {
      const texts = new Map(catalog(language, namespace));
      for (const [key, text] of texts) {
        if (text.includes('{{count}}')) expect(key).toMatch(/_(zero|one|other)$/);
        if (key.endsWith('_one')) expect(texts.has(key.replace(/_one$/, '_other'))).toBe(true);
        if (key.endsWith('_other')) expect(texts.has(key.replace(/_other$/, '_one'))).toBe(true);
      }
    },
  );

  it('reads "1 resume", "2 resumes", "1 currículo", "2 currículos", and never "0 currículo"', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en-US',
      resources: {
        'en-US': { translation: readLocale('en-US') },
        'pt-BR': { translation: readLocale('pt-BR') },
      },
      interpolation: { escapeValue: false },
    });
    // Keys are checked at run time here (the texts are the test's subject), not by the typed catalog.
    const t = (lng: string, key: string, options: Record<string, unknown>) =>
      i18n.t(key as 'app.name', { lng, ...options }) as string;
    expect(t('en-US', 'billing.status.freeResumes', { count: 1 })).toBe('1 resume');
    expect(t('en-US', 'billing.status.freeResumes', { count: 2 })).toBe('2 resumes');
    expect(t('pt-BR', 'billing.status.freeResumes', { count: 1 })).toBe('1 currículo');
    expect(t('pt-BR', 'billing.status.freeResumes', { count: 2 })).toBe('2 currículos');
    expect(t('en-US', 'account.plan.resumesUsage', { used: 1, count: 1 })).toBe('1 of 1 resume used');
    expect(t('pt-BR', 'account.plan.resumesUnlimited', { count: 2 })).toBe('2 currículos · sem limite');
    expect(t('pt-BR', 'admin.users.count', { count: 1 })).toBe('1 usuário');
    // pt-BR's CLDR rules put 0 in "one" ("0 usuário"): a count that can be 0 has a _zero form.
    expect(t('pt-BR', 'admin.users.count', { count: 0 })).toBe('Nenhum usuário');
    expect(t('pt-BR', 'billing.cancel.detailsHint', { count: 0 })).toBe('Nenhum caractere restante');
    expect(t('pt-BR', 'counts.resumes', { count: 0 })).toBe('0 currículos');
    expect(t('en-US', 'billing.daysLeft', { count: 0 })).toBe('Last day of Pro');
  });
});
