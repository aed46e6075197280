import { type ReactNode, StrictMode, startTransition, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject, RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../components/notices.tsx';
import { StartupError } from '../components/startup-error.tsx';
import { ConfigProvider } from '../config/config-context.tsx';
import type { ConfigResult } from '../config/load-runtime-config.ts';
import { canHydrate, PRERENDER_ATTRIBUTE, removeHead } from '../features/public/hydration.ts';
import { initI18n } from '../i18n/index.ts';
import { loadAmplify, needsAmplifyAtStart, setAmplifyConfig } from '../lib/amplify.ts';
import { initApiClient } from '../lib/api-client.ts';
import { AuthProvider } from '../lib/auth.tsx';
import { configureSession } from '../lib/session.ts';
import { createRouter, routes } from './router.tsx';

/**
 * Everything around the router; the prerenderer wraps its static router in the same providers. The query
 * client is provided by the routes that query (router.tsx), so the landing page does without react-query.
 */
export function AppProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return (
    <ConfigProvider config={config}>
      <AuthProvider>
        <NoticeProvider>{children}</NoticeProvider>
      </AuthProvider>
    </ConfigProvider>
  );
}

export function App({ config }: { config: RuntimeConfig }) {
  const [router] = useState(createRouter);

  return (
    <AppProviders config={config}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Loads the lazy routes a path matches, in place, before the router is created: hydration must render the
 * page the HTML holds at once, while a lazy route not yet loaded renders its fallback (a mismatch).
 */
export async function resolveLazyRoutes(pathname: string, table: RouteObject[] = routes): Promise<void> {
  const matches = matchRoutes(table, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** Renders the app into `container`, or the start-up error when the runtime config could not be read. */
export async function startApp(container: HTMLElement, result: ConfigResult): Promise<void> {
  // The config comes first: its Brazilian hosts decide the language (spec: language by domain first).
  // One build serves every stage: the stage's settings arrive at run time, and a bad file stops here.
  const i18n = await initI18n({ ptBrHosts: result.ok ? result.config.ptBrHosts : [] });
  if (!result.ok) {
    container.replaceChildren();
    createRoot(container).render(<StartupError failure={result} />);
    return;
  }
  // The session is read from the stored tokens (lib/session.ts); Amplify is loaded only by the screens that
  // sign in or link an account: fetch it now, next to the first render, when this page is one of them.
  configureSession(result.config);
  setAmplifyConfig(result.config);
  if (needsAmplifyAtStart()) void loadAmplify().catch(() => undefined);
  initApiClient({ baseUrl: result.config.apiUrl });

  const app = (
    <StrictMode>
      <App config={result.config} />
    </StrictMode>
  );
  // Prerendered public pages are hydrated; every other page, or language, renders afresh.
  const hydrate = canHydrate({
    prerenderedPath: container.getAttribute(PRERENDER_ATTRIBUTE) ?? undefined,
    pathname: window.location.pathname,
    language: i18n.language,
    host: window.location.hostname,
    ptBrHosts: result.config.ptBrHosts,
  });
  if (hydrate) {
    await resolveLazyRoutes(window.location.pathname);
    hydrateRoot(container, app);
  } else {
    // A prerendered file in another language, or served for another path: its head tags are not this
    // page's (a public page writes its own). The shell's neutral description stays: app pages have no other.
    if (container.hasAttribute(PRERENDER_ATTRIBUTE)) removeHead();
    container.removeAttribute(PRERENDER_ATTRIBUTE);
    container.replaceChildren();
    const root = createRoot(container);
    // A transition: React renders the app in slices, yielding to the browser between them, rather than in
    // one long task at start-up (the HTML's starting mark stays on screen until the first commit).
    startTransition(() => root.render(app));
  }
}
