import { TextEncoder } from 'node:util';
import { afterEach, beforeEach } from '@jest/globals';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../i18n/languages.ts';
import { readLocale } from '../../i18n/read-locale.ts';

/**
 * For jsdom component tests. Importing this module sets React's act environment and the TextEncoder that
 * react-router needs when it loads (jsdom has none), so tests import react-router after it, dynamically.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
Object.assign(globalThis, { TextEncoder });

/** i18next with the app's whole catalogues in `languages`; the first is the current one. */
export async function initTestI18n(languages: readonly Language[] = ['en-US']): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: languages[0] ?? 'en-US',
    resources: Object.fromEntries(languages.map((l) => [l, { translation: readLocale(l) }])),
    interpolation: { escapeValue: false },
  });
}

/** A React root in a container attached to the document, fresh for every test and unmounted after it. */
export function rootPerTest(): { readonly container: HTMLDivElement; readonly root: Root } {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });
  const mounted = <T>(value: T | undefined): T => {
    if (!value) throw new Error('rootPerTest: used outside a test');
    return value;
  };
  return {
    get container() {
      return mounted(container);
    },
    get root() {
      return mounted(root);
    },
  };
}
