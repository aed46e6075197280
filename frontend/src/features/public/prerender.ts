/** What the build's prerenderer (src/prerender.tsx) needs to write each public page's HTML and head. */
export { PrerenderHostContext } from './components/use-public-site.ts';
export { renderHeadHtml } from './lib/head.ts';
export {
  buildPageHead,
  type PublicPage,
  pageUrl,
  publicPagePaths,
  publicPages,
  type SiteOrigins,
} from './lib/page-head.ts';
export { injectPage, prerenderMark, spaShell } from './lib/prerender-html.ts';
export { siteOrigins, siteSettings } from './lib/site-env.ts';
