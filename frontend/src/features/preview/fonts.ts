import type { FontId } from '#shared/resume';
import { fontFaceCss, fontLoadQueries } from '#shared/templates/index';
import { fontUrl } from './font-urls.ts';

/**
 * The template fonts in the browser: @font-face rules pointing at the files Vite emitted, added to the
 * document once, and a promise that the faces of a font are loaded before anything is measured with it.
 */

const STYLE_ID = 'resume-template-fonts';

/** Add the @font-face rules of every template font to the document (once). */
export function ensureFontFaces(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = fontFaceCss(fontUrl);
  document.head.append(style);
}

const loaded = new Set<FontId>();

/** Whether `loadFont(font)` has finished once in this document (later previews measure right away). */
export function isFontLoaded(font: FontId): boolean {
  return loaded.has(font);
}

/** Resolves when the faces of `font` that templates use are loaded (failures resolve too: fallbacks show). */
export async function loadFont(font: FontId): Promise<void> {
  ensureFontFaces();
  if (typeof document === 'undefined' || !document.fonts) return;
  // Latin-1 covers English and Portuguese; other ranges load on demand and trigger a re-measure.
  await Promise.allSettled(fontLoadQueries(font).map((query) => document.fonts.load(query, 'Aã')));
  loaded.add(font);
}
