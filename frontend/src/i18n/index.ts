import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  detectLanguage,
  fallbackLanguage,
  type Language,
  languageStorageKey,
  supportedLanguages,
  toSupportedLanguage,
} from './languages.ts';
import { messages as enUS } from './locales/en-US/index.ts';
import { markLanguageUnsaved, storeLanguage, storeLanguageCookie } from './remember.ts';

// en-US is the fallback, so it is always in the bundle; pt-BR is its own chunk, fetched only when used.
const loaders: Record<Exclude<Language, 'en-US'>, () => Promise<Resource[string]['translation']>> = {
  'pt-BR': async () => (await import('./locales/pt-BR/index.ts')).messages,
};

type Messages = Resource[string]['translation'];
type MessageGroup = Record<Language, () => Promise<Messages>>;

/**
 * Texts only some routes need (the builder's editor) stay out of the bundle every page loads: a route
 * registers its group before it renders, and every language loaded from then on gets the group too.
 */
const groups = new Map<string, MessageGroup>();
const loadedGroups = new Set<string>();

async function loadGroups(language: Language): Promise<void> {
  await Promise.all(
    [...groups].map(async ([name, group]) => {
      const key = `${name}:${language}`;
      if (loadedGroups.has(key)) return;
      i18n.addResourceBundle(language, 'translation', await group[language](), true, true);
      loadedGroups.add(key);
    }),
  );
}

async function ensureLoaded(language: Language): Promise<void> {
  if (language !== 'en-US' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loaders[language](), true, true);
  }
  await loadGroups(language);
}

/** Load a group of texts for English (the fallback) and the current language, and for any language later. */
export async function registerMessages(name: string, group: MessageGroup): Promise<void> {
  groups.set(name, group);
  const current = toSupportedLanguage(i18n.language) ?? fallbackLanguage;
  await Promise.all([loadGroups(fallbackLanguage), loadGroups(current)]);
}

/** The texts of the auth screens and the signed-in app, which the public pages never show. */
const appGroups = {
  auth: {
    'en-US': async () => (await import('./locales/en-US/auth.json')).default,
    'pt-BR': async () => (await import('./locales/pt-BR/auth.json')).default,
  },
  resumes: {
    'en-US': async () => (await import('./locales/en-US/resumes.json')).default,
    'pt-BR': async () => (await import('./locales/pt-BR/resumes.json')).default,
  },
  account: {
    'en-US': async () => (await import('./locales/en-US/account.json')).default,
    'pt-BR': async () => (await import('./locales/pt-BR/account.json')).default,
  },
  pdf: {
    'en-US': async () => (await import('./locales/en-US/pdf.json')).default,
    'pt-BR': async () => (await import('./locales/pt-BR/pdf.json')).default,
  },
} satisfies Record<string, MessageGroup>;

export type AppMessageGroup = keyof typeof appGroups;

/** Loads (once) the named groups of app texts: the routes that show them call it before they render. */
export async function loadAppMessages(...names: AppMessageGroup[]): Promise<void> {
  await Promise.all(names.map((name) => registerMessages(name, appGroups[name])));
}

function readStored(): string | null {
  try {
    return localStorage.getItem(languageStorageKey);
  } catch {
    return null; // storage blocked (private mode, policies): detection goes on without it
  }
}

function applyToDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const baseOptions = {
  fallbackLng: fallbackLanguage,
  supportedLngs: supportedLanguages,
  partialBundledLanguages: true,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
} as const;

export interface InitI18nOptions {
  /** `config.ptBrHosts`: on these hosts the language is pt-BR (spec: language by domain first). */
  ptBrHosts?: readonly string[];
}

/** Detect the language, initialise i18next and keep `<html lang>` in step with it. */
export async function initI18n({ ptBrHosts = [] }: InitI18nOptions = {}): Promise<typeof i18n> {
  const search = window.location.search;
  const language = detectLanguage({
    host: window.location.hostname,
    ptBrHosts,
    search,
    stored: readStored(),
    browser: navigator.languages ?? [],
  });
  // An explicit, valid `?lng=` is a choice, so it is remembered like one made with the switcher.
  const requested = toSupportedLanguage(new URLSearchParams(search).get('lng'));
  if (requested) {
    storeLanguage(requested);
    markLanguageUnsaved(requested);
  } else {
    // A choice stored before the cookie existed (or whose cookie expired) reaches the server again.
    const stored = toSupportedLanguage(readStored());
    if (stored) storeLanguageCookie(stored);
  }

  i18n.on('languageChanged', applyToDocument);
  await i18n.use(initReactI18next).init({
    ...baseOptions,
    resources: { 'en-US': { translation: enUS } },
    lng: fallbackLanguage,
  });
  if (language !== fallbackLanguage) {
    await ensureLoaded(language);
    await i18n.changeLanguage(language);
  }
  applyToDocument(i18n.language);
  return i18n;
}

/** Build time (prerendering): one fixed language, no detection, no browser APIs. */
export async function initI18nStatic(language: Language = fallbackLanguage): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      ...baseOptions,
      resources: { 'en-US': { translation: enUS } },
      lng: fallbackLanguage,
    });
  }
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  return i18n;
}

/** Switch the interface language and remember it on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
}

/**
 * A language the user chose (the header's switch, the settings' field): switched to, remembered, and marked
 * to be saved to their account's profile, which the signed-in app does (one choice for the app and e-mails).
 */
export async function chooseLanguage(language: Language): Promise<void> {
  markLanguageUnsaved(language);
  await changeLanguage(language);
}

export { i18n };
