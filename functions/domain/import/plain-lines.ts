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
