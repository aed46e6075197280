import { findUrl } from './contact.ts';
import { findDateRange, isDateOnly } from './dates.ts';
import { type FormField, readFormLabels } from './form.ts';
import { sectionOfHeading } from './headings.ts';
import { FAR_GAP, type LaidOutLine } from './layout.ts';
import type { TextDocument, TextLine } from './types.ts';

/**
 * The parser's view of a document's lines: bullet glyphs taken off, far-apart parts as cells, and the
 * geometry that tells a wrapped line from a new one.
 */

export interface Line {
  text: string;
  cells: string[];
  /** Left edge of each cell where the PDF says so. */
  cellX: number[];
  /** Whether each cell opens in bold, where the PDF says so (else the line's). */
  cellBold: boolean[];
  bullet: boolean;
  bold: boolean;
  heading: boolean;
  size: number;
  /** The font the line's lead is set in ('' where the format has none). */
  font: string;
  x: number;
  right: number;
  page: number;
  column: number;
  /** Right edge of the text block the line sits in (its page column). */
  limit: number;
  geometry: boolean;
  /** The web address a link over the line points to where it does not print it ('' for none). */
  link: string;
  /** What a form's label beside the line names ("Dates", "Occupation or position held"), the label taken off. */
  label?: FormField;
}

/** An icon glyph whose font the PDF did not embed: pdf.js gives NUL or a private-use character. */
const ICONS = `${String.fromCharCode(0)}\ue000-\uf8ff`;
const ICON = new RegExp(`^[${ICONS}]`);
/** Bullet marks, and an icon leading a line. */
const BULLET_GLYPH = new RegExp(`^(?:[•·◦▪●■►▸‣○◆❖✓➢✔*${ICONS}]|[-–](?=\\s))\\s*`);

/** The document's lines ready for parsing, with a date range a rail wrapped over two lines put back together. */
export function prepareLines(doc: TextDocument): Line[] {
  const geometry = doc.kind === 'pdf';
  const running = geometry ? runningLines(doc) : new Set<TextLine>();
  // Which cells opened with a glyph (an icon before a degree), known only before the glyphs are taken off.
  const marked = new Map<Line, boolean[]>();
  const lines = doc.lines
    .filter((raw) => !running.has(raw))
    .map((raw): Line => {
      const laid = raw as LaidOutLine;
      const text = raw.text.trim().replace(BULLET_GLYPH, '').trim();
      // An icon before a heading ("\uf0b1 Experience") or an address (a globe before a site) marks it, not a
      // list item.
      const marks = ICON.test(raw.text.trim()) && (sectionOfHeading(text) || isAddressOnly(text));
      const glyph = BULLET_GLYPH.test(raw.text.trim()) && !marks;
      const parts = laid.cells
        ? laid.cells.map((c) => ({ ...c, text: c.text.replace(BULLET_GLYPH, '').trim() }))
        : text
            .split(FAR_GAP)
            .map((c, k) => ({ x: k === 0 ? raw.x : Number.NaN, text: c.trim(), bold: raw.bold }));
      const cells = parts.filter((c) => c.text !== '');
      const line: Line = {
        text: cells.map((c) => c.text).join(' '),
        cells: cells.map((c) => c.text),
        cellX: laid.cells ? cells.map((c) => c.x) : [raw.x],
        cellBold: cells.map((c) => c.bold ?? raw.bold),
        bullet: glyph || raw.bullet === true,
        bold: raw.bold,
        heading: raw.heading === true,
        size: raw.size,
        font: raw.fontName ?? '',
        x: raw.x,
        right: raw.x + raw.width,
        page: raw.page,
        column: raw.column ?? 0,
        limit: 0,
        geometry,
        link: laid.link ?? '',
      };
      const opened = laid.cells?.filter((c) => c.text.replace(BULLET_GLYPH, '').trim() !== '');
      marked.set(line, opened?.map((c) => BULLET_GLYPH.test(c.text.trim())) ?? []);
      return line;
    });
  setLimits(lines);
  joinRailDates(lines);
  joinYearRails(lines, marked);
  return readFormLabels(lines.filter((line) => line.cells.length > 0));
}

/** A line that is only a web address. */
function isAddressOnly(text: string): boolean {
  const url = findUrl(text);
  return url !== '' && url.length >= text.trim().length - 1;
}

/** "Page 2 of 3", "Página 1 de 2", "2 / 3", "- 2 -": a page number as running heads and feet print it. */
const PAGE_NUMBER =
  /^(?:(?:page|p[aá]g(?:ina)?\.?)\s*\d+(?:\s*(?:of|de|\/)\s*\d+)?|\d+\s*\/\s*\d+|[-–]\s*\d+\s*[-–])$/i;

/**
 * Running heads and feet: lines in a page's top or bottom margin that print a page number or repeat (but
 * for their digits) on every page, or all but one. They are not part of the resume's content.
 */
export function runningLines(doc: TextDocument): Set<TextLine> {
  const margin = (line: TextLine) => line.y < doc.pageHeight * 0.07 || line.y > doc.pageHeight * 0.93;
  // A foot of several lines (an address, a phone and a site under a rule) reaches higher than a page number.
  const band = (line: TextLine) => line.y < doc.pageHeight * 0.12 || line.y > doc.pageHeight * 0.88;
  // In the margin, a line but for its digits (a page's number); above it, the same text at the same height.
  const key = (line: TextLine) =>
    margin(line)
      ? line.text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase()
      : `${Math.round(line.y / 3)}|${line.text.replace(/\s+/g, ' ').trim()}`;
  const inMargins = doc.lines.filter(band);
  const pagesOf = new Map<string, Set<number>>();
  for (const line of inMargins) pagesOf.set(key(line), (pagesOf.get(key(line)) ?? new Set()).add(line.page));
  return new Set(
    inMargins.filter((line) => {
      const parts = line.text.split(FAR_GAP).map((p) => p.trim());
      const numbered =
        margin(line) && (parts.some((p) => PAGE_NUMBER.test(p)) || PAGE_NUMBER.test(line.text.trim()));
      // A running head repeats on every page but perhaps one; a bullet at two pages' tops is content.
      const repeated =
        doc.pages >= 2 &&
        (pagesOf.get(key(line))?.size ?? 0) >= Math.max(2, doc.pages - 1) &&
        !line.bullet &&
        !BULLET_GLYPH.test(line.text.trim());
      // The first page's head may be the resume's own header (the name) that later pages repeat.
      return numbered || (repeated && (line.page > 1 || line.y > doc.pageHeight / 2));
    }),
  );
}

function setLimits(lines: Line[]): void {
  const limits = new Map<string, number>();
  const key = (line: Line) => `${line.page}:${line.column}`;
  for (const line of lines) limits.set(key(line), Math.max(limits.get(key(line)) ?? 0, line.right));
  for (const line of lines) line.limit = limits.get(key(line)) ?? line.right;
}

/** "Mar 2021 –" over "Present" in a narrow date rail: one range in the first line's first cell. */
function joinRailDates(lines: Line[]): void {
  lines.forEach((line, k) => {
    const next = lines[k + 1];
    const first = line.cells[0] ?? '';
    if (!next || !/[–—-]\s*$/.test(first) || !findDateRange(first)) return;
    const continued = next.cells[0] ?? '';
    if (!isDateOnly(`2000 – ${continued}`) && !/^\p{L}+$/u.test(continued)) return;
    line.cells[0] = `${first} ${continued}`;
    next.cells.shift();
    next.cellX.shift();
    next.cellBold.shift();
    next.text = next.cells.join(' ');
    line.text = line.cells.join(' ');
  });
}

/**
 * A rail of years two lines tall, the start over the end, each its line's first cell at one x ("2017" over
 * "2019"), alone in the rail: one range on the first line. Where the name beside it wrapped, its rest (set alike, at the same x,
 * with no icon before it as a degree has) goes back on the first line's name.
 */
function joinYearRails(lines: Line[], marked: Map<Line, boolean[]>): void {
  lines.forEach((line, k) => {
    const next = lines[k + 1];
    const start = line.cells[0] ?? '';
    const end = next?.cells[0] ?? '';
    if (!next || !line.geometry || next.page !== line.page || next.column !== line.column) return;
    if (line.cells.length < 2 || Math.abs((line.cellX[0] ?? 0) - (next.cellX[0] ?? 99)) > 2) return;
    // Lists run newest first: years going up are a range; a third year below or above is a list of them.
    if (!/^\d{4}$/.test(start) || !/^\d{4}$/.test(end) || end < start) return;
    const yearAt = (other: Line | undefined) =>
      other !== undefined &&
      /^\d{4}$/.test(other.cells[0] ?? '') &&
      Math.abs((other.cellX[0] ?? 0) - (line.cellX[0] ?? 0)) <= 2;
    if (yearAt(lines[k - 1]) || yearAt(lines[k + 2])) return;
    line.cells[0] = `${start} – ${end}`;
    next.cells.shift();
    const x = next.cellX.shift();
    next.cellBold.shift();
    const iconLed = marked.get(next)?.[1] === true;
    const rest = next.cells[0];
    const wrapped =
      rest !== undefined &&
      next.cells.length === 1 &&
      !iconLed &&
      line.cells.length === 2 &&
      (next.cellBold[0] ?? next.bold) === (line.cellBold[1] ?? line.bold) &&
      Math.abs((next.cellX[0] ?? Number.NaN) - (line.cellX[1] ?? Number.NaN)) < 2;
    if (wrapped) {
      line.cells[1] = `${line.cells[1]} ${rest}`;
      next.cells.shift();
      next.cellX.shift();
      next.cellBold.shift();
    }
    next.x = next.cellX[0] ?? x ?? next.x;
    next.text = next.cells.join(' ');
    line.text = line.cells.join(' ');
  });
}

/** Whether `next` continues `prev`'s sentence: the first word of `next` would not have fitted on `prev`. */
export function wrapsInto(prev: Line, next: Line): boolean {
  if (!prev.geometry || prev.page !== next.page || prev.column !== next.column) return false;
  // A line with a part set far apart (a date pushed right) was laid out in cells, not wrapped.
  if (prev.cells.length > 1) return false;
  const firstWord = next.text.split(' ')[0] ?? '';
  const wordWidth = firstWord.length * next.size * 0.45;
  return prev.right + wordWidth + next.size * 0.3 > prev.limit - 1;
}
