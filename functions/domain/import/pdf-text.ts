import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { IMPORT_MAX_PAGES } from '#shared/imports';
import { type Glyphs, toLines } from './layout.ts';
import { ImportError, type TextDocument, type TextLine } from './types.ts';

/**
 * PDF → `TextDocument` with pdf.js: text items with their positions, sizes and fonts, grouped into lines and
 * read column by column (layout.ts). Link annotations put the full URL back where the page prints a short one.
 */

type PdfDocument = Awaited<ReturnType<typeof getDocument>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

interface LinkArea {
  url: string;
  /** Left, top, right, bottom in points from the page's top-left. */
  box: [number, number, number, number];
}

const BOLD_FONT = /bold|black|heavy|semibold|demi|extrabold|[-,]bd?$/i;

/** Read a PDF's text with positions and fonts; refuses encrypted, over-long, damaged and text-less files. */
export async function extractPdf(bytes: Uint8Array): Promise<TextDocument> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    // Gives the fonts' real names ("ABCDEF+Inter-Bold"): the one reliable sign of bold text.
    fontExtraProperties: true,
    verbosity: 0,
  });
  try {
    const pdf = await openDocument(task.promise);
    if (pdf.numPages > IMPORT_MAX_PAGES) {
      throw new ImportError('IMPORT_TOO_MANY_PAGES', `${pdf.numPages} pages (at most ${IMPORT_MAX_PAGES})`);
    }
    const lines: TextLine[] = [];
    let pageWidth = 612;
    let pageHeight = 792;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await readPage(pdf, n);
      if (n === 1) [pageWidth, pageHeight] = [page.width, page.height];
      lines.push(...page.lines);
    }
    if (!lines.some((line) => /[\p{L}\p{N}]/u.test(line.text))) {
      throw new ImportError('IMPORT_NO_TEXT', 'the PDF has no text (a scan?)');
    }
    return { kind: 'pdf', pages: pdf.numPages, pageWidth, pageHeight, lines };
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError('IMPORT_UNREADABLE', 'the PDF cannot be read', { cause: error });
  } finally {
    await task.destroy();
  }
}

async function openDocument(promise: Promise<PdfDocument>): Promise<PdfDocument> {
  try {
    return await promise;
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'PasswordException') {
      throw new ImportError('IMPORT_ENCRYPTED', 'the PDF is password-protected', { cause: error });
    }
    throw new ImportError('IMPORT_UNREADABLE', 'the PDF cannot be read', { cause: error });
  }
}

async function readPage(
  pdf: PdfDocument,
  number: number,
): Promise<{ width: number; height: number; lines: TextLine[] }> {
  const page = await pdf.getPage(number);
  try {
    const viewport = page.getViewport({ scale: 1 });
    // The operator list loads the page's fonts, whose names tell bold from regular.
    const [content, , annotations] = await Promise.all([
      page.getTextContent(),
      page.getOperatorList().catch(() => undefined),
      page.getAnnotations().catch(() => []),
    ]);
    const toPage = (x: number, y: number) => viewport.convertToViewportPoint(x, y) as [number, number];
    const glyphs = (content.items as PdfTextItem[])
      .filter((item) => typeof item.str === 'string' && item.str.trim() !== '')
      .map((item) => glyphOf(item, number, toPage, fontInfo(page, item.fontName, content.styles)))
      .filter((glyph): glyph is Glyphs => glyph !== undefined);
    const links = linkAreas(annotations as { subtype?: string; url?: unknown; rect?: number[] }[], toPage);
    return {
      width: viewport.width,
      height: viewport.height,
      lines: toLines(withLinks(glyphs, links), viewport.width),
    };
  } finally {
    page.cleanup();
  }
}

function fontInfo(
  page: PdfPage,
  fontName: string,
  styles: Record<string, { fontFamily?: string }>,
): { name: string; bold: boolean } {
  let name = styles[fontName]?.fontFamily ?? '';
  let bold = false;
  if (page.commonObjs.has(fontName)) {
    const font = page.commonObjs.get(fontName) as { name?: string; bold?: boolean; black?: boolean } | null;
    name = font?.name || name;
    bold = Boolean(font?.bold || font?.black);
  }
  return { name: name.replace(/^[A-Z]{6}\+/, ''), bold: bold || BOLD_FONT.test(name) };
}

function glyphOf(
  item: PdfTextItem,
  page: number,
  toPage: (x: number, y: number) => [number, number],
  font: { name: string; bold: boolean },
): Glyphs | undefined {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  // Rotated text (a vertical label in a margin) is not part of the reading flow.
  if (Math.abs(b) > Math.abs(a) * 0.1 || Math.abs(c) > Math.abs(d) * 0.1) return undefined;
  const size = Math.abs(d) || Math.abs(a);
  if (size < 1) return undefined;
  const [x, y] = toPage(e, f);
  return { text: item.str, page, x, y, width: item.width, size, fontName: font.name, bold: font.bold };
}

function linkAreas(
  annotations: { subtype?: string; url?: unknown; rect?: number[] }[],
  toPage: (x: number, y: number) => [number, number],
): LinkArea[] {
  return annotations.flatMap((a) => {
    if (a.subtype !== 'Link' || typeof a.url !== 'string' || !a.rect || a.rect.length < 4) return [];
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = a.rect;
    const [l, t] = toPage(Math.min(x1, x2), Math.max(y1, y2));
    const [r, btm] = toPage(Math.max(x1, x2), Math.min(y1, y2));
    return [{ url: a.url, box: [Math.min(l, r), Math.min(t, btm), Math.max(l, r), Math.max(t, btm)] }];
  });
}

/** A URL as printed: no scheme, no www., no trailing slash. */
function shortUrl(url: string): string {
  return url
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?/i, '')
    .replace(/\/$/, '');
}

/** Where a link's area covers text that prints its URL without the scheme, the text becomes the full URL. */
function withLinks(glyphs: Glyphs[], links: LinkArea[]): Glyphs[] {
  if (links.length === 0) return glyphs;
  return glyphs.map((glyph) => {
    const link = links.find((l) => covers(l.box, glyph) && /^https?:\/\//i.test(l.url));
    if (!link) return glyph;
    const printed = glyph.text.trim().toLowerCase();
    const short = shortUrl(link.url).toLowerCase();
    if (printed.includes('://') || printed.length < 6) return glyph;
    if (short === printed || (short.startsWith(printed) && /[-/.]$/.test(printed))) {
      return { ...glyph, text: link.url };
    }
    // The rest of a URL the page wrapped onto a second line: the first line now holds all of it.
    return short.endsWith(printed) && short !== printed ? { ...glyph, text: '' } : glyph;
  });
}

function covers(box: LinkArea['box'], glyph: Glyphs): boolean {
  const middleX = glyph.x + glyph.width / 2;
  const middleY = glyph.y - glyph.size / 3;
  return middleX >= box[0] && middleX <= box[2] && middleY >= box[1] - 2 && middleY <= box[3] + 2;
}
