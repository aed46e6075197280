/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Public origin of the site, for canonical links and the social image (e.g. https://example.com). */
  readonly VITE_SITE_URL?: string;
  /** Origin of the Brazilian domain, for the pt-BR alternate links. */
  readonly VITE_SITE_URL_PT_BR?: string;
  /** Real review figures for structured data; both or neither. */
  readonly VITE_REVIEW_RATING?: string;
  readonly VITE_REVIEW_COUNT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
