/** Interface languages, their detection and their storage (spec section 9: en-US and pt-BR, fallback en-US). */

export const supportedLanguages = ['en-US', 'pt-BR'] as const;
export type Language = (typeof supportedLanguages)[number];

export const fallbackLanguage: Language = 'en-US';

/** The key of the stored choice; the only localStorage entry kept on sign-out. */
export const languageStorageKey = 'i18nextLng';

/** Map any BCP 47 tag to a supported language: every Portuguese variant is pt-BR, every English one en-US. */
export function toSupportedLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'pt') return 'pt-BR';
  if (primary === 'en') return 'en-US';
  return null;
}

export interface LanguageSources {
  /** `location.search`, read for `?lng=`. */
  search: string;
  /** The stored choice. */
  stored: string | null;
  /** `navigator.languages`, most preferred first. */
  browser: readonly string[];
}

/** Query parameter `lng`, then the stored choice, then the browser's languages, then the fallback. */
export function detectLanguage({ search, stored, browser }: LanguageSources): Language {
  const fromQuery = toSupportedLanguage(new URLSearchParams(search).get('lng'));
  if (fromQuery) return fromQuery;
  const fromStore = toSupportedLanguage(stored);
  if (fromStore) return fromStore;
  for (const tag of browser) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
  }
  return fallbackLanguage;
}

/** The Cognito `locale` attribute for a language; the custom-message trigger localises auth mail with it. */
export function cognitoLocale(language: string): 'en' | 'pt-BR' {
  return toSupportedLanguage(language) === 'pt-BR' ? 'pt-BR' : 'en';
}
