import { isPtBrHost, type Language } from '../../../i18n/languages.ts';
import { HEAD_MARKER } from './head.ts';

/** The language and currency host every page is prerendered for (the en-US, USD site). */
export const PRERENDER_LANGUAGE: Language = 'en-US';

/** Attribute on #root naming the path whose markup it holds. */
export const PRERENDER_ATTRIBUTE = 'data-prerendered';

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Hydrate only markup made for this very page in the same language and currency; anything else (the
 * pt-BR site, another path served the same file) is rendered afresh instead of patched.
 */
export function canHydrate(options: {
  prerenderedPath: string | undefined;
  pathname: string;
  language: string;
  host: string;
  ptBrHosts: readonly string[];
}): boolean {
  if (!options.prerenderedPath) return false;
  if (trimSlash(options.prerenderedPath) !== trimSlash(options.pathname)) return false;
  if (options.language !== PRERENDER_LANGUAGE) return false;
  return !isPtBrHost(options.host, options.ptBrHosts);
}

/**
 * Fill Vite's index.html with one page: `lang`, the head tags (replacing the template's own title and
 * marked defaults) and the markup inside #root, marked with its path. The page is readable before any
 * script runs, so its scripts are fetched at low priority: HTML and CSS first, hydration right after.
 */
export function injectPage(
  template: string,
  page: { path: string; language: string; head: string; markup: string },
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
  return html.replace(
    root,
    () => `<div id="root" ${PRERENDER_ATTRIBUTE}="${page.path}">${page.markup}</div>`,
  );
}

/** The shell for every other path: the template as built, kept out of search results. */
export function spaShell(template: string): string {
  return template.replace('</head>', '    <meta name="robots" content="noindex">\n  </head>');
}
