import { type Review, reviewFromSettings } from './structured-data.ts';

/**
 * Build-time settings of the public site (Vite env):
 * - VITE_SITE_URL: the public origin of the site (canonical links, social image); the page's own origin
 *   when unset.
 * - VITE_SITE_URL_PT_BR: the Brazilian domain's origin, for pt-BR alternates; else `?lng=pt-BR` links.
 * - VITE_REVIEW_RATING and VITE_REVIEW_COUNT: real review figures; without both, no rating is published.
 */
export interface SiteSettings {
  siteUrl: string | null;
  siteUrlPtBr: string | null;
  review: Review | null;
}

const origin = (value: string | undefined) => {
  if (!value?.trim()) return null;
  try {
    return new URL(value.trim()).origin;
  } catch {
    return null;
  }
};

export function siteSettings(): SiteSettings {
  const env = import.meta.env;
  return {
    siteUrl: origin(env.VITE_SITE_URL),
    siteUrlPtBr: origin(env.VITE_SITE_URL_PT_BR),
    review: reviewFromSettings(env.VITE_REVIEW_RATING, env.VITE_REVIEW_COUNT),
  };
}

/**
 * The origins for links in <head>: the configured ones, else the page's own origin (for en-US, and for
 * pt-BR when the page is on a Brazilian host).
 */
export function siteOrigins(
  settings: SiteSettings,
  here: { origin: string; onPtBrHost: boolean } | null,
): { 'en-US': string; 'pt-BR': string | null } {
  return {
    'en-US': settings.siteUrl ?? here?.origin ?? 'http://localhost:3000',
    'pt-BR': settings.siteUrlPtBr ?? (here?.onPtBrHost ? here.origin : null),
  };
}
