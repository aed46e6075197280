import type { FontId } from '../resume.ts';

/**
 * The font files templates use, declared once for both renderers: the preview points @font-face at the
 * URLs Vite emits for these files, the PDF worker inlines the same files as data: URLs. Same files, same
 * metrics, same line breaks. All three families are SIL OFL (@fontsource packages).
 *
 * The families get names of their own ("Resume Inter"), so a copy of Inter installed on the machine or
 * loaded by the app can never stand in for the exact files we measured with.
 */

export interface FontFile {
  font: FontId;
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  unicodeRange: string;
  /** Package-relative path, resolvable with `import`/`require.resolve`: '@fontsource/inter/files/...'. */
  file: string;
}

// The two subsets cover English and Portuguese (Latin-1) plus the rest of Latin (names like Łukasz, Đặng).
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

export const fontFamilies: Record<FontId, { family: string; fallback: string; label: string }> = {
  inter: { family: 'Resume Inter', fallback: 'Arial, Helvetica, sans-serif', label: 'Inter' },
  'source-serif-4': {
    family: 'Resume Source Serif 4',
    fallback: 'Georgia, "Times New Roman", serif',
    label: 'Source Serif 4',
  },
  'ibm-plex-sans': {
    family: 'Resume IBM Plex Sans',
    fallback: 'Arial, Helvetica, sans-serif',
    label: 'IBM Plex Sans',
  },
};

/** Weights and styles the templates use; anything else would be synthesised by the browser. */
export const fontFaces: readonly { weight: number; style: 'normal' | 'italic' }[] = [
  { weight: 400, style: 'normal' },
  { weight: 400, style: 'italic' },
  { weight: 500, style: 'normal' },
  { weight: 600, style: 'normal' },
  { weight: 700, style: 'normal' },
];

export const fontFiles: readonly FontFile[] = (Object.keys(fontFamilies) as FontId[]).flatMap((font) =>
  fontFaces.flatMap(({ weight, style }) =>
    (
      [
        ['latin', LATIN],
        ['latin-ext', LATIN_EXT],
      ] as const
    ).map(([subset, unicodeRange]) => ({
      font,
      family: fontFamilies[font].family,
      weight,
      style,
      unicodeRange,
      file: `@fontsource/${font}/files/${font}-${subset}-${weight}-${style}.woff2`,
    })),
  ),
);

/** The CSS font-family value of a font: its own family, then fallbacks with similar widths. */
export function fontStack(font: FontId): string {
  const { family, fallback } = fontFamilies[font];
  return `"${family}", ${fallback}`;
}

/**
 * @font-face rules for the given fonts, with each file's URL from `urlOf` (a Vite asset URL in the browser,
 * a data: URL in the PDF worker). Files without a URL are left out.
 */
export function fontFaceCss(urlOf: (file: string) => string | undefined, fonts?: readonly FontId[]): string {
  return fontFiles
    .filter((f) => !fonts || fonts.includes(f.font))
    .map((f) => {
      const url = urlOf(f.file);
      if (!url) return '';
      // font-display: block: a fallback font would lay out (and paginate) differently for a moment.
      return `@font-face{font-family:"${f.family}";font-style:${f.style};font-weight:${f.weight};font-display:block;src:url("${url}") format("woff2");unicode-range:${f.unicodeRange};}`;
    })
    .join('\n');
}

/** The CSS `font` shorthands that load every face of a font (for `document.fonts.load`). */
export function fontLoadQueries(font: FontId): string[] {
  return fontFaces.map(({ weight, style }) => `${style} ${weight} 16px "${fontFamilies[font].family}"`);
}
