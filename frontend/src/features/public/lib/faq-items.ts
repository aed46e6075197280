import type { TFunction } from 'i18next';
import { FREE_AI_SUGGESTION_LIMIT, FREE_RESUME_LIMIT } from '#shared/plans';
import { MONEY_BACK_GUARANTEE_DAYS, type PlanId } from './pricing.ts';

/** The FAQ, in the order shown; the same items feed the page and its FAQPage structured data. */
export const faqKeys = [
  'what',
  'free',
  'pro',
  'price',
  'cancel',
  'guarantee',
  'upload',
  'ats',
  'languages',
  'privacy',
  'delete',
  'support',
] as const;
export type FaqKey = (typeof faqKeys)[number];

export interface FaqItem {
  key: FaqKey;
  question: string;
  answer: string;
}

/** The questions and answers; `supportEmail` is written into the support answer. */
export function faqItems(t: TFunction, prices: Record<PlanId, string>, supportEmail: string): FaqItem[] {
  const values = {
    email: supportEmail,
    resumes: FREE_RESUME_LIMIT,
    suggestions: FREE_AI_SUGGESTION_LIMIT,
    monthly: prices.proMonthly,
    lifetime: prices.proLifetime,
    days: MONEY_BACK_GUARANTEE_DAYS,
  };
  return faqKeys.map((key) => ({
    key,
    question: t(`faq.items.${key}.question`, values),
    answer: t(`faq.items.${key}.answer`, values),
  }));
}
