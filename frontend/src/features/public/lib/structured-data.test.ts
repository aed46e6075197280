/** @jest-environment node */
import { beforeAll, describe, expect, it } from '@jest/globals';
import i18next, { type i18n as I18n } from 'i18next';
import { readLocale } from '../../../i18n/read-locale.ts';
import { renderHeadHtml } from './head.ts';
import { buildPageHead, type PageHeadContext, pageUrl } from './page-head.ts';
import { currencyForHost, formatPrice, formattedPrices } from './pricing.ts';
import {
  endOfYear,
  faqPage,
  productWithOffers,
  reviewFromSettings,
  webApplication,
} from './structured-data.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en-US',
    resources: {
      'en-US': { translation: readLocale('en-US') },
      'pt-BR': { translation: readLocale('pt-BR') },
    },
    interpolation: { escapeValue: false },
  });
});

const origins = { 'en-US': 'https://resume.example', 'pt-BR': null };
const context = (overrides: Partial<PageHeadContext> = {}): PageHeadContext => ({
  t: i18n.getFixedT(overrides.language ?? 'en-US'),
  language: 'en-US',
  origins,
  currency: 'USD',
  now: new Date('2031-06-15T12:00:00Z'),
  review: null,
  supportEmail: 'help@resume.example',
  ...overrides,
});
const types = (head: ReturnType<typeof buildPageHead>) => head.jsonLd.map((d) => d['@type']);

describe('structured data', () => {
  it('states offers valid until the end of the current year', () => {
    expect(endOfYear(new Date('2031-01-01T00:00:00Z'))).toBe('2031-12-31');
    expect(endOfYear(new Date('2031-12-31T23:59:59Z'))).toBe('2031-12-31');
  });

  it('describes the three plans as offers in the page currency', () => {
    const product = productWithOffers({
      name: 'Resume Builder',
      description: 'd',
      url: 'https://x/pricing',
      image: 'https://x/og-image.png',
      currency: 'BRL',
      planNames: { free: 'Free', proMonthly: 'Pro Monthly', proLifetime: 'Pro Lifetime' },
      priceValidUntil: '2031-12-31',
      review: null,
    });
    const offers = product.offers as Record<string, unknown>[];

    expect(offers.map((o) => [o.name, o.price, o.priceCurrency, o.priceValidUntil])).toEqual([
      ['Free', 0, 'BRL', '2031-12-31'],
      ['Pro Monthly', 5, 'BRL', '2031-12-31'],
      ['Pro Lifetime', 70, 'BRL', '2031-12-31'],
    ]);
    expect(product).not.toHaveProperty('aggregateRating');
  });

  it('publishes a rating only with real, valid figures', () => {
    expect(reviewFromSettings(undefined, undefined)).toBeNull();
    expect(reviewFromSettings('4.8', '')).toBeNull();
    expect(reviewFromSettings('6', '100')).toBeNull();
    expect(reviewFromSettings('4.8', '10.5')).toBeNull();
    expect(reviewFromSettings('4.8', '100')).toEqual({ ratingValue: 4.8, reviewCount: 100 });

    const app = webApplication({
      name: 'n',
      url: 'u',
      description: 'd',
      language: 'en-US',
      currency: 'USD',
      image: 'i',
      review: { ratingValue: 4.6, reviewCount: 12 },
    });
    expect(app.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: 4.6,
      reviewCount: 12,
    });
  });

  it('turns questions and answers into a FAQPage', () => {
    expect(faqPage([{ question: 'Q?', answer: 'A.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }],
    });
  });
});

describe('page head', () => {
  it('gives each public page its own data', () => {
    expect(types(buildPageHead('landing', context()))).toEqual([
      'Organization',
      'WebApplication',
      'BreadcrumbList',
    ]);
    expect(types(buildPageHead('pricing', context()))).toEqual(['Organization', 'Product', 'BreadcrumbList']);
    expect(types(buildPageHead('faq', context()))).toEqual(['Organization', 'FAQPage', 'BreadcrumbList']);
    expect(types(buildPageHead('privacy', context()))).toEqual(['Organization', 'BreadcrumbList']);
  });

  it('links the canonical page and both languages, with x-default', () => {
    const head = buildPageHead('pricing', context());

    expect(head.canonical).toBe('https://resume.example/pricing');
    expect(head.alternates).toEqual([
      { hreflang: 'en-US', href: 'https://resume.example/pricing' },
      { hreflang: 'pt-BR', href: 'https://resume.example/pricing?lng=pt-BR' },
      { hreflang: 'x-default', href: 'https://resume.example/pricing' },
    ]);
    expect(head.image).toBe('https://resume.example/og-image.png');
  });

  it('uses the Brazilian domain for pt-BR when there is one', () => {
    const both = { 'en-US': 'https://resume.example', 'pt-BR': 'https://curriculo.example' };

    expect(pageUrl('/faq', 'pt-BR', both)).toBe('https://curriculo.example/faq');
    const head = buildPageHead('faq', context({ language: 'pt-BR', origins: both, currency: 'BRL' }));
    expect(head.canonical).toBe('https://curriculo.example/faq');
    expect(head.title).toBe('Perguntas frequentes · Criador de Currículos');
    expect(head.locale).toBe('pt_BR');
  });

  it('prices the FAQ answers and the offers in the current year without a rating by default', () => {
    const faq = buildPageHead('faq', context()).jsonLd[1] as {
      mainEntity: { acceptedAnswer: { text: string } }[];
    };
    expect(faq.mainEntity.map((q) => q.acceptedAnswer.text).join(' ')).toContain('$5 per month');
    expect(faq.mainEntity.map((q) => q.acceptedAnswer.text).join(' ')).toContain(
      'Write to help@resume.example',
    );

    const html = renderHeadHtml(buildPageHead('pricing', context()));
    expect(html).toContain('"priceValidUntil":"2031-12-31"');
    expect(html).not.toContain('aggregateRating');
  });

  it('escapes text that could close the script element or an attribute', () => {
    const head = buildPageHead('landing', context());
    const html = renderHeadHtml({
      ...head,
      title: 'a"b<c',
      jsonLd: [{ text: '</script><script>alert(1)</script>' }],
    });

    expect(html).toContain('<title>a&quot;b&lt;c</title>');
    expect(html).toContain('\\u003c/script>');
    expect(html).not.toContain('</script><script>');
  });
});

describe('prices', () => {
  it('are in BRL on a Brazilian host and in USD elsewhere', () => {
    expect(currencyForHost('curriculo.example', ['curriculo.example'])).toBe('BRL');
    expect(currencyForHost('CURRICULO.example.', ['curriculo.example'])).toBe('BRL');
    expect(currencyForHost('resume.example', ['curriculo.example'])).toBe('USD');
    expect(currencyForHost(undefined, [])).toBe('USD');
  });

  it('are formatted for the interface language', () => {
    expect(formattedPrices('USD', 'en-US')).toEqual({ free: '$0', proMonthly: '$5', proLifetime: '$70' });
    expect(formatPrice(70, 'BRL', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 70');
    expect(formatPrice(5.5, 'USD', 'en-US')).toBe('$5.50');
  });
});
