import { describe, expect, it } from '@jest/globals';
import { htmlFileFor, routePath, type Visitor, viewerRequestFunction } from './site.ts';

interface ViewerRequest {
  uri: string;
  headers: Record<string, { value: string }>;
  querystring: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}

/** Runs the CloudFront function's source on a request shaped like CloudFront's viewer-request event. */
function runFunction(source: string, path: string, visitor: Visitor): string {
  const handler = new Function(`${source}\nreturn handler;`)() as (event: {
    request: ViewerRequest;
  }) => ViewerRequest;
  const headers: ViewerRequest['headers'] = {};
  if (visitor.host) headers.host = { value: visitor.host };
  if (visitor.acceptLanguage) headers['accept-language'] = { value: visitor.acceptLanguage };
  const querystring: ViewerRequest['querystring'] = {};
  for (const [key, value] of new URLSearchParams(visitor.search ?? '')) querystring[key] ??= { value };
  const cookies: ViewerRequest['cookies'] = {};
  for (const part of (visitor.cookie ?? '').split(';')) {
    const [name, value] = part.split('=');
    if (name?.trim() && value !== undefined) cookies[name.trim()] = { value: value.trim() };
  }
  return handler({ request: { uri: path, headers, querystring, cookies } }).uri;
}

const ptBrHosts = ['curriculos.example.com.br'];

const cases: [string, Visitor, string][] = [
  ['/', {}, '/index.html'],
  ['/pricing', {}, '/pricing/index.html'],
  ['/faq/', {}, '/faq/index.html'],
  ['/terms', {}, '/terms/index.html'],
  ['/privacy-policy', { host: 'app.example.com' }, '/privacy-policy/index.html'],
  // The Brazilian domain: pt-BR with BRL, whatever else the request says.
  ['/', { host: 'curriculos.example.com.br' }, '/pt-BR-BRL/index.html'],
  ['/pricing', { host: 'CURRICULOS.example.com.br:443', search: '?lng=en' }, '/pt-BR-BRL/pricing/index.html'],
  // Elsewhere: ?lng=, then the language cookie, then Accept-Language, then English.
  ['/pricing', { search: '?lng=pt-BR' }, '/pt-BR/pricing/index.html'],
  ['/pricing', { search: '?lng=pt', cookie: 'lng=en-US' }, '/pt-BR/pricing/index.html'],
  ['/faq', { search: '?lng=en-US', acceptLanguage: 'pt-BR' }, '/faq/index.html'],
  ['/faq', { search: '?lng=fr', cookie: 'a=1; lng=pt-BR' }, '/pt-BR/faq/index.html'],
  ['/faq', { cookie: 'lng=en-US', acceptLanguage: 'pt-BR,pt;q=0.9' }, '/faq/index.html'],
  ['/', { acceptLanguage: 'pt-BR,pt;q=0.9,en;q=0.8' }, '/pt-BR/index.html'],
  ['/', { acceptLanguage: 'de-DE, pt;q=0.5, en;q=0.7' }, '/index.html'],
  ['/', { acceptLanguage: 'de-DE, en;q=0, pt;q=0.2' }, '/pt-BR/index.html'],
  ['/', { acceptLanguage: 'fr, de' }, '/index.html'],
  // Every other route: the app shell, in any language.
  ['/resumes/abc', { acceptLanguage: 'pt-BR' }, '/spa.html'],
  ['/auth', { host: 'curriculos.example.com.br' }, '/spa.html'],
  ['/pt-BR/pricing', {}, '/spa.html'],
];

describe('routePath', () => {
  it('drops trailing slashes and keeps the root', () => {
    expect(['/', '//', '/faq', '/faq/', '/admin/users//', ''].map(routePath)).toEqual([
      '/',
      '/',
      '/faq',
      '/faq',
      '/admin/users',
      '',
    ]);
  });
});

describe('htmlFileFor', () => {
  it.each(cases)('%s for %j is %s', (path, visitor, file) => {
    expect(htmlFileFor(path, visitor, ptBrHosts)).toBe(file);
  });
});

describe('viewerRequestFunction', () => {
  const source = viewerRequestFunction(ptBrHosts);

  it.each(cases)('picks the same file as htmlFileFor: %s for %j', (path, visitor, file) => {
    expect(runFunction(source, path, visitor)).toBe(file);
  });

  it('passes files through untouched', () => {
    expect(runFunction(source, '/assets/index-1a2b.js', { acceptLanguage: 'pt-BR' })).toBe(
      '/assets/index-1a2b.js',
    );
    expect(runFunction(source, '/config.json', {})).toBe('/config.json');
  });

  it('is ES5 (CloudFront Functions 1.0): no arrow functions, let/const, template or spread syntax', () => {
    expect(source).not.toMatch(/=>|\blet\b|\bconst\b|`|\.\.\./);
  });
});
