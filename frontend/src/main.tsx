import './zod-setup.ts';
import {
  isStaticUntilIntent,
  mayWaitForIntent,
  switchLanguageWithoutApp,
  whenIntent,
} from './app/hydrate-on-intent.ts';
import { prefetchSignedInPage } from './app/signed-in-modules.ts';
import { loadRuntimeConfig } from './config/load-runtime-config.ts';
import { rememberRequestedLanguage } from './i18n/remember.ts';
import './styles/app.css';

/**
 * The entry is small on purpose: it sets zod up before any module that builds a schema is evaluated (with the
 * app imported statically, those modules would run first, since an entry's imports run before its body), then
 * fetches the runtime config and the app's modules side by side, as one round trip. A prerendered page that
 * works without scripts (app/hydrate-on-intent.ts) fetches the app on the visitor's first intent instead.
 */
async function start(): Promise<void> {
  rememberRequestedLanguage();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const config = loadRuntimeConfig();
  prefetchSignedInPage(window.location.pathname);
  let stopFallback: (() => void) | undefined;
  if (isStaticUntilIntent(container)) {
    const first = await config;
    if (first.ok && mayWaitForIntent(container, first.config)) {
      stopFallback = switchLanguageWithoutApp();
      await whenIntent();
    }
  }
  const [result, { startApp }] = await Promise.all([config, import('./app/app.tsx')]);
  await startApp(container, result);
  stopFallback?.();
}

void start();
