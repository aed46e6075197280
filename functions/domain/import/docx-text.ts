import mammoth from 'mammoth';
import { orderRowCells, type PlainParagraph, stackLines } from './plain-lines.ts';
import { ImportError, type TextDocument } from './types.ts';

/**
 * DOCX → `TextDocument` through mammoth's HTML: headings, bold paragraphs and list items keep their flags;
 * tables are read row by row, each cell's paragraphs in order, the cells in reading order (`orderRowCells`).
 */

const HEADING_SIZES: Record<string, number> = { h1: 20, h2: 16, h3: 14, h4: 13, h5: 12, h6: 12 };
const BLOCKS = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'tr']);
const BOLD_TAGS = new Set(['strong', 'b']);

/** Read a DOCX file's paragraphs with their heading, bold and list flags. */
export async function extractDocx(bytes: Uint8Array): Promise<TextDocument> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  } catch (error) {
    throw new ImportError('IMPORT_UNREADABLE', 'the DOCX file cannot be read', { cause: error });
  }
  const lines = stackLines(paragraphsOf(html));
  if (lines.length === 0) throw new ImportError('IMPORT_NO_TEXT', 'the DOCX file has no text');
  return { kind: 'docx', pages: 1, pageWidth: 612, pageHeight: 792, lines };
}

interface OpenParagraph {
  tag: string;
  text: string;
  boldChars: number;
}

/** mammoth's HTML (a known, simple shape) as paragraphs: block tags end one, inline tags only style it. */
export function paragraphsOf(html: string): PlainParagraph[] {
  const paragraphs: PlainParagraph[] = [];
  /** Open table rows (tables nest), each a list of cells of paragraphs. */
  const rows: PlainParagraph[][][] = [];
  const target = () => rows.at(-1)?.at(-1) ?? paragraphs;
  let current: OpenParagraph = { tag: 'p', text: '', boldChars: 0 };
  let bold = 0;
  const stack: string[] = [];
  const flush = () => {
    if (current.text.trim()) target().push(paragraphOf(current, stack));
    current = { tag: 'p', text: '', boldChars: 0 };
  };
  for (const [, closing, tagName, text] of html.matchAll(/<(\/?)([a-zA-Z0-9]+)[^>]*>|([^<]+)/g)) {
    if (text !== undefined) {
      const decoded = decodeEntities(text);
      current.text += decoded;
      if (bold > 0) current.boldChars += decoded.trim().length;
      continue;
    }
    const tag = (tagName ?? '').toLowerCase();
    if (BOLD_TAGS.has(tag)) bold += closing ? -1 : 1;
    else if (tag === 'br') current.text += ' ';
    else if (BLOCKS.has(tag)) {
      flush();
      if (closing) stack.pop();
      else {
        stack.push(tag);
        current.tag = tag;
      }
      if (tag === 'tr' && !closing) rows.push([]);
      else if ((tag === 'td' || tag === 'th') && !closing) rows.at(-1)?.push([]);
      else if (tag === 'tr' && closing) {
        const cells = rows.pop() ?? [];
        target().push(...orderRowCells(cells, (p) => p.text).flat());
      }
    }
  }
  flush();
  return paragraphs;
}

function paragraphOf(open: OpenParagraph, stack: string[]): PlainParagraph {
  const letters = open.text.trim().length;
  return {
    text: open.text,
    size: HEADING_SIZES[open.tag],
    bold: letters > 0 && open.boldChars / letters > 0.6,
    heading: open.tag in HEADING_SIZES,
    bullet: open.tag === 'li' || stack.includes('li'),
  };
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return named[name.toLowerCase()] ?? whole;
  });
}
