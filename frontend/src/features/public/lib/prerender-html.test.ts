/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { canHydrate, injectPage, spaShell } from './prerender-html.ts';

const template = `<!doctype html>
<html lang="en-US">
  <head>
    <meta name="description" content="default" data-seo />
    <title>Resume Builder</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('injectPage', () => {
  it('replaces the default title and description and fills #root', () => {
    const html = injectPage(template, {
      path: '/pricing',
      language: 'en-US',
      head: '<title>Pricing</title>',
      markup: '<main>$& $1 prices</main>',
    });

    expect(html).not.toContain('content="default"');
    expect(html).not.toContain('<title>Resume Builder</title>');
    expect(html).toContain('<title>Pricing</title>\n  </head>');
    expect(html).toContain('<div id="root" data-prerendered="/pricing"><main>$& $1 prices</main></div>');
  });

  it('fetches the scripts of a readable page at low priority', () => {
    const html = injectPage(template, { path: '/', language: 'en-US', head: '', markup: '<p>hi</p>' });

    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react.js">',
    );
    expect(spaShell(template)).not.toContain('fetchpriority');
  });

  it('fails loudly when the template has no empty #root', () => {
    expect(() =>
      injectPage(template.replace('<div id="root"></div>', ''), {
        path: '/',
        language: 'en-US',
        head: '',
        markup: '',
      }),
    ).toThrow(/root/);
  });

  it('keeps the shell for app pages out of search results', () => {
    expect(spaShell(template)).toContain('<meta name="robots" content="noindex">');
  });
});

describe('canHydrate', () => {
  const base = {
    prerenderedPath: '/pricing',
    pathname: '/pricing',
    language: 'en-US',
    host: 'x',
    ptBrHosts: [],
  };

  it('hydrates the page the markup was made for, in en-US on a non-Brazilian host', () => {
    expect(canHydrate(base)).toBe(true);
    expect(canHydrate({ ...base, pathname: '/pricing/' })).toBe(true);
  });

  it('renders afresh for another path, another language, a Brazilian host or no markup', () => {
    expect(canHydrate({ ...base, pathname: '/resumes' })).toBe(false);
    expect(canHydrate({ ...base, language: 'pt-BR' })).toBe(false);
    expect(canHydrate({ ...base, host: 'br.example', ptBrHosts: ['br.example'] })).toBe(false);
    expect(canHydrate({ ...base, prerenderedPath: undefined })).toBe(false);
  });
});
