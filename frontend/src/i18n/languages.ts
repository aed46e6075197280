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
  /** `location.hostname`; a host listed in `ptBrHosts` gives pt-BR. */
  host?: string;
  /** `config.ptBrHosts`: the Brazilian domain(s). */
  ptBrHosts?: readonly string[];
  /** `location.search`, read for `?lng=`. */
  search: string;
  /** The stored choice. */
  stored: string | null;
  /** `navigator.languages`, most preferred first. */
  browser: readonly string[];
}

/** True when the host is one of the Brazilian domains (case-insensitive, a trailing dot ignored). */
export function isPtBrHost(host: string | undefined, ptBrHosts: readonly string[] = []): boolean {
  if (!host) return false;
  const normalise = (h: string) => h.trim().toLowerCase().replace(/\.$/, '');
  const wanted = normalise(host);
  return ptBrHosts.some((h) => normalise(h) === wanted);
}

/**
 * Spec section 9: the domain first (a Brazilian host gives pt-BR), then query parameter `lng`, then the
 * stored choice, then the browser's languages, then the fallback. Other hosts say nothing, so the user's
 * choice decides there.
 */
export function detectLanguage({ host, ptBrHosts, search, stored, browser }: LanguageSources): Language {
  if (isPtBrHost(host, ptBrHosts)) return 'pt-BR';
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
