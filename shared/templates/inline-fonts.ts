import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FontId } from '../resume.ts';
import { fontFaceCss } from './fonts.ts';

/**
 * Node only (the PDF worker): the @font-face rules of a font with its files inlined as data: URLs, so the
 * page Chromium prints needs no network and uses the very files the preview used.
 */

const require = createRequire(import.meta.url);
const cache = new Map<string, string>();

/** A declared font file as a data: URL, read once from its @fontsource package. */
export function fontDataUrl(file: string): string {
  let url = cache.get(file);
  if (!url) {
    url = `data:font/woff2;base64,${readFileSync(require.resolve(file)).toString('base64')}`;
    cache.set(file, url);
  }
  return url;
}

/** @font-face rules for `fonts` with every file inlined (about 0.3 MB of CSS per font). */
export function inlineFontFaceCss(fonts: readonly FontId[]): string {
  return fontFaceCss(fontDataUrl, fonts);
}
