import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../config/config-context.tsx';
import { isPtBrHost } from '../../../i18n/languages.ts';
import { applyHead, removeHead } from '../lib/head.ts';
import { buildPageHead, type PublicPage } from '../lib/page-head.ts';
import { siteOrigins, siteSettings } from '../lib/site-env.ts';
import { usePublicSite } from './use-public-site.ts';

/**
 * Writes the page's title, meta tags, links and structured data into <head> in the current language.
 * Prerendered pages already carry the same tags; this keeps them right after a language switch or a
 * client-side navigation, and with the current year in offers.
 */
export function Seo({ page }: { page: PublicPage }) {
  const { t } = useTranslation();
  const config = useConfig();
  const { language, currency } = usePublicSite();

  useEffect(() => {
    const settings = siteSettings();
    const origins = siteOrigins(settings, {
      origin: window.location.origin,
      onPtBrHost: isPtBrHost(window.location.hostname, config.ptBrHosts),
    });
    applyHead(
      buildPageHead(page, {
        t,
        language,
        origins,
        currency,
        now: new Date(),
        review: settings.review,
        supportEmail: settings.supportEmail,
      }),
    );
    return () => removeHead();
  }, [page, t, language, currency, config.ptBrHosts]);

  return null;
}
