import { type Currency, type PlanId, planIds, planPrices } from './pricing.ts';

/** schema.org JSON-LD for the public pages (spec section 2: organisation, web application, offers, FAQ, breadcrumbs). */
export type JsonLd = Record<string, unknown>;

const context = 'https://schema.org';

/** The organisation's own name in structured data, whatever the interface language. */
export const ORGANIZATION_NAME = 'Resume Builder';

export interface Review {
  ratingValue: number;
  reviewCount: number;
}

/**
 * Review figures from build-time settings, or null. Ratings are only published when real figures are
 * configured: a rating between 1 and 5 and a whole, positive count.
 */
export function reviewFromSettings(rating: string | undefined, count: string | undefined): Review | null {
  if (!rating?.trim() || !count?.trim()) return null;
  const ratingValue = Number(rating);
  const reviewCount = Number(count);
  if (!Number.isFinite(ratingValue) || ratingValue < 1 || ratingValue > 5) return null;
  if (!Number.isInteger(reviewCount) || reviewCount < 1) return null;
  return { ratingValue, reviewCount };
}

const aggregateRating = (review: Review | null) =>
  review
    ? {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: review.ratingValue,
          reviewCount: review.reviewCount,
          bestRating: 5,
          worstRating: 1,
        },
      }
    : {};

/** The last day of the year of `now` (UTC), as YYYY-MM-DD: offers are stated valid until then. */
export function endOfYear(now: Date): string {
  return `${now.getUTCFullYear()}-12-31`;
}

export function organization({ origin, logo }: { origin: string; logo: string }): JsonLd {
  return { '@context': context, '@type': 'Organization', name: ORGANIZATION_NAME, url: `${origin}/`, logo };
}

export function webApplication({
  name,
  url,
  description,
  language,
  currency,
  image,
  review,
}: {
  name: string;
  url: string;
  description: string;
  language: string;
  currency: Currency;
  image: string;
  review: Review | null;
}): JsonLd {
  const prices = Object.values(planPrices);
  return {
    '@context': context,
    '@type': 'WebApplication',
    name,
    url,
    description,
    image,
    inLanguage: language,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Any',
    browserRequirements: 'Requires JavaScript',
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: currency,
      lowPrice: Math.min(...prices),
      highPrice: Math.max(...prices),
      offerCount: prices.length,
    },
    ...aggregateRating(review),
  };
}

export function productWithOffers({
  name,
  description,
  url,
  image,
  currency,
  planNames,
  priceValidUntil,
  review,
}: {
  name: string;
  description: string;
  url: string;
  image: string;
  currency: Currency;
  planNames: Record<PlanId, string>;
  priceValidUntil: string;
  review: Review | null;
}): JsonLd {
  return {
    '@context': context,
    '@type': 'Product',
    name,
    description,
    image,
    brand: { '@type': 'Brand', name: ORGANIZATION_NAME },
    offers: planIds.map((plan) => ({
      '@type': 'Offer',
      name: planNames[plan],
      price: planPrices[plan],
      priceCurrency: currency,
      priceValidUntil,
      availability: 'https://schema.org/InStock',
      url,
      ...(plan === 'proMonthly'
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: planPrices[plan],
              priceCurrency: currency,
              billingDuration: 'P1M',
              referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
            },
          }
        : {}),
    })),
    ...aggregateRating(review),
  };
}

export function faqPage(items: readonly { question: string; answer: string }[]): JsonLd {
  return {
    '@context': context,
    '@type': 'FAQPage',
    mainEntity: items.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

export function breadcrumbList(items: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: items.map(({ name, url }, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: url,
    })),
  };
}
