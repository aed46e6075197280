/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { canHydrate, injectPage, prerenderMark, spaShell } from './prerender-html.ts';

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

  it('sets the language and marks the edition', () => {
    const html = injectPage(template, {
      path: '/faq',
      language: 'pt-BR',
      head: '',
      markup: '<p>oi</p>',
      mark: prerenderMark('/faq', { language: 'pt-BR', currency: 'BRL' }),
    });
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain(
      '<div id="root" data-prerendered="/faq?lng=pt-BR&amp;currency=BRL"><p>oi</p></div>',
    );
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

  it("shows the product's mark and a spinner in the shell until the app renders, without words", () => {
    const mark =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>Brand</title><rect/></svg>';
    const html = spaShell(template, mark);
    expect(html).toContain(
      '<div id="root"><div class="page page--centered app-starting" aria-busy="true"><svg ',
    );
    expect(html).toContain('aria-hidden="true" focusable="false" xmlns=');
    expect(html).not.toContain('<title>Brand</title>');
    expect(html).toContain('<span class="spinner" aria-hidden="true"></span></div></div>');
    expect(spaShell(template)).toContain('<div id="root"></div>');
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

  it('hydrates the pt-BR editions where the visitor gets their language and currency', () => {
    const pt = prerenderMark('/pricing', { language: 'pt-BR', currency: 'USD' });
    const br = prerenderMark('/pricing', { language: 'pt-BR', currency: 'BRL' });
    expect(pt).toBe('/pricing?lng=pt-BR&currency=USD');
    expect(canHydrate({ ...base, prerenderedPath: pt, language: 'pt-BR' })).toBe(true);
    expect(
      canHydrate({
        ...base,
        prerenderedPath: br,
        language: 'pt-BR',
        host: 'br.example',
        ptBrHosts: ['br.example'],
      }),
    ).toBe(true);
    // The BRL edition elsewhere, the USD one on the Brazilian host, or pt-BR markup for an English visitor.
    expect(canHydrate({ ...base, prerenderedPath: br, language: 'pt-BR' })).toBe(false);
    expect(
      canHydrate({
        ...base,
        prerenderedPath: pt,
        language: 'pt-BR',
        host: 'br.example',
        ptBrHosts: ['br.example'],
      }),
    ).toBe(false);
    expect(canHydrate({ ...base, prerenderedPath: pt })).toBe(false);
  });

  it('renders afresh for another path, another language, a Brazilian host or no markup', () => {
    expect(canHydrate({ ...base, pathname: '/resumes' })).toBe(false);
    expect(canHydrate({ ...base, language: 'pt-BR' })).toBe(false);
    expect(canHydrate({ ...base, host: 'br.example', ptBrHosts: ['br.example'] })).toBe(false);
    expect(canHydrate({ ...base, prerenderedPath: undefined })).toBe(false);
  });
});
