import { type Review, reviewFromSettings } from './structured-data.ts';

/**
 * Build-time settings of the public site (Vite env):
 * - VITE_SITE_URL: the public origin of the site (canonical links, social image); the page's own origin
 *   when unset.
 * - VITE_SITE_URL_PT_BR: the Brazilian domain's origin, for pt-BR alternates; else `?lng=pt-BR` links.
 * - VITE_REVIEW_RATING and VITE_REVIEW_COUNT: real review figures; without both, no rating is published.
 * - VITE_SUPPORT_EMAIL: where support and feedback go (spec: by e-mail); `support@` the site's domain when
 *   unset, `support@example.com` without a site URL (local builds).
 */
export interface SiteSettings {
  siteUrl: string | null;
  siteUrlPtBr: string | null;
  review: Review | null;
  supportEmail: string;
}

/** A plain address (one @, no spaces or mailto: extras), else null. */
const emailAddress = (value: string | undefined) => {
  const trimmed = value?.trim() ?? '';
  return /^[^\s@?&#]+@[^\s@?&#/]+\.[^\s@?&#/]+$/.test(trimmed) ? trimmed : null;
};

/** `support@` the site's domain (without `www.`). */
export function defaultSupportEmail(siteUrl: string | null): string {
  const host = siteUrl ? new URL(siteUrl).hostname.replace(/^www\./, '') : 'example.com';
  return `support@${host}`;
}

const origin = (value: string | undefined) => {
  if (!value?.trim()) return null;
  try {
    return new URL(value.trim()).origin;
  } catch {
    return null;
  }
};

export function siteSettings(env: Record<string, string | undefined> = import.meta.env ?? {}): SiteSettings {
  const siteUrl = origin(env.VITE_SITE_URL);
  return {
    siteUrl,
    siteUrlPtBr: origin(env.VITE_SITE_URL_PT_BR),
    review: reviewFromSettings(env.VITE_REVIEW_RATING, env.VITE_REVIEW_COUNT),
    supportEmail: emailAddress(env.VITE_SUPPORT_EMAIL) ?? defaultSupportEmail(siteUrl),
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
