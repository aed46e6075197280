/** @jest-environment node */
import { TextEncoder } from 'node:util';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readLocale } from './i18n/read-locale.ts';

type Prerender = typeof import('./prerender.tsx').prerender;
let prerender: Prerender;

const template = `<!doctype html>
<html lang="en-US">
  <head>
    <meta name="description" content="default" data-seo />
    <title>Resume Builder</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

beforeAll(async () => {
  Object.assign(globalThis, { TextEncoder });
  // The catalogs as the tests read them (Jest warns about JSON imports without import attributes).
  jest.unstable_mockModule('./i18n/locales/en-US/index.ts', () => ({ messages: readLocale('en-US') }));
  jest.unstable_mockModule('./i18n/locales/pt-BR/index.ts', () => ({ messages: readLocale('pt-BR') }));
  jest.unstable_mockModule('./features/resumes/components/resumes.css', () => ({}));
  jest.unstable_mockModule('./features/auth/components/auth-extras.css', () => ({}));
  ({ prerender } = await import('./prerender.tsx'));
});

describe('prerender', () => {
  let files: Map<string, string>;
  beforeAll(async () => {
    files = new Map(
      (await prerender(template, new Date('2031-06-15T12:00:00Z'))).map((f) => [f.file, f.content]),
    );
  });

  it('writes every public page in every edition, the shell and robots.txt', () => {
    const pages = [
      'index.html',
      'pricing/index.html',
      'faq/index.html',
      'privacy-policy/index.html',
      'terms/index.html',
    ];
    expect([...files.keys()].sort()).toEqual(
      [
        'spa.html',
        'robots.txt',
        ...pages,
        ...pages.map((p) => `pt-BR/${p}`),
        ...pages.map((p) => `pt-BR-BRL/${p}`),
      ].sort(),
    );
    expect(files.get('robots.txt')).toContain('Disallow: /pt-BR/\nDisallow: /pt-BR-BRL/');
  });

  it('renders each edition in its language, with its lang, head and mark', () => {
    const en = files.get('terms/index.html') ?? '';
    expect(en).toContain('<html lang="en-US"');
    expect(en).toContain('<h1>Terms of Service</h1>');
    expect(en).toContain('data-prerendered="/terms"');

    const pt = files.get('pt-BR/terms/index.html') ?? '';
    expect(pt).toContain('<html lang="pt-BR"');
    expect(pt).toContain('<h1>Termos de Serviço</h1>');
    expect(pt).toContain('<title>Termos de Serviço · Criador de Currículos</title>');
    expect(pt).toContain('data-prerendered="/terms?lng=pt-BR&amp;currency=USD"');
    expect(pt).toMatch(/<link rel="canonical" href="[^"]*\/terms\?lng=pt-BR"/);
    expect(pt).toMatch(/hreflang="en-US" href="[^"]*\/terms"/);
    expect(pt).not.toContain('Terms of Service');
  });

  it('prices the pt-BR editions in USD, and the Brazilian one in BRL', () => {
    const price = (html: string) => html.match(/data-testid="price-proMonthly"[^>]*>([^<]+)</)?.[1];
    expect(price(files.get('pricing/index.html') ?? '')).toBe('$5');
    expect(price(files.get('pt-BR/pricing/index.html') ?? '')).toMatch(/^US\$\s5$/);
    expect(price(files.get('pt-BR-BRL/pricing/index.html') ?? '')).toMatch(/^R\$\s5$/);
    expect(files.get('pt-BR-BRL/pricing/index.html')).toContain('"priceCurrency":"BRL"');
  });
});
