import { beforeEach, describe, expect, it } from '@jest/globals';
import { languageStorageKey } from './languages.ts';
import { rememberRequestedLanguage } from './remember.ts';

describe('rememberRequestedLanguage', () => {
  beforeEach(() => {
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
    document.cookie = 'lng=; Path=/; Max-Age=0';
  });

  it('stores a valid ?lng= in local storage and in the cookie the server reads', () => {
    rememberRequestedLanguage('?lng=pt');
    expect(localStorage.getItem(languageStorageKey)).toBe('pt-BR');
    expect(document.cookie).toContain('lng=pt-BR');
  });

  it('stores nothing for a missing or unsupported ?lng=', () => {
    rememberRequestedLanguage('?lng=fr');
    rememberRequestedLanguage('');
    expect(localStorage.getItem(languageStorageKey)).toBeNull();
    expect(document.cookie).not.toContain('lng=');
  });
});
