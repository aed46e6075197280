/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
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
    expect(english.get('errors.RESUME_LIMIT_REACHED')).toBe(
      'You have reached the Free plan limit of {{limit}} resumes. Upgrade to Pro for unlimited resumes.',
    );
    expect(english.get('auth.validation.email')).toBe('Please enter a valid email address');
    expect(english.get('auth.validation.passwordMin')).toBe('Password must be at least 8 characters');
    expect(english.get('auth.errors.emailExists')).toBe(
      'This email is already registered. Please try signing in instead.',
    );
    expect(english.get('guard.title')).toBe('Authentication required');
    expect(english.get('guard.description')).toBe('Please sign in to access this feature.');
  });
});
