import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/runtime-config';
import { type Edition, editions, pageFile } from '#shared/site';
import { AppProviders } from './app/app.tsx';
import { routes } from './app/router.tsx';
import {
  buildPageHead,
  injectPage,
  PrerenderHostContext,
  type PublicPage,
  pageUrl,
  prerenderMark,
  publicPagePaths,
  publicPages,
  renderHeadHtml,
  type SiteOrigins,
  siteOrigins,
  siteSettings,
  spaShell,
} from './features/public/prerender.ts';
import { initI18nStatic } from './i18n/index.ts';

/**
 * Build-time entry (Vite SSR build, run by the prerender step in vite.config.ts): renders the public pages
 * to HTML with their head tags in every edition of shared/site.ts (en-US; pt-BR with USD; pt-BR with BRL,
 * the Brazilian domain's), each served to the visitors who get that language and currency.
 */

/** The Brazilian host the BRL edition is rendered for. */
const BRAZILIAN_HOST = 'br.prerender.invalid';

// Only ptBrHosts and the feature flags reach public pages; the rest is never read while prerendering.
const prerenderConfig: RuntimeConfig = {
  stage: 'prerender',
  region: 'none',
  userPoolId: 'none',
  userPoolClientId: 'none',
  apiUrl: '/api',
  wsUrl: '/ws',
  socialSignIn: false,
  ptBrHosts: [BRAZILIAN_HOST],
  features: { coverLetter: false },
};

export interface PrerenderedFile {
  /** Relative to the build's output folder. */
  file: string;
  content: string;
}

async function renderPage(
  page: PublicPage,
  edition: Edition,
  template: string,
  now: Date,
): Promise<PrerenderedFile> {
  const path = publicPagePaths[page];
  const { language, currency } = edition;
  const i18n = await initI18nStatic(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const markup = renderToString(
    <StrictMode>
      <AppProviders config={prerenderConfig}>
        <PrerenderHostContext.Provider value={currency === 'BRL' ? BRAZILIAN_HOST : undefined}>
          {/* No hydration data: it would be an inline script, which the CSP forbids, and routes have no loaders. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </PrerenderHostContext.Provider>
      </AppProviders>
    </StrictMode>,
  );
  const settings = siteSettings();
  const head = buildPageHead(page, {
    t: i18n.t,
    language,
    origins: siteOrigins(settings, null),
    currency,
    now,
    review: settings.review,
    supportEmail: settings.supportEmail,
  });
  return {
    file: pageFile(path, edition).slice(1),
    content: injectPage(template, {
      path,
      language,
      head: renderHeadHtml(head),
      markup,
      mark: prerenderMark(path, edition),
    }),
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
 * Every file the prerender step writes: the public pages in every edition, `spa.html` (the shell for all other
 * paths, showing `productMark`, an SVG, while the app loads), robots.txt and, when VITE_SITE_URL is set,
 * sitemap.xml.
 */
export async function prerender(
  template: string,
  now = new Date(),
  productMark?: string,
): Promise<PrerenderedFile[]> {
  const files: PrerenderedFile[] = [{ file: 'spa.html', content: spaShell(template, productMark) }];
  for (const edition of Object.values(editions)) {
    for (const page of publicPages) files.push(await renderPage(page, edition, template, now));
  }
  const settings = siteSettings();
  // The editions' folders are only ever served in place of a page's own address, never by their own.
  const folders = Object.values(editions).flatMap((e) => (e.folder ? [`Disallow: ${e.folder}/`] : []));
  const robots = ['User-agent: *', 'Allow: /', ...folders];
  // Sitemaps need absolute addresses: only with a configured site URL.
  if (settings.siteUrl) {
    files.push({ file: 'sitemap.xml', content: sitemap(siteOrigins(settings, null)) });
    robots.push('', `Sitemap: ${settings.siteUrl}/sitemap.xml`);
  }
  files.push({ file: 'robots.txt', content: `${robots.join('\n')}\n` });
  return files;
}
