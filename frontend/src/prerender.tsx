import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/runtime-config';
import { AppProviders } from './app/app.tsx';
import { routes } from './app/router.tsx';
import { renderHeadHtml } from './features/public/lib/head.ts';
import {
  buildPageHead,
  type PublicPage,
  pageUrl,
  publicPagePaths,
  publicPages,
  type SiteOrigins,
} from './features/public/lib/page-head.ts';
import { injectPage, PRERENDER_LANGUAGE, spaShell } from './features/public/lib/prerender-html.ts';
import { siteOrigins, siteSettings } from './features/public/lib/site-env.ts';
import { initI18nStatic } from './i18n/index.ts';

/**
 * Build-time entry (Vite SSR build, run by the prerender step in vite.config.ts): renders the public pages
 * to HTML with their head tags, for en-US and USD, the site every host gets before its own settings apply.
 */

// Only ptBrHosts and the feature flags reach public pages; the rest is never read while prerendering.
const prerenderConfig: RuntimeConfig = {
  stage: 'prerender',
  region: 'none',
  userPoolId: 'none',
  userPoolClientId: 'none',
  apiUrl: '/api',
  wsUrl: '/ws',
  socialSignIn: false,
  ptBrHosts: [],
  features: { coverLetter: false },
};

export interface PrerenderedFile {
  /** Relative to the build's output folder. */
  file: string;
  content: string;
}

async function renderPage(page: PublicPage, template: string, now: Date): Promise<PrerenderedFile> {
  const path = publicPagePaths[page];
  const i18n = await initI18nStatic(PRERENDER_LANGUAGE);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const markup = renderToString(
    <StrictMode>
      <AppProviders config={prerenderConfig} queryClient={new QueryClient()}>
        {/* No hydration data: it would be an inline script, which the CSP forbids, and routes have no loaders. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const settings = siteSettings();
  const head = buildPageHead(page, {
    t: i18n.t,
    language: PRERENDER_LANGUAGE,
    origins: siteOrigins(settings, null),
    currency: 'USD',
    now,
    review: settings.review,
  });
  return {
    file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`,
    content: injectPage(template, { path, language: PRERENDER_LANGUAGE, head: renderHeadHtml(head), markup }),
  };
}

function sitemap(origins: SiteOrigins): string {
  const xml = (url: string) => url.replace(/&/g, '&amp;');
  const urls = publicPages.map((page) => {
    const path = publicPagePaths[page];
    return [
      '  <url>',
      `    <loc>${xml(pageUrl(path, 'en-US', origins))}</loc>`,
      `    <xhtml:link rel="alternate" hreflang="en-US" href="${xml(pageUrl(path, 'en-US', origins))}"/>`,
      `    <xhtml:link rel="alternate" hreflang="pt-BR" href="${xml(pageUrl(path, 'pt-BR', origins))}"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(pageUrl(path, 'en-US', origins))}"/>`,
      '  </url>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Every file the prerender step writes: the public pages, `spa.html` (the untouched shell for all other
 * paths), robots.txt and, when VITE_SITE_URL is set, sitemap.xml.
 */
export async function prerender(template: string, now = new Date()): Promise<PrerenderedFile[]> {
  const files: PrerenderedFile[] = [{ file: 'spa.html', content: spaShell(template) }];
  for (const page of publicPages) files.push(await renderPage(page, template, now));
  const settings = siteSettings();
  const robots = ['User-agent: *', 'Allow: /'];
  // Sitemaps need absolute addresses: only with a configured site URL.
  if (settings.siteUrl) {
    files.push({ file: 'sitemap.xml', content: sitemap(siteOrigins(settings, null)) });
    robots.push('', `Sitemap: ${settings.siteUrl}/sitemap.xml`);
  }
  files.push({ file: 'robots.txt', content: `${robots.join('\n')}\n` });
  return files;
}
