/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { errorCodes } from '#shared/errors';
import { readLocale } from './read-locale.ts';

type Tree = { [key: string]: string | Tree };

const load = (language: string): Tree => readLocale(language) as Tree;

/** Every leaf as [dotted key, text]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

const english = new Map(leaves(load('en-US')));
const portuguese = new Map(leaves(load('pt-BR')));

describe('locale files', () => {
  it('have exactly the same keys in en-US and pt-BR', () => {
    expect([...portuguese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('translate every error code of shared/errors.ts, plus the generic fallback', () => {
    for (const code of errorCodes) {
      expect(english.get(`errors.${code}`)).toEqual(expect.any(String));
      expect(portuguese.get(`errors.${code}`)).toEqual(expect.any(String));
    }
    expect(english.get('errors.generic')).toBe('Something went wrong. Please try again.');
    expect(portuguese.has('errors.generic')).toBe(true);
  });

  it('have no empty texts', () => {
    for (const [key, text] of [...english, ...portuguese])
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });

  it('use the same placeholders and tags in both languages', () => {
    for (const [key, text] of english) {
      expect({ key, placeholders: placeholders(portuguese.get(key) ?? '') }).toEqual({
        key,
        placeholders: placeholders(text),
      });
    }
  });

  it('keep the spec wording of the English messages', () => {
    expect(english.get('auth.validation.email')).toBe('Please enter a valid email address');
    expect(english.get('auth.validation.passwordMin')).toBe('Password must be at least 8 characters');
    expect(english.get('auth.errors.emailExists')).toBe(
      'This email is already registered. Please try signing in instead.',
    );
    expect(english.get('guard.title')).toBe('Authentication required');
    expect(english.get('guard.description')).toBe('Please sign in to access this feature.');
  });
});

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

describe('counts', () => {
  // "3 resumes" / "1 resume": a number in a text takes the plural forms of its noun.
  it('interpolate {{count}} before a word only in keys with _one and _other forms, in both languages', () => {
    for (const [language, texts] of [
      ['en-US', english],
      ['pt-BR', portuguese],
    ] as const) {
      for (const [key, text] of texts) {
        if (!/\{\{\s*count\s*\}\}\s*\p{L}/u.test(text)) continue;
        const base = key.replace(pluralSuffix, '');
        expect({ language, key, one: texts.has(`${base}_one`), other: texts.has(`${base}_other`) }).toEqual({
          language,
          key,
          one: true,
          other: true,
        });
      }
    }
  });

  it('give every plural key both its _one and _other forms', () => {
    for (const texts of [english, portuguese]) {
      for (const key of texts.keys()) {
        if (!pluralSuffix.test(key)) continue;
        const base = key.replace(pluralSuffix, '');
        expect({ key, one: texts.has(`${base}_one`), other: texts.has(`${base}_other`) }).toEqual({
          key,
          one: true,
          other: true,
        });
      }
    }
  });

  it('nest other counts ({{limit}}, {{days}}, ...) through a plural key, never before a bare noun', () => {
    // A count placeholder named otherwise than `count` must go through `$t(counts.…, {"count": {{x}} })`.
    const countNames = ['limit', 'days', 'resumes', 'suggestions', 'seconds', 'n', 'total'];
    const bare = new RegExp(`(?<!"count":\\s*)\\{\\{\\s*(${countNames.join('|')})\\s*\\}\\}[ -]\\p{L}`, 'u');
    for (const texts of [english, portuguese]) {
      for (const [key, text] of texts) {
        const mine =
          /^(site|landing|pricing|faq|privacy|terms|seo|auth|resetPassword|authCallback|resumes|builder|errors|app|counts)\./;
        if (!mine.test(key) || key === 'pricing.guarantee') continue;
        expect({ key, bare: bare.test(text) }).toEqual({ key, bare: false });
      }
    }
  });

  it('render the right forms, nested ones included', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en-US',
      fallbackLng: 'en-US',
      resources: { 'en-US': { translation: load('en-US') }, 'pt-BR': { translation: load('pt-BR') } },
      interpolation: { escapeValue: false },
    });
    const en = i18n.getFixedT('en-US');
    const pt = i18n.getFixedT('pt-BR');
    expect(en('errors.RESUME_LIMIT_REACHED', { limit: 3 })).toBe(
      'You have reached the Free plan limit of 3 resumes. Upgrade to Pro for unlimited resumes.',
    );
    expect(en('errors.RESUME_LIMIT_REACHED', { limit: 1 })).toContain('limit of 1 resume.');
    expect(pt('errors.RESUME_LIMIT_REACHED', { limit: 1 })).toContain('limite de 1 currículo do');
    expect(pt('errors.RESUME_LIMIT_REACHED', { limit: 3 })).toContain('limite de 3 currículos do');
    expect(en('resumes.usageUnlimited', { count: 1 })).toBe('1 resume · unlimited plan');
    expect(pt('resumes.usageUnlimited', { count: 2 })).toBe('2 currículos · plano ilimitado');
    expect(en('pricing.plans.free.features.resumes', { count: 1 })).toBe('Up to 1 resume');
    expect(pt('pricing.plans.free.features.suggestions', { count: 3 })).toBe('3 sugestões de IA');
    expect(en('faq.items.free.answer', { resumes: 1, suggestions: 3 })).toContain(
      'up to 1 resume, 3 AI suggestions and',
    );
    expect(pt('faq.items.guarantee.answer', { days: 1 })).toContain('em até 1 dia após');
    expect(en('pricing.guarantee', { days: 14 })).toBe(
      '14-day money-back guarantee: if Pro is not for you, ask for a refund within 14 days of payment. Once per account for each plan.',
    );
    expect(pt('pricing.guarantee', { days: 14 })).toContain('Uma vez por conta para cada plano.');
    // The terms say the same limit (issue 21: buy, refund, buy again, refund again is refused).
    expect(en('terms.sections.refunds.body', { days: 14 })).toContain('once per account for each plan');
    expect(pt('terms.sections.refunds.body', { days: 14 })).toContain('uma vez por conta para cada plano');
    expect(en('faq.items.guarantee.answer', { days: 14 })).toContain('once per account for each plan');
    expect(pt('faq.items.guarantee.answer', { days: 14 })).toContain('uma vez por conta para cada plano');
    expect(en('auth.confirm.resendIn', { count: 1 })).toBe('Resend code in 1 second');
    expect(pt('auth.confirm.resendIn', { count: 30 })).toBe('Reenviar código em 30 segundos');
  });
});

describe('one name for one thing', () => {
  it('calls the upgrade action the same in Portuguese wherever English says "Upgrade to Pro"', () => {
    const names = new Set(
      [...english].filter(([, text]) => text === 'Upgrade to Pro').map(([key]) => portuguese.get(key)),
    );
    expect([...names]).toEqual(['Assinar o Pro']);
  });

  it('writes "online" one way in Portuguese', () => {
    const hyphenated = [...portuguese].filter(([, text]) => /on-line/i.test(text)).map(([key]) => key);
    expect(hyphenated).toEqual([]);
  });
});
