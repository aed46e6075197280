/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Public origin of the site, for canonical links and the social image (e.g. https://example.com). */
  readonly VITE_SITE_URL?: string;
  /** Origin of the Brazilian domain, for the pt-BR alternate links. */
  readonly VITE_SITE_URL_PT_BR?: string;
  /** Real review figures for structured data; both or neither. */
  readonly VITE_REVIEW_RATING?: string;
  readonly VITE_REVIEW_COUNT?: string;
  /** Support address shown in the footer, FAQ, privacy policy and terms; default support@<VITE_SITE_URL's domain>. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
