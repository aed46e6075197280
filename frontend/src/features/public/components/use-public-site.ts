import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../config/config-context.tsx';
import { type Language, toSupportedLanguage } from '../../../i18n/languages.ts';
import { type Currency, currencyForHost, formattedPrices, type PlanId } from '../lib/pricing.ts';

/** The host a page is prerendered for (no window at build time): a Brazilian host for the BRL edition. */
export const PrerenderHostContext = createContext<string | undefined>(undefined);

export interface PublicSite {
  language: Language;
  currency: Currency;
  prices: Record<PlanId, string>;
}

/** The page's language, its currency (BRL on a Brazilian host) and the formatted plan prices. */
export function usePublicSite(): PublicSite {
  const { i18n } = useTranslation();
  const config = useConfig();
  const prerenderHost = useContext(PrerenderHostContext);
  const language = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en-US';
  const host = typeof window === 'undefined' ? prerenderHost : window.location.hostname;
  const currency = currencyForHost(host, config.ptBrHosts);
  return { language, currency, prices: formattedPrices(currency, language) };
}
