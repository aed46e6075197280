/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { editionFor, LANGUAGE_COOKIE } from '#shared/site';
import { cognitoLocale, detectLanguage, isPtBrHost, toSupportedLanguage } from './languages.ts';

describe('detectLanguage', () => {
  it('gives pt-BR on a Brazilian host before anything else (language by domain)', () => {
    expect(
      detectLanguage({
        host: 'curriculo.example',
        ptBrHosts: ['curriculo.example'],
        search: '?lng=en-US',
        stored: 'en-US',
        browser: ['en-US'],
      }),
    ).toBe('pt-BR');
  });

  it('lets the other sources decide on any other host', () => {
    expect(
      detectLanguage({
        host: 'resume.example',
        ptBrHosts: ['curriculo.example'],
        search: '',
        stored: null,
        browser: ['en'],
      }),
    ).toBe('en-US');
  });

  it('prefers ?lng= over the stored choice and the browser', () => {
    expect(detectLanguage({ search: '?lng=pt-BR', stored: 'en-US', browser: ['en-US'] })).toBe('pt-BR');
  });

  it('uses the stored choice when there is no usable ?lng=', () => {
    expect(detectLanguage({ search: '?lng=de', stored: 'pt-BR', browser: ['en-US'] })).toBe('pt-BR');
  });

  it('falls back to the first supported browser language', () => {
    expect(detectLanguage({ search: '', stored: null, browser: ['de-DE', 'pt-PT', 'en-US'] })).toBe('pt-BR');
  });

  it('falls back to en-US when nothing matches', () => {
    expect(detectLanguage({ search: '', stored: 'fr', browser: ['de-DE'] })).toBe('en-US');
  });
});

describe('toSupportedLanguage', () => {
  it('maps language variants to the two supported languages', () => {
    expect(['pt', 'pt_br', 'PT-BR', 'en', 'en-GB', 'es', '', null].map(toSupportedLanguage)).toEqual([
      'pt-BR',
      'pt-BR',
      'pt-BR',
      'en-US',
      'en-US',
      null,
      null,
      null,
    ]);
  });
});

describe('cognitoLocale', () => {
  it('gives the locale attribute the auth mail is localised with', () => {
    expect([cognitoLocale('en-US'), cognitoLocale('pt-BR')]).toEqual(['en', 'pt-BR']);
  });
});

describe('isPtBrHost', () => {
  it('matches hosts case-insensitively, ignoring a trailing dot', () => {
    expect(isPtBrHost('Curriculo.Example.', ['curriculo.example'])).toBe(true);
    expect(isPtBrHost('www.curriculo.example', ['curriculo.example'])).toBe(false);
    expect(isPtBrHost('localhost', [])).toBe(false);
    expect(isPtBrHost(undefined, ['x'])).toBe(false);
  });
});

describe('the server and the app choose the same language', () => {
  // The server sees the stored choice as the language cookie and the browser's languages as Accept-Language.
  const visitors = [
    { host: 'br.example', search: '?lng=en', stored: null, browser: ['en-US'] },
    { host: 'app.example', search: '?lng=pt-BR', stored: 'en-US', browser: ['en-US'] },
    { host: 'app.example', search: '', stored: 'pt-BR', browser: ['en-US'] },
    { host: 'app.example', search: '', stored: 'en-US', browser: ['pt-BR'] },
    { host: 'app.example', search: '', stored: null, browser: ['fr-FR', 'pt-PT', 'en'] },
    { host: 'app.example', search: '', stored: null, browser: ['de'] },
  ];

  it.each(visitors)('for %j', (visitor) => {
    const ptBrHosts = ['br.example'];
    const edition = editionFor(
      {
        host: visitor.host,
        search: visitor.search,
        cookie: visitor.stored ? `${LANGUAGE_COOKIE}=${visitor.stored}` : undefined,
        acceptLanguage: visitor.browser.join(','),
      },
      ptBrHosts,
    );
    expect(edition.language).toBe(detectLanguage({ ...visitor, ptBrHosts }));
  });
});
