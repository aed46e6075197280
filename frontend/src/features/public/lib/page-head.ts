import type { TFunction } from 'i18next';
import { prerenderedPaths } from '#shared/site';
import type { Language } from '../../../i18n/languages.ts';
import { faqItems } from './faq-items.ts';
import type { HeadTags } from './head.ts';
import { type Currency, formattedPrices } from './pricing.ts';
import {
  breadcrumbList,
  endOfYear,
  faqPage,
  type JsonLd,
  organization,
  productWithOffers,
  type Review,
  webApplication,
} from './structured-data.ts';

export const publicPages = ['landing', 'pricing', 'faq', 'privacy', 'terms'] as const;
export type PublicPage = (typeof publicPages)[number];

export const publicPagePaths: Record<PublicPage, string> = prerenderedPaths;

/** Where the site lives per language: pt-BR on its own domain when there is one, else `?lng=pt-BR`. */
export interface SiteOrigins {
  'en-US': string;
  'pt-BR': string | null;
}

export function pageUrl(path: string, language: Language, origins: SiteOrigins): string {
  if (language === 'pt-BR') {
    return origins['pt-BR'] ? `${origins['pt-BR']}${path}` : `${origins['en-US']}${path}?lng=pt-BR`;
  }
  return `${origins['en-US']}${path}`;
}

export interface PageHeadContext {
  t: TFunction;
  language: Language;
  origins: SiteOrigins;
  currency: Currency;
  now: Date;
  review: Review | null;
  /** Written into the FAQ's support answer. */
  supportEmail: string;
}

const ogLocale = (language: Language) => language.replace('-', '_');

/** The <head> of a public page in the given language: texts, links, social card and structured data. */
export function buildPageHead(page: PublicPage, context: PageHeadContext): HeadTags {
  const { t, language, origins, currency, now, review, supportEmail } = context;
  const path = publicPagePaths[page];
  const url = pageUrl(path, language, origins);
  const ownOrigin = language === 'pt-BR' && origins['pt-BR'] ? origins['pt-BR'] : origins['en-US'];
  const image = `${ownOrigin}/og-image.png`;
  const title = t(`seo.${page}.title`);
  const description = t(`seo.${page}.description`);

  const home = { name: t('site.nav.home'), url: pageUrl('/', language, origins) };
  const crumbs = page === 'landing' ? [home] : [home, { name: t(`seo.${page}.breadcrumb`), url }];
  const jsonLd: JsonLd[] = [organization({ origin: ownOrigin, logo: `${ownOrigin}/logo.png` })];

  if (page === 'landing') {
    jsonLd.push(webApplication({ name: t('app.name'), url, description, language, currency, image, review }));
  }
  if (page === 'pricing') {
    jsonLd.push(
      productWithOffers({
        name: t('app.name'),
        description,
        url,
        image,
        currency,
        planNames: {
          free: t('pricing.plans.free.name'),
          proMonthly: t('pricing.plans.proMonthly.name'),
          proLifetime: t('pricing.plans.proLifetime.name'),
        },
        priceValidUntil: endOfYear(now),
        review,
      }),
    );
  }
  if (page === 'faq') jsonLd.push(faqPage(faqItems(t, formattedPrices(currency, language), supportEmail)));
  jsonLd.push(breadcrumbList(crumbs));

  return {
    title,
    description,
    keywords: t(`seo.${page}.keywords`),
    canonical: url,
    alternates: [
      { hreflang: 'en-US', href: pageUrl(path, 'en-US', origins) },
      { hreflang: 'pt-BR', href: pageUrl(path, 'pt-BR', origins) },
      { hreflang: 'x-default', href: pageUrl(path, 'en-US', origins) },
    ],
    image,
    imageAlt: t('seo.imageAlt'),
    locale: ogLocale(language),
    alternateLocales: [ogLocale(language === 'en-US' ? 'pt-BR' : 'en-US')],
    siteName: t('app.name'),
    jsonLd,
  };
}
