import { isDateOnly } from './dates.ts';
import type { TextLine } from './types.ts';

/**
 * Lines of a document without geometry (DOCX, DOC): one line per paragraph, stacked in order, with an
 * estimated width so the parser can treat them like a PDF's lines.
 */

/** Body text size given to lines that say nothing of their own. */
export const BODY_SIZE = 11;
const LINE_STEP = 14;
const BULLET = /^\s*[•·◦▪●■►▸‣○◆❖✓➢*–-]\s+/;

export interface PlainParagraph {
  text: string;
  size?: number;
  bold?: boolean;
  heading?: boolean;
  bullet?: boolean;
}

/** Paragraphs as lines: blank ones dropped, bullet glyphs taken off and flagged. */
export function stackLines(paragraphs: PlainParagraph[]): TextLine[] {
  const lines: TextLine[] = [];
  for (const paragraph of paragraphs) {
    const raw = paragraph.text.replace(/[\u00a0\s]+/g, ' ').trim();
    const glyph = BULLET.test(raw);
    const text = glyph ? raw.replace(BULLET, '') : raw;
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    const size = paragraph.size ?? BODY_SIZE;
    lines.push({
      text,
      page: 1,
      x: 0,
      y: (lines.length + 1) * LINE_STEP,
      width: text.length * size * 0.5,
      size,
      bold: paragraph.bold ?? false,
      ...(paragraph.heading ? { heading: true } : {}),
      ...(paragraph.bullet || glyph ? { bullet: true } : {}),
      column: 0,
    });
  }
  return lines;
}

/**
 * A table row's cells in the order the parser reads best: a cell of dates alone after the row's main cell
 * (the one with the most text: a right-hand date column) goes just before it, where a left date column puts
 * it, so the dates open the entry instead of trailing its bullets.
 */
export function orderRowCells<T>(cells: T[][], textOf: (item: T) => string): T[][] {
  const text = (cell: T[]) => cell.map(textOf).join(' ').trim();
  const main = cells.reduce(
    (best, cell, k) => (text(cell).length > text(cells[best] ?? []).length ? k : best),
    0,
  );
  const dates = cells.filter((cell, k) => k > main && isDateOnly(text(cell)));
  if (dates.length === 0) return cells;
  const rest = cells.filter((cell) => !dates.includes(cell));
  const at = rest.indexOf(cells[main] ?? []);
  return [...rest.slice(0, at), ...dates, ...rest.slice(at)];
}

/**
 * A Word 97 body as paragraphs: paragraphs end with line breaks, table cells with tabs and a row with a tab
 * and a line break. A row's cells are put in reading order (`orderRowCells`); the text before a row's first
 * cell's last paragraph is not told apart from that cell, so only that last paragraph counts as the cell.
 */
export function docBodyParagraphs(body: string): PlainParagraph[] {
  const rows = body.split(/\t(?:\r\n|\r|\n)/);
  const paragraphs = rows.flatMap((row, k) => {
    const cells = row.split('\t').map((cell) => cell.split(/\r\n|\r|\n/));
    if (k === rows.length - 1 || cells.length < 2) return cells.flat();
    const first = cells[0] ?? [];
    const before = first.slice(0, -1);
    return [...before, ...orderRowCells([first.slice(-1), ...cells.slice(1)], (text) => text).flat()];
  });
  return paragraphs.filter((text) => text.trim() !== '').map((text) => ({ text }));
}
