/**
 * The public pages prerendered at build time and the HTML file that answers each request.
 *
 * Every public page is prerendered in three editions, one per language and currency a visitor can get
 * (spec: the Brazilian domain is pt-BR with BRL prices, any other host USD, in the language the visitor
 * chose, else the browser's): en-US at the top of the build (`/pricing/index.html`), pt-BR with USD under
 * `/pt-BR/` and pt-BR with BRL under `/pt-BR-BRL/`. The server picks the edition from what the request
 * carries, in the app's own detection order (host, `?lng=`, the language cookie that mirrors the stored
 * choice, Accept-Language), so the first HTML is already in the language the app then renders. Every other
 * client-side route gets the bare app shell `/spa.html`.
 */
/** A path as the app's routes name it: without trailing slashes, the root staying `/`. */
export function routePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

export const prerenderedPaths = {
  landing: '/',
  pricing: '/pricing',
  faq: '/faq',
  privacy: '/privacy-policy',
  terms: '/terms',
} as const;

export type SiteLanguage = 'en-US' | 'pt-BR';
export type SiteCurrency = 'USD' | 'BRL';

export interface Edition {
  language: SiteLanguage;
  currency: SiteCurrency;
  /** Where its files live in the build: '' or `/<folder>`. */
  folder: string;
}

export const editions = {
  en: { language: 'en-US', currency: 'USD', folder: '' },
  pt: { language: 'pt-BR', currency: 'USD', folder: '/pt-BR' },
  br: { language: 'pt-BR', currency: 'BRL', folder: '/pt-BR-BRL' },
} as const satisfies Record<string, Edition>;

/** The cookie that mirrors the stored language choice, so the server can see it (set by the SPA). */
export const LANGUAGE_COOKIE = 'lng';

/** What a request tells about its visitor's language; every field is optional. */
export interface Visitor {
  /** The Host header (a port is ignored). */
  host?: string;
  /** The query string, with or without its `?`. */
  search?: string;
  /** The Cookie header. */
  cookie?: string;
  /** The Accept-Language header. */
  acceptLanguage?: string;
}

const languageOf = (tag: string | null | undefined): SiteLanguage | null => {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'pt' ? 'pt-BR' : primary === 'en' ? 'en-US' : null;
};

const hostName = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The languages of an Accept-Language header, most wanted first (q=0 left out). */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The edition a visitor gets: the same order as the SPA's language detection (i18n/languages.ts). */
export function editionFor(visitor: Visitor, ptBrHosts: readonly string[] = []): Edition {
  if (visitor.host && ptBrHosts.some((h) => hostName(h) === hostName(visitor.host ?? ''))) {
    return editions.br;
  }
  const language =
    languageOf(new URLSearchParams(visitor.search ?? '').get('lng')) ??
    languageOf(visitor.cookie ? cookieValue(visitor.cookie, LANGUAGE_COOKIE) : null) ??
    acceptedLanguages(visitor.acceptLanguage ?? '')
      .map(languageOf)
      .find((l) => l !== null) ??
    'en-US';
  return language === 'pt-BR' ? editions.pt : editions.en;
}

/** The file of a page in an edition, relative to the build's root (`/pt-BR/pricing/index.html`). */
export function pageFile(path: string, edition: Edition): string {
  return `${edition.folder}${path === '/' ? '' : path}/index.html`;
}

/**
 * The HTML file that answers a client-side route: a public page in the visitor's edition, else the app
 * shell. Without a visitor, the en-US edition.
 */
export function htmlFileFor(path: string, visitor: Visitor = {}, ptBrHosts: readonly string[] = []): string {
  const page = routePath(path);
  if (!(Object.values(prerenderedPaths) as string[]).includes(page)) return '/spa.html';
  return pageFile(page, editionFor(visitor, ptBrHosts));
}

/**
 * The same choice as `htmlFileFor` as the source of a CloudFront viewer-request function (cloudfront-js-1.0,
 * ES5): paths with a dot are files and pass; the rest are rewritten to their page or the shell. The rewrite
 * happens before the cache, so each edition is cached as its own file.
 */
export function viewerRequestFunction(ptBrHosts: readonly string[] = []): string {
  const pages = Object.values(prerenderedPaths);
  return `var pages = ${JSON.stringify(pages)};
var ptBrHosts = ${JSON.stringify(ptBrHosts.map(hostName))};
var folders = ${JSON.stringify({ en: editions.en.folder, pt: editions.pt.folder, br: editions.br.folder })};
function languageOf(tag) {
  var primary = String(tag || '').trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'pt' ? 'pt' : primary === 'en' ? 'en' : null;
}
function fromAcceptLanguage(header) {
  var entries = String(header || '').split(',').map(function (entry, index) {
    var parts = entry.trim().split(';');
    var q = 1;
    for (var i = 1; i < parts.length; i++) {
      var p = parts[i].trim();
      if (p.indexOf('q=') === 0) q = Number(p.slice(2));
    }
    return { tag: parts[0].trim(), q: q, index: index };
  }).filter(function (e) { return e.tag && e.q > 0; });
  entries.sort(function (a, b) { return b.q - a.q || a.index - b.index; });
  for (var i = 0; i < entries.length; i++) {
    var language = languageOf(entries[i].tag);
    if (language) return language;
  }
  return null;
}
function folderFor(request) {
  var host = request.headers.host ? request.headers.host.value.trim().toLowerCase().replace(/:\\d+$/, '').replace(/\\.$/, '') : '';
  if (host && ptBrHosts.indexOf(host) !== -1) return folders.br;
  var query = request.querystring && request.querystring.lng;
  var cookie = request.cookies && request.cookies[${JSON.stringify(LANGUAGE_COOKIE)}];
  var acceptLanguage = request.headers['accept-language'];
  var language = languageOf(query && query.value) || languageOf(cookie && cookie.value) ||
    fromAcceptLanguage(acceptLanguage && acceptLanguage.value) || 'en';
  return language === 'pt' ? folders.pt : folders.en;
}
function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') !== -1) return request;
  var path = request.uri.length > 1 ? request.uri.replace(/\\/+$/, '') : request.uri;
  if (path === '') path = '/';
  if (pages.indexOf(path) === -1) {
    request.uri = '/spa.html';
    return request;
  }
  request.uri = folderFor(request) + (path === '/' ? '' : path) + '/index.html';
  return request;
}
`;
}
