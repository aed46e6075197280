import { prerenderedPaths, routePath } from '#shared/site';
import { canHydrate, PRERENDER_ATTRIBUTE } from '../features/public/hydration.ts';
import { detectLanguage, languageStorageKey } from '../i18n/languages.ts';
import { mayHaveStoredSession } from '../lib/stored-session.ts';

/**
 * A prerendered public page is complete before any script runs: its links are real links, the FAQ's answers
 * are <details>. Such a page fetches the app (React, the router, i18next: about 140 KiB gzip) only when the
 * visitor shows an intent to use it, so a visitor who reads pays for nothing and the first touch, key or
 * pointer movement starts the download. /pricing is not one of them: its plan buttons need the app.
 */
const staticUntilIntent = new Set<string>([
  prerenderedPaths.landing,
  prerenderedPaths.faq,
  prerenderedPaths.privacy,
  prerenderedPaths.terms,
]);

/** What fetches the app: anything a visitor does with the page but read it or scroll it with a wheel. */
const intentEvents = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'] as const;

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(languageStorageKey);
  } catch {
    return null;
  }
}

/** Whether this is a page of the list, served prerendered: the first check, before the runtime config is in. */
export function isStaticUntilIntent(container: HTMLElement): boolean {
  return (
    staticUntilIntent.has(routePath(window.location.pathname)) && container.hasAttribute(PRERENDER_ATTRIBUTE)
  );
}

/**
 * Whether the app may wait for an intent on this page: a page of the list, the markup made for this path in
 * the language and currency the app would choose (else the app renders afresh, and should at once), and no
 * stored session (a signed-in visitor's page differs from the prerendered one: "My resumes", not "Login").
 */
export function mayWaitForIntent(
  container: HTMLElement,
  config: { ptBrHosts: readonly string[]; userPoolClientId: string },
): boolean {
  if (!isStaticUntilIntent(container)) return false;
  const pathname = window.location.pathname;
  const language = detectLanguage({
    host: window.location.hostname,
    ptBrHosts: config.ptBrHosts,
    search: window.location.search,
    stored: storedLanguage(),
    browser: navigator.languages ?? [],
  });
  const matches = canHydrate({
    prerenderedPath: container.getAttribute(PRERENDER_ATTRIBUTE) ?? undefined,
    pathname,
    language,
    host: window.location.hostname,
    ptBrHosts: config.ptBrHosts,
  });
  return matches && !mayHaveStoredSession(config.userPoolClientId);
}

/** Resolves on the visitor's first intent (see intentEvents), or at once when the page is already in use. */
export function whenIntent(target: Document = document): Promise<void> {
  if (target.activeElement && target.activeElement !== target.body) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const type of intentEvents) target.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of intentEvents) target.addEventListener(type, done, { capture: true, passive: true });
  });
}

/**
 * Until the app is running, the language switcher's <select> works as a link: choosing a language loads the
 * page again with `?lng=`, and the server answers with the edition in that language (shared/site.ts).
 * Returns the function that stops it, for when the app's own switcher has taken over.
 */
export function switchLanguageWithoutApp(target: Document = document): () => void {
  const onChange = (event: Event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || !select.closest('.language-switcher')) return;
    const url = new URL(window.location.href);
    url.searchParams.set('lng', select.value);
    window.location.assign(url);
  };
  target.addEventListener('change', onChange, true);
  return () => target.removeEventListener('change', onChange, true);
}
