/**
 * URLs of the template font files as Vite emits them (hashed assets, served by the SPA's own origin), keyed
 * by the package-relative path `shared/templates/fonts.ts` declares. The glob names exactly the weights and
 * subsets templates use, so no other file of the packages is emitted.
 */
function emittedFiles(): Record<string, string> {
  try {
    return import.meta.glob<string>(
      [
        '../../../../node_modules/@fontsource/{inter,source-serif-4,ibm-plex-sans}/files/*-latin-{400,500,600,700}-normal.woff2',
        '../../../../node_modules/@fontsource/{inter,source-serif-4,ibm-plex-sans}/files/*-latin-ext-{400,500,600,700}-normal.woff2',
        '../../../../node_modules/@fontsource/{inter,source-serif-4,ibm-plex-sans}/files/*-latin{,-ext}-400-italic.woff2',
      ],
      { query: '?url', import: 'default', eager: true },
    );
  } catch {
    // Outside Vite (jest, jsdom) the macro does not exist: no font files, the fallbacks show.
    return {};
  }
}

const byFile = new Map(
  Object.entries(emittedFiles()).map(([path, url]) => [path.slice(path.indexOf('@fontsource/')), url]),
);

/** The emitted URL of a font file named as in `fontFiles` ('@fontsource/inter/files/...'). */
export function fontUrl(file: string): string | undefined {
  return byFile.get(file);
}
