import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  detectLanguage,
  fallbackLanguage,
  type Language,
  languageStorageKey,
  supportedLanguages,
} from './languages.ts';
import { messages as enUS } from './locales/en-US/index.ts';
import { messages as ptBR } from './locales/pt-BR/index.ts';

export const resources = {
  'en-US': { translation: enUS },
  'pt-BR': { translation: ptBR },
} as const;

function readStored(): string | null {
  try {
    return localStorage.getItem(languageStorageKey);
  } catch {
    return null; // storage blocked (private mode, policies): detection goes on without it
  }
}

function store(language: string): void {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // The choice simply is not remembered.
  }
}

function applyToDocument(language: string): void {
  document.documentElement.lang = language;
}

/** Detect the language, initialise i18next and keep `<html lang>` in step with it. */
export async function initI18n(): Promise<typeof i18n> {
  const search = window.location.search;
  const language = detectLanguage({ search, stored: readStored(), browser: navigator.languages ?? [] });
  // An explicit `?lng=` is a choice, so it is remembered like one made with the switcher.
  if (new URLSearchParams(search).has('lng')) store(language);

  i18n.on('languageChanged', applyToDocument);
  await i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: supportedLanguages,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  applyToDocument(i18n.language);
  return i18n;
}

/** Switch the interface language and remember the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  store(language);
  await i18n.changeLanguage(language);
}

export { i18n };
