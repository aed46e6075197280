import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { IMPORT_MAX_PAGES } from '#shared/imports';
import { alignPageColumns, type Glyphs, type LaidOutLine, toLines } from './layout.ts';
import { checkPdfStreams } from './pdf-streams.ts';
import { ImportError, type TextDocument } from './types.ts';

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
  /** Letter-spaced text closed up from its glyphs: the gap its letters were set apart by. */
  tracking?: number;
}

export interface LinkArea {
  url: string;
  /** Left, top, right, bottom in points from the page's top-left. */
  box: [number, number, number, number];
}

const BOLD_FONT = /bold|black|heavy|semibold|demi|extrabold|[-,]bd?$/i;

/** Read a PDF's text with positions and fonts; refuses encrypted, over-long, damaged and text-less files. */
export async function extractPdf(bytes: Uint8Array): Promise<TextDocument> {
  // pdf.js decodes streams whole: a bomb is refused (IMPORT_TOO_COMPLEX) before it sees one.
  await checkPdfStreams(bytes);
  const task = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    // Gives the fonts' real names ("ABCDEF+Inter-Bold"): the one reliable sign of bold text.
    fontExtraProperties: true,
    // Text needs no image: none is decoded (a huge or hostile one costs nothing). OCR has its own limit.
    maxImageSize: 0,
    verbosity: 0,
  });
  try {
    const pdf = await openDocument(task.promise);
    if (pdf.numPages > IMPORT_MAX_PAGES) {
      throw new ImportError('IMPORT_TOO_MANY_PAGES', `${pdf.numPages} pages (at most ${IMPORT_MAX_PAGES})`);
    }
    const lines: LaidOutLine[] = [];
    let pageWidth = 612;
    let pageHeight = 792;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await readPage(pdf, n);
      if (n === 1) [pageWidth, pageHeight] = [page.width, page.height];
      lines.push(...page.lines);
    }
    alignPageColumns(lines);
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
): Promise<{ width: number; height: number; lines: LaidOutLine[] }> {
  const page = await pdf.getPage(number);
  try {
    const viewport = page.getViewport({ scale: 1 });
    // The operator list loads the page's fonts, whose names tell bold from regular.
    const [content, operators, annotations] = await Promise.all([
      page.getTextContent(),
      page.getOperatorList().catch(() => undefined),
      page.getAnnotations().catch(() => []),
    ]);
    const toPage = (x: number, y: number) => viewport.convertToViewportPoint(x, y) as [number, number];
    const placed = operators ? placedGlyphs(operators, page, toPage) : [];
    const glyphs = (content.items as PdfTextItem[])
      .filter((item) => typeof item.str === 'string' && item.str.trim() !== '')
      .map((item) => respaced(item, placed, toPage))
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
  const glyph: Glyphs = {
    text: item.str,
    page,
    x,
    y,
    width: item.width,
    size,
    fontName: font.name,
    bold: font.bold,
  };
  return item.tracking ? { ...glyph, tracking: item.tracking } : glyph;
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
    // A site's root as the browser wrote it ("https://x.com/") is the address as typed ("https://x.com").
    const url = a.url.replace(/^(https?:\/\/[^/?#]+)\/$/i, '$1');
    return [{ url, box: [Math.min(l, r), Math.min(t, btm), Math.max(l, r), Math.max(t, btm)] }];
  });
}

/** A URL as printed: no scheme, no www., no trailing slash. */
function shortUrl(url: string): string {
  return url
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?/i, '')
    .replace(/\/$/, '');
}

/**
 * Where a link's area covers text that prints its URL without the scheme, the text becomes the full URL.
 * An address the page may wrap at its dots and slashes (<wbr>) comes as several runs side by side on one
 * line ('linkedin.', 'com/', 'in/', 'ana'): the runs under one link on one line are read as one text first.
 */
export function withLinks(glyphs: Glyphs[], links: LinkArea[]): Glyphs[] {
  if (links.length === 0) return glyphs;
  const linkOf = (glyph: Glyphs) => links.find((l) => covers(l.box, glyph) && /^https?:\/\//i.test(l.url));
  const joined: Glyphs[] = [];
  for (const glyph of glyphs) {
    const last = joined.at(-1);
    const link = linkOf(glyph);
    const touching =
      last !== undefined &&
      link !== undefined &&
      // Chromium draws one link area per piece of a wrapped-at-will address: the same URL, side by side.
      linkOf(last)?.url === link.url &&
      last.page === glyph.page &&
      Math.abs(last.y - glyph.y) < glyph.size / 4 &&
      Math.abs(last.x + last.width - glyph.x) < glyph.size / 4;
    if (touching) {
      joined[joined.length - 1] = {
        ...last,
        text: last.text + glyph.text,
        width: glyph.x + glyph.width - last.x,
      };
    } else joined.push(glyph);
  }
  return joined.map((glyph) => {
    const link = linkOf(glyph);
    if (!link) return glyph;
    const printed = glyph.text.trim().toLowerCase();
    const short = shortUrl(link.url).toLowerCase();
    if (printed.includes('://')) return glyph;
    if (printed.length >= 6 && (short === printed || (short.startsWith(printed) && /[-/.]$/.test(printed)))) {
      return { ...glyph, text: link.url };
    }
    // The rest of a URL the page wrapped onto a second line: the first line now holds all of it.
    if (printed.length >= 6 && short.endsWith(printed) && short !== printed) return { ...glyph, text: '' };
    // Other text under a link (a company's name linked to its site) keeps the address apart.
    return short.includes(printed) ? glyph : { ...glyph, link: link.url };
  });
}

function covers(box: LinkArea['box'], glyph: Glyphs): boolean {
  const middleX = glyph.x + glyph.width / 2;
  const middleY = glyph.y - glyph.size / 3;
  return middleX >= box[0] && middleX <= box[2] && middleY >= box[1] - 2 && middleY <= box[3] + 2;
}

// ---------------------------------------------------------------------------------------------------------
// Letter-spaced text, word by word. pdf.js puts a space between every letter of a tracked-out word
// ("A N A S O U Z A") and often loses the wider gap between its words; the page's drawing operators still
// say where each glyph sits and where a space glyph was drawn, so the words can be closed up and kept apart.

/** One glyph as drawn: its character, where it starts and how far it advances (page points). */
export interface PlacedGlyph {
  text: string;
  x: number;
  y: number;
  advance: number;
  size: number;
  space: boolean;
}

type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `outer` after `inner`: a point through `inner` first. */
function compose(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [a2, b2, c2, d2, e2, f2] = inner;
  return [
    a * a2 + c * b2,
    b * a2 + d * b2,
    a * c2 + c * d2,
    b * c2 + d * d2,
    a * e2 + c * f2 + e,
    b * e2 + d * f2 + f,
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

interface GlyphOp {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

/**
 * Every glyph the page's text operators draw, positioned as a renderer would (transforms, text matrix,
 * character and word spacing, horizontal scale), in the page's top-left coordinates. Horizontal text only.
 */
function placedGlyphs(
  operators: { fnArray: number[]; argsArray: unknown[][] },
  page: PdfPage,
  toPage: (x: number, y: number) => [number, number],
): PlacedGlyph[] {
  const out: PlacedGlyph[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  let tm: Matrix = IDENTITY;
  let lineX = 0;
  let lineY = 0;
  let x = 0;
  let y = 0;
  let size = 0;
  let fontScale = 0.001;
  let charSpacing = 0;
  let wordSpacing = 0;
  let hScale = 1;
  let leading = 0;
  let rise = 0;
  const moveText = (dx: number, dy: number) => {
    lineX += dx;
    lineY += dy;
    x = lineX;
    y = lineY;
  };
  const show = (glyphs: unknown) => {
    if (!Array.isArray(glyphs) || size === 0) return;
    const m = compose(ctm, tm);
    const scale = Math.hypot(m[2], m[3]);
    let advance = 0;
    for (const glyph of glyphs as (number | GlyphOp | null)[]) {
      if (typeof glyph === 'number') {
        advance -= (glyph * size) / 1000;
        continue;
      }
      if (!glyph) continue;
      const width = (glyph.width ?? 0) * size * fontScale;
      const [px, py] = toPage(...apply(m, x + advance * hScale, y + rise));
      const [ex] = toPage(...apply(m, x + (advance + width) * hScale, y + rise));
      out.push({
        text: glyph.unicode ?? '',
        x: Math.min(px, ex),
        y: py,
        advance: Math.abs(ex - px),
        size: size * scale,
        space: Boolean(glyph.isSpace) || (glyph.unicode ?? '').trim() === '',
      });
      advance += width + charSpacing + (glyph.isSpace ? wordSpacing : 0);
    }
    x += advance * hScale;
  };
  const { fnArray, argsArray } = operators;
  for (let i = 0; i < fnArray.length; i++) {
    const args = (argsArray[i] ?? []) as unknown[];
    const n = (k: number) => Number(args[k] ?? 0);
    switch (fnArray[i]) {
      case OPS.save:
        stack.push(ctm);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? IDENTITY;
        break;
      case OPS.transform:
        ctm = compose(ctm, [n(0), n(1), n(2), n(3), n(4), n(5)]);
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push(ctm);
        const matrix = args[0] as number[] | null;
        if (Array.isArray(matrix) && matrix.length === 6) ctm = compose(ctm, matrix as Matrix);
        break;
      }
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? IDENTITY;
        break;
      case OPS.beginText:
        tm = IDENTITY;
        lineX = lineY = x = y = 0;
        break;
      case OPS.setFont: {
        const font = fontObject(page, String(args[0] ?? ''));
        size = Math.abs(n(1));
        fontScale = font?.fontMatrix?.[0] || 0.001;
        break;
      }
      case OPS.setTextMatrix: {
        const matrix = (Array.isArray(args[0]) || ArrayBuffer.isView(args[0]) ? args[0] : args) as number[];
        tm = [0, 1, 2, 3, 4, 5].map((k) => Number(matrix[k] ?? 0)) as Matrix;
        lineX = lineY = x = y = 0;
        break;
      }
      case OPS.moveText:
        moveText(n(0), n(1));
        break;
      case OPS.setLeadingMoveText:
        leading = n(1);
        moveText(n(0), n(1));
        break;
      case OPS.setLeading:
        leading = -n(0);
        break;
      case OPS.nextLine:
        moveText(0, leading);
        break;
      case OPS.setCharSpacing:
        charSpacing = n(0);
        break;
      case OPS.setWordSpacing:
        wordSpacing = n(0);
        break;
      case OPS.setHScale:
        hScale = n(0) / 100;
        break;
      case OPS.setTextRise:
        rise = n(0);
        break;
      case OPS.showText:
      case OPS.showSpacedText:
        show(args[0]);
        break;
      case OPS.nextLineShowText:
        moveText(0, leading);
        show(args[0]);
        break;
      case OPS.nextLineSetSpacingShowText:
        wordSpacing = n(0);
        charSpacing = n(1);
        moveText(0, leading);
        show(args[2]);
        break;
    }
  }
  return out;
}

function fontObject(page: PdfPage, name: string): { fontMatrix?: number[] } | undefined {
  if (!name || !page.commonObjs.has(name)) return undefined;
  return (page.commonObjs.get(name) as { fontMatrix?: number[] } | null) ?? undefined;
}

/** Text pdf.js set one letter at a time: every word a letter or a kerned pair or three ("RA FA E L"). */
export function looksLetterSpaced(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return (
    words.length >= 3 &&
    words.every((w) => w.length <= 3) &&
    words.filter((w) => w.length === 1).length >= words.length / 2
  );
}

/**
 * Text whose spaces may be pdf.js's reading of wide gaps, not spaces drawn: letter-spaced text, or a space
 * between two digits ("2014-0 6-02", "20 05": a date set with tracking).
 */
export function spacedApart(text: string): boolean {
  return looksLetterSpaced(text) || /\d \d/.test(text);
}

/**
 * A letter-spaced item's text rebuilt from its glyphs: letters closed up, words apart where a space glyph
 * was drawn or the gap is clearly wider than the tracking. Unchanged when the glyphs do not match.
 */
function respaced(
  item: PdfTextItem,
  placed: PlacedGlyph[],
  toPage: (x: number, y: number) => [number, number],
): PdfTextItem {
  if (!spacedApart(item.str)) return item;
  const [x, y] = toPage(item.transform[4] ?? 0, item.transform[5] ?? 0);
  const size = Math.abs(item.transform[3] ?? 0) || Math.abs(item.transform[0] ?? 0);
  const mine = placed
    .filter((g) => Math.abs(g.y - y) <= size * 0.3 && g.x >= x - 1 && g.x <= x + item.width + 1)
    .sort((a, b) => a.x - b.x);
  const letters = mine.filter((g) => !g.space);
  if (letters.map((g) => g.text).join('') !== item.str.replace(/\s+/g, '')) return item;
  const words = wordsOf(mine);
  return { ...item, str: words.join(' '), tracking: trackingOf(letters) };
}

function gapsOf(letters: PlacedGlyph[]): number[] {
  return letters
    .slice(1)
    .map((g, k) => g.x - ((letters[k] as PlacedGlyph).x + (letters[k] as PlacedGlyph).advance));
}

function trackingOf(letters: PlacedGlyph[]): number {
  const gaps = gapsOf(letters).sort((a, b) => a - b);
  return Math.max(0, gaps[Math.floor(gaps.length / 2)] ?? 0);
}

/** Glyphs left to right as words: a drawn space or a gap well over the tracking ends a word. */
export function wordsOf(glyphs: PlacedGlyph[]): string[] {
  const letters = glyphs.filter((g) => !g.space);
  const tracking = trackingOf(letters);
  const words: string[] = [''];
  let spaced = false;
  let previous: PlacedGlyph | undefined;
  for (const glyph of glyphs) {
    if (glyph.space) {
      spaced = true;
      continue;
    }
    const gap = previous ? glyph.x - (previous.x + previous.advance) : 0;
    const wide = gap > tracking * 2 + glyph.size * 0.2;
    if (previous && (spaced || wide) && words.at(-1) !== '') words.push('');
    words[words.length - 1] += glyph.text;
    previous = glyph;
    spaced = false;
  }
  return words.filter(Boolean);
}
