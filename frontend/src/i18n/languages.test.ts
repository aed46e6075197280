/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { cognitoLocale, detectLanguage, toSupportedLanguage } from './languages.ts';

describe('detectLanguage', () => {
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
