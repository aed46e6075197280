import { isPtBrHost } from '../../../i18n/languages.ts';

/** The plans of spec section 6 and their prices of section 9 (the same figures in BRL and USD). */
export const planIds = ['free', 'proMonthly', 'proLifetime'] as const;
export type PlanId = (typeof planIds)[number];

export const planPrices: Record<PlanId, number> = { free: 0, proMonthly: 5, proLifetime: 70 };

/** Spec section 1: the money-back guarantee. */
export const MONEY_BACK_GUARANTEE_DAYS = 14;

export type Currency = 'USD' | 'BRL';

/** BRL on the Brazilian domain(s), USD everywhere else (by host, not by interface language). */
export function currencyForHost(host: string | undefined, ptBrHosts: readonly string[]): Currency {
  return isPtBrHost(host, ptBrHosts) ? 'BRL' : 'USD';
}

/** A price in the interface language's format, without decimals when it is a whole amount. */
export function formatPrice(amount: number, currency: Currency, language: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** The formatted prices of the three plans. */
export function formattedPrices(currency: Currency, language: string): Record<PlanId, string> {
  return {
    free: formatPrice(planPrices.free, currency, language),
    proMonthly: formatPrice(planPrices.proMonthly, currency, language),
    proLifetime: formatPrice(planPrices.proLifetime, currency, language),
  };
}
