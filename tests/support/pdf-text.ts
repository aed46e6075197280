import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF reader (and an ATS) gets out of a file: pages, text in content order, metadata, links. */
export interface PdfContents {
  pages: number;
  /** Each page's text items joined in the order the file draws them. */
  pageTexts: string[];
  /** All pages' text, whitespace collapsed. */
  text: string;
  title: string | undefined;
  language: string | undefined;
  tagged: boolean;
  /** Every link annotation's target. */
  links: string[];
}

/** Read a PDF with pdf.js, as a browser's viewer (and most ATS text extractors) would. */
export async function readPdf(bytes: Uint8Array): Promise<PdfContents> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const pageTexts: string[] = [];
    const links: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pageTexts.push(
        content.items
          .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
          .join('')
          .replace(/[ \t]+/g, ' '),
      );
      for (const annotation of await page.getAnnotations()) {
        if (annotation.subtype === 'Link' && typeof annotation.url === 'string') links.push(annotation.url);
      }
    }
    const { info } = (await pdf.getMetadata()) as { info: Record<string, unknown> };
    // A Map in current pdf.js, a plain object in older ones.
    // (Not `instanceof Map`: under jest the Map comes from another realm.)
    const markInfo = (await pdf.getMarkInfo()) as { get?: (key: string) => unknown; Marked?: boolean } | null;
    const marked = typeof markInfo?.get === 'function' ? markInfo.get('Marked') : markInfo?.Marked;
    return {
      pages: pdf.numPages,
      pageTexts,
      text: pageTexts.join('\n').replace(/\s+/g, ' ').trim(),
      title: typeof info.Title === 'string' ? info.Title : undefined,
      language: typeof info.Language === 'string' ? info.Language : undefined,
      tagged: marked === true,
      links,
    };
  } finally {
    await task.destroy();
  }
}
