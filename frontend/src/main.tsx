import './zod-setup.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { StartupError } from './components/startup-error.tsx';
import { loadRuntimeConfig } from './config/load-runtime-config.ts';
import { removeHead } from './features/public/lib/head.ts';
import { canHydrate, PRERENDER_ATTRIBUTE } from './features/public/lib/prerender-html.ts';
import { initI18n } from './i18n/index.ts';
import { loadAmplify, needsAmplifyAtStart, setAmplifyConfig } from './lib/amplify.ts';
import { initApiClient } from './lib/api-client.ts';
import './styles/app.css';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  // The config comes first: its Brazilian hosts decide the language (spec: language by domain first).
  // One build serves every stage: the stage's settings arrive at run time, and a bad file stops here.
  const result = await loadRuntimeConfig();
  const i18n = await initI18n({ ptBrHosts: result.ok ? result.config.ptBrHosts : [] });
  if (!result.ok) {
    container.replaceChildren();
    createRoot(container).render(<StartupError failure={result} />);
    return;
  }
  // Amplify is loaded on demand (public pages without a stored session never need it); fetch it now, next
  // to the first render, when the page will.
  setAmplifyConfig(result.config);
  if (needsAmplifyAtStart()) void loadAmplify().catch(() => undefined);
  initApiClient({ baseUrl: result.config.apiUrl });

  const app = (
    <StrictMode>
      <App config={result.config} />
    </StrictMode>
  );
  // Prerendered public pages (en-US, USD) are hydrated; every other page, or language, renders afresh.
  const hydrate = canHydrate({
    prerenderedPath: container.getAttribute(PRERENDER_ATTRIBUTE) ?? undefined,
    pathname: window.location.pathname,
    language: i18n.language,
    host: window.location.hostname,
    ptBrHosts: result.config.ptBrHosts,
  });
  if (hydrate) {
    hydrateRoot(container, app);
  } else {
    // The file may be another page's (or the shell's defaults): its head tags are not this page's.
    removeHead();
    container.removeAttribute(PRERENDER_ATTRIBUTE);
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start();
