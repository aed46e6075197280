import { type Edition, routePath } from '#shared/site';
import { HEAD_MARKER } from './head.ts';
import { currencyForHost } from './pricing.ts';

/** Attribute on #root naming the page (and, but for the en-US edition, the edition) its markup was made for. */
export const PRERENDER_ATTRIBUTE = 'data-prerendered';

/**
 * The value of PRERENDER_ATTRIBUTE: the path alone for the en-US, USD edition, else the path with the
 * edition's language and currency as a query (`/pricing?lng=pt-BR&currency=BRL`).
 */
export function prerenderMark(path: string, edition: Pick<Edition, 'language' | 'currency'>): string {
  if (edition.language === 'en-US' && edition.currency === 'USD') return path;
  return `${path}?${new URLSearchParams({ lng: edition.language, currency: edition.currency })}`;
}

function readMark(mark: string): { path: string; language: string; currency: string } {
  const url = new URL(mark, 'http://mark.invalid');
  return {
    path: url.pathname,
    language: url.searchParams.get('lng') ?? 'en-US',
    currency: url.searchParams.get('currency') ?? 'USD',
  };
}

/**
 * Hydrate only markup made for this very page in the same language and currency; anything else (another
 * edition than the visitor's, another path served the same file) is rendered afresh instead of patched.
 */
export function canHydrate(options: {
  prerenderedPath: string | undefined;
  pathname: string;
  language: string;
  host: string;
  ptBrHosts: readonly string[];
}): boolean {
  if (!options.prerenderedPath) return false;
  const made = readMark(options.prerenderedPath);
  if (routePath(made.path) !== routePath(options.pathname)) return false;
  if (made.language !== options.language) return false;
  return made.currency === currencyForHost(options.host, options.ptBrHosts);
}

/**
 * Fill Vite's index.html with one page: `lang`, the head tags (replacing the template's own title and
 * marked defaults) and the markup inside #root, marked with its page and edition. The page is readable
 * before any script runs, so its scripts are fetched at low priority: HTML and CSS first, hydration right
 * after.
 */
export function injectPage(
  template: string,
  page: { path: string; language: string; head: string; markup: string; mark?: string },
): string {
  const marked = new RegExp(`\\s*<meta [^>]*${HEAD_MARKER}[^>]*>`, 'g');
  let html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(marked, '')
    .replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
  // Functions as replacements: markup may contain `$&` and the like, which string replacements expand.
  html = html.replace('</head>', () => `    ${page.head}\n  </head>`);
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('index.html has no empty <div id="root"></div>');
  const mark = (page.mark ?? page.path).replace(/&/g, '&amp;');
  return html.replace(root, () => `<div id="root" ${PRERENDER_ATTRIBUTE}="${mark}">${page.markup}</div>`);
}

/**
 * The shell for every other path: the template as built, kept out of search results. With the product's mark
 * (an SVG), #root shows it and a spinner until the app renders its own loading state: a phone on a slow network
 * paints the page at once instead of a blank one while the app's code arrives. No words: the shell serves every
 * language.
 */
export function spaShell(template: string, mark?: string): string {
  const html = template.replace('</head>', '    <meta name="robots" content="noindex">\n  </head>');
  if (!mark) return html;
  const logo = mark
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(
      '<svg ',
      '<svg class="app-starting__mark" width="48" height="48" aria-hidden="true" focusable="false" ',
    );
  const starting = `<div class="page page--centered app-starting" aria-busy="true">${logo}<span class="spinner" aria-hidden="true"></span></div>`;
  return html.replace('<div id="root"></div>', () => `<div id="root">${starting}</div>`);
}
