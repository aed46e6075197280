import { LANGUAGE_COOKIE } from '#shared/site';
import { languageStorageKey, toSupportedLanguage } from './languages.ts';

/** One year, like the stored choice that it mirrors. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The choice as a cookie too: local storage never reaches the server, and the server answers a public page
 * with the prerendered edition in this language (shared/site.ts), so the first HTML is already right.
 */
export function storeLanguageCookie(language: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * Set while a choice the user made is not yet in their account's profile (made signed out, or its save
 * failed): the signed-in app saves it, then clears the mark (features/account/hooks/use-account-language.ts).
 * Without the mark, the profile's language is the user's choice and the app follows it.
 */
export const unsavedLanguageKey = 'i18nextLngUnsaved';

/**
 * Mark a choice as not yet saved to the profile, with the language chosen: the signed-in app saves that
 * one, even while its texts are still loading and the page still shows the language before it.
 */
export function markLanguageUnsaved(language: string): void {
  try {
    localStorage.setItem(unsavedLanguageKey, language);
  } catch {
    // Storage blocked: the choice is saved only when made signed in.
  }
}

export function markLanguageSaved(): void {
  try {
    localStorage.removeItem(unsavedLanguageKey);
  } catch {
    // Nothing stored.
  }
}

export function isLanguageUnsaved(): boolean {
  return unsavedLanguage() !== null;
}

/** The language of a choice not yet saved to the profile ('1' from before it was kept), or null. */
export function unsavedLanguage(): string | null {
  try {
    return localStorage.getItem(unsavedLanguageKey);
  } catch {
    return null;
  }
}

/** Remember a language choice: local storage for the SPA, the cookie for the server. */
export function storeLanguage(language: string): void {
  storeLanguageCookie(language);
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage blocked: the choice simply is not remembered.
  }
}

/**
 * An explicit, valid `?lng=` is a choice, remembered like one made with the switcher, and at once: a
 * prerendered page in that language is already on screen before the app's code arrives, and a link followed
 * in that moment must get the same language from the server.
 */
export function rememberRequestedLanguage(search: string = window.location.search): void {
  const requested = toSupportedLanguage(new URLSearchParams(search).get('lng'));
  if (requested) {
    storeLanguage(requested);
    markLanguageUnsaved(requested);
  }
}
