import { fold, isDateOnly } from './dates.ts';
import { sectionOfHeading } from './headings.ts';
import type { TextLine } from './types.ts';

/**
 * From positioned text runs to lines in reading order: runs on one baseline become one line (a wide gap,
 * like the one before a right-aligned date, becomes a tab), letter-spaced words are closed up, and a page
 * set in two columns (a sidebar beside the main text) is read one column after the other.
 */

/** One run of text of one font on one baseline, as a PDF draws it (x, y from the page's top-left). */
export interface Glyphs {
  text: string;
  page: number;
  x: number;
  y: number;
  width: number;
  size: number;
  fontName: string;
  bold: boolean;
  /** Letter-spaced text already closed up: the extra gap between its letters, which its word gaps add to. */
  tracking?: number;
  /** The web address a link over the run points to, where the run does not print it. */
  link?: string;
}

/** The separator a line's text carries where its parts stand far apart (a date pushed to the right). */
export const FAR_GAP = '\t';

/** A line with where each of its far-apart parts starts (a grid of skills is read cell by cell). */
export interface LaidOutLine extends TextLine {
  cells?: { x: number; text: string; bold?: boolean }[];
  /** The web address a link over the line's lead points to (a company name linked to its site). */
  link?: string;
}

/** One page's runs as lines, columns detected and read in order. */
export function toLines(glyphs: Glyphs[], pageWidth: number): LaidOutLine[] {
  if (glyphs.length === 0) return [];
  const clearest = clearestGutter(glyphs, pageWidth);
  const rail = clearest && railBeside(glyphs, clearest);
  if (rail) return rail;
  const split = clearest && columnsAt(clearest, glyphs);
  if (!split) return linesOf(glyphs, 0);
  const { gutter, top, bottom, head = Number.NEGATIVE_INFINITY } = split;
  const crosses = (g: Glyphs) => g.x < gutter - 1 && g.x + g.width > gutter + 1;
  const isAbove = (g: Glyphs) => g.y < head || (crosses(g) && g.y < top);
  const above = glyphs.filter(isAbove);
  const below = glyphs.filter((g) => crosses(g) && g.y > bottom);
  const inside = glyphs.filter((g) => !isAbove(g) && (!crosses(g) || (g.y >= top && g.y <= bottom)));
  const left = inside.filter((g) => g.x < gutter);
  const right = inside.filter((g) => g.x >= gutter);
  return [...linesOf(above, 0), ...linesOf(left, 0), ...linesOf(right, 1), ...linesOf(below, 0)];
}

interface Gutter {
  gutter: number;
  /** The band of the page where both columns hold text. */
  top: number;
  bottom: number;
  /** Where a header that ends with text across the strip stops: all above it is read first, whatever side. */
  head?: number;
}

/** Smallest share of the page's text height both columns must span to count as two columns. */
const MIN_COLUMN_SHARE = 0.45;

/**
 * A vertical strip no run crosses (within the band both sides fill) with text on both sides over most of
 * the page; not when the sides' lines sit on the same baselines (a date rail beside entries is one column).
 */
export function findGutter(glyphs: Glyphs[], pageWidth: number): Gutter | undefined {
  const best = clearestGutter(glyphs, pageWidth);
  return best && columnsAt(best, glyphs);
}

/** The widest strip no run crosses where both sides hold text, whatever stands in it. */
function clearestGutter(glyphs: Glyphs[], pageWidth: number): Gutter | undefined {
  const textTop = Math.min(...glyphs.map((g) => g.y - g.size));
  const textBottom = Math.max(...glyphs.map((g) => g.y));
  const textHeight = Math.max(1, textBottom - textTop);
  let best: (Gutter & { score: number }) | undefined;
  for (let x = pageWidth * 0.15; x <= pageWidth * 0.85; x += 2) {
    const candidate = gutterAt(glyphs, x, textTop, textHeight);
    if (candidate && (!best || before(candidate, best))) best = candidate;
  }
  return best && { gutter: best.gutter, top: best.top, bottom: best.bottom, head: best.head };
}

/**
 * The better of two clear strips: the one under the shorter header (a strip found below more of the page
 * clears runs that stand beside the columns' top), then the wider one.
 */
function before(a: Gutter & { score: number }, b: Gutter & { score: number }): boolean {
  const headA = a.head ?? Number.NEGATIVE_INFINITY;
  const headB = b.head ?? Number.NEGATIVE_INFINITY;
  return headA !== headB ? headA < headB : a.score > b.score;
}

/** The gutter as two columns, unless one side only labels or dates the other. */
function columnsAt(best: Gutter, glyphs: Glyphs[]): Gutter | undefined {
  // A strip of dates beside the entries (a date rail, with the section headings) is no column, even where a
  // wrapped range puts some of its lines off the entries' baselines.
  // Below a header read first (head), only what stands under it is either side.
  const gutter = best.gutter;
  const head = best.head ?? Number.NEGATIVE_INFINITY;
  const sides = glyphs.filter((g) => g.y >= head);
  const left = sides.filter((g) => g.x + g.width <= gutter + 1);
  if (
    isDateRail(left) ||
    isLabelRail(
      left,
      sides.filter((g) => g.x >= gutter - 1),
    )
  )
    return undefined;
  if (isDateRail(sides.filter((g) => g.x >= gutter - 1))) return undefined;
  return { gutter: best.gutter, top: best.top, bottom: best.bottom, head: best.head };
}

/**
 * A narrow rail of labels left of the text (a theme's margin of headings, dates and award titles) whose lines
 * stand not on the text's baselines but somewhere beside the block each labels, often centred on it. The
 * page is read as one column: each heading at the start of the block beside it, each date on the block's
 * first line, as a cell at its right, the rail's other words on a line of their own over the block.
 */
function railBeside(glyphs: Glyphs[], { gutter, top }: Gutter): LaidOutLine[] | undefined {
  const isLeft = (g: Glyphs) => g.x + g.width <= gutter + 1;
  // What crosses above the rail (the name, centred over the page) is read first, with the text.
  const left = glyphs.filter(isLeft);
  const right = glyphs.filter((g) => !isLeft(g));
  if (right.some((g) => g.x < gutter - 1 && g.y >= top)) return undefined;
  const labels = linesOf(left, 0);
  const items = railItems(labels);
  const main = linesOf(right, 0);
  if (labels.length < 3 || main.length < labels.length) return undefined;
  const span = (lines: LaidOutLine[]) =>
    Math.max(...lines.map((l) => l.x + l.width)) - Math.min(...lines.map((l) => l.x));
  if (span(labels) > span(main) * 0.5) return undefined;
  const headings = items.filter((item) => item.heading);
  const labelled = items.reduce(
    (n, item) => n + (item.heading ? item.rows : item.lines.filter((l) => railDate(l.text)).length),
    0,
  );
  if (headings.length < 2 || labelled < labels.length * 0.6) return undefined;
  // Labels on the text's baselines, or headings on rows of their own over a date rail, are read across,
  // row by row (findGutter).
  const onBaseline = labels.filter((l) => main.some((m) => Math.abs(m.y - l.y) <= 1));
  if (onBaseline.length > labels.length * 0.6) return undefined;
  const ownRow = (item: RailItem) => !main.some((m) => m.y >= item.top && m.y <= item.bottom + m.size * 0.5);
  if (headings.every(ownRow)) return undefined;
  return placeLabels(items, main);
}

/** What the rail says of one block: a heading, or a date with the words over it (an award's title). */
interface RailItem {
  lines: LaidOutLine[];
  heading: boolean;
  /** How many of the rail's lines it was printed on. */
  rows: number;
  top: number;
  bottom: number;
}

/**
 * The rail's lines as items: a heading set over two lines ("WORK" over "EXPERIENCE", "ABOUT" beside a
 * larger "ME") is one, and so are the lines stacked close together between headings (a title over its date).
 */
function railItems(lines: LaidOutLine[]): RailItem[] {
  const items: RailItem[] = [];
  for (const line of lines) {
    const last = items.at(-1);
    const previous = last?.lines.at(-1);
    const close = previous !== undefined && line.y - previous.y <= Math.max(previous.size, line.size) * 2.5;
    const joined = previous && sectionOfHeading(`${previous.text} ${line.text}`);
    const heading = Boolean(sectionOfHeading(line.text));
    if (last && previous && close && joined && last.lines.length === 1) {
      const text = `${previous.text} ${line.text}`;
      const width = Math.max(previous.x + previous.width, line.x + line.width) - previous.x;
      items[items.length - 1] = {
        lines: [{ ...previous, text, width }],
        heading: true,
        rows: 2,
        top: last.top,
        bottom: line.y,
      };
    } else if (last && close && !last.heading && !heading) {
      last.lines.push(line);
      last.rows += 1;
      last.bottom = line.y;
    } else {
      items.push({ lines: [line], heading, rows: 1, top: line.y - line.size, bottom: line.y });
    }
  }
  return items;
}

/** A rail's date, letter-spaced digits closed up ("20 05 TO 20 09"), or a range's start ("2014-06 TO"). */
function railDate(text: string): string | undefined {
  for (const candidate of [text, text.replace(/(\d) (?=\d)/g, '$1')]) {
    const open = candidate.replace(/\s*(?:[-–—]|\bto|\bat[eé])\s*$/i, '');
    if (isDateOnly(candidate) || (open !== candidate && isDateOnly(open))) return candidate;
    if (PRESENT_WORD.test(fold(candidate).replace(/^(?:[–—-]|to)\s*/, ''))) return candidate;
  }
  return undefined;
}

/**
 * The text's blocks: lines no further apart than a line and a paragraph's space, taken from the closer
 * quarter of the gaps (a short page's gaps are mostly between entries). Pieces of one row do not count.
 */
function blocksOf(lines: LaidOutLine[]): LaidOutLine[][] {
  const gaps = lines.slice(1).map((line, k) => line.y - (lines[k] as LaidOutLine).y);
  const rows = gaps.filter((gap, k) => gap > (lines[k] as LaidOutLine).size * 0.5).sort((a, b) => a - b);
  const usual = rows[Math.floor(rows.length / 4)] ?? 0;
  const blocks: LaidOutLine[][] = [];
  lines.forEach((line, k) => {
    const block = blocks.at(-1);
    if (block && k > 0 && (gaps[k - 1] ?? 0) <= usual * 1.8) block.push(line);
    else blocks.push([line]);
  });
  return blocks;
}

/** The text's blocks in order, each after the rail's headings beside it, its dates on its first line. */
function placeLabels(items: RailItem[], main: LaidOutLine[]): LaidOutLine[] {
  const blocks = blocksOf(main);
  const placed = blocks.map(() => ({
    headings: [] as LaidOutLine[],
    words: [] as string[],
    dates: [] as string[],
  }));
  for (const item of items) {
    // The block beside the item, or the nearest one above or below it.
    const distance = (block: LaidOutLine[]) => {
      const blockTop = (block[0] as LaidOutLine).y - (block[0] as LaidOutLine).size;
      const blockBottom = (block.at(-1) as LaidOutLine).y;
      return Math.max(0, blockTop - item.bottom, item.top - blockBottom);
    };
    const k = blocks.reduce(
      (best, block, n) => (distance(block) < distance(blocks[best] as LaidOutLine[]) ? n : best),
      0,
    );
    const slot = placed[k];
    if (!slot) continue;
    if (item.heading) {
      slot.headings.push(...item.lines);
      continue;
    }
    for (const line of item.lines) {
      const date = railDate(line.text);
      if (date) slot.dates.push(date);
      else slot.words.push(line.text);
    }
  }
  return blocks.flatMap((block, k) => {
    const { headings, words, dates } = placed[k] as (typeof placed)[number];
    const when = dates.join(' ');
    const first = block[0] as LaidOutLine;
    if (words.length === 0) {
      return [...headings, ...(when ? [withCell(first, when)] : []), ...block.slice(when ? 1 : 0)];
    }
    const title = { ...first, text: words.join(' '), bold: true, cells: undefined };
    return [...headings, when ? withCell(title, when) : title, ...block];
  });
}

/** A line with a text set far to its right, as a date pushed right of a title is read. */
function withCell(line: LaidOutLine, text: string): LaidOutLine {
  const x = line.x + line.width + 12;
  const cells = [
    ...(line.cells ?? [{ x: line.x, text: line.text, bold: line.bold }]),
    { x, text, bold: line.bold },
  ];
  return { ...line, text: `${line.text} ${FAR_GAP} ${text}`, width: x + 1 - line.x, cells };
}

const PRESENT_WORD = /^(?:present|current|now|today|atual|atualmente|o momento|hoje|presente)$/;

/** A side whose every line is a date, a piece of a range wrapped over two lines, or a section heading. */
function isDateRail(side: Glyphs[]): boolean {
  const rows = linesOf(side, 0).map((line) => line.text.replace(/\s+/g, ' ').trim());
  const dated = rows.filter(
    (text) => isDateOnly(text) || PRESENT_WORD.test(fold(text).replace(/[–—-]\s*/, '')),
  );
  const headings = rows.filter((text) => sectionOfHeading(text));
  return dated.length >= 2 && dated.length + headings.length === rows.length;
}

/**
 * A side that only labels the other: section headings (and dates) set in a margin column beside the
 * sections they name, not a sidebar with content of its own. The page is read across, row by row.
 */
function isLabelRail(side: Glyphs[], other: Glyphs[]): boolean {
  const lines = linesOf(side, 0);
  const rows = lines.map((line) => line.text.replace(/\s+/g, ' ').trim());
  const headings = lines.filter((line) => sectionOfHeading(line.text));
  const labels = rows.filter(
    (text) =>
      sectionOfHeading(text) || isDateOnly(text) || PRESENT_WORD.test(fold(text).replace(/[–—-]\s*/, '')),
  );
  const short = rows.every((text) => text.split(' ').length <= 4 && text.length <= 36);
  if (short && headings.length >= 2 && labels.length >= rows.length * 0.7) return true;
  // A margin that also holds the contact details above (a CV class's left rail): its headings stand on the
  // baselines of the text they label, every one of them.
  const baselines = other.map((g) => g.y);
  const onBaseline = (line: LaidOutLine) => baselines.some((y) => Math.abs(y - line.y) <= 1.5);
  const aligned = headings.filter(onBaseline);
  if (headings.length >= 3 && aligned.length === headings.length && labels.length >= rows.length * 0.45) {
    return true;
  }
  return isFormLabels(lines, onBaseline);
}

/**
 * A form's label column (Europass: "Dates", "Occupation or position held"): labels set flush right against
 * the values they name, starting where their length puts them, half or more on a value's baseline (the
 * others a label's wrapped rest, a section's heading, the form's title).
 */
function isFormLabels(lines: LaidOutLine[], onBaseline: (line: LaidOutLine) => boolean): boolean {
  if (lines.length < 6) return false;
  const edge = Math.max(...lines.map((line) => line.x + line.width));
  const flush = lines.filter((line) => edge - (line.x + line.width) <= 2);
  const starts = flush.map((line) => line.x);
  const ragged = Math.max(...starts) - Math.min(...starts) > 24;
  return (
    ragged && flush.length >= lines.length * 0.7 && lines.filter(onBaseline).length >= lines.length * 0.5
  );
}

function gutterAt(
  glyphs: Glyphs[],
  x: number,
  textTop: number,
  textHeight: number,
): (Gutter & { score: number }) | undefined {
  const isLeft = (g: Glyphs) => g.x + g.width <= x + 1;
  const isRight = (g: Glyphs) => g.x >= x - 1;
  const crosses = (g: Glyphs) => !isLeft(g) && !isRight(g);
  // A header may end with runs across the strip below text already on both sides (a summary under the name
  // and a contact block stacked beside it): the columns are then looked for below each crossing run in turn,
  // as many as a header may hold.
  const cuts = [...new Set(glyphs.filter(crosses).map((g) => g.y))].sort((a, b) => a - b);
  const limit = Math.max(6, glyphs.length * 0.2);
  for (const cut of [Number.NEGATIVE_INFINITY, ...cuts.slice(0, limit)]) {
    const found = gutterBelow(glyphs, cut, isLeft, isRight, textTop, textHeight);
    if (found) return found;
  }
  return undefined;
}

/** The strip as a gutter between the sides' runs below the cut, all above the cut being header. */
function gutterBelow(
  glyphs: Glyphs[],
  cut: number,
  isLeft: (g: Glyphs) => boolean,
  isRight: (g: Glyphs) => boolean,
  textTop: number,
  textHeight: number,
): (Gutter & { score: number }) | undefined {
  const left = glyphs.filter((g) => isLeft(g) && g.y > cut);
  const right = glyphs.filter((g) => isRight(g) && g.y > cut);
  if (left.length < 3 || right.length < 3) return undefined;
  const top = Math.max(Math.min(...left.map((g) => g.y)), Math.min(...right.map((g) => g.y)));
  const bottom = Math.min(Math.max(...left.map((g) => g.y)), Math.max(...right.map((g) => g.y)));
  const crosses = (g: Glyphs) => !isLeft(g) && !isRight(g);
  if (glyphs.some((g) => crosses(g) && g.y >= top && g.y <= bottom)) return undefined;
  // A header cut off ends with its last run across: nothing else crosses between it and the columns.
  const cutAbove = cut > Number.NEGATIVE_INFINITY;
  if (cutAbove && glyphs.some((g) => crosses(g) && g.y > cut && g.y < top)) return undefined;
  // A short column (a sidebar's last section) counts when nothing crosses the strip below it either.
  const tall = bottom - top >= textHeight * MIN_COLUMN_SHARE;
  if (!tall && glyphs.some((g) => crosses(g) && g.y > bottom)) return undefined;
  // Below a header cut off, the columns are the rest of the page: they run to the text's end with nothing
  // across below them, each side with lines of its own (not a grid of skills, nor a few dates beside the
  // last section).
  const end = Math.max(...left.map((g) => g.y), ...right.map((g) => g.y));
  const rows = (side: Glyphs[]) => new Set(side.map((g) => Math.round(g.y))).size;
  const toEnd = end >= textTop + textHeight - 1 && !glyphs.some((g) => crosses(g) && g.y > bottom);
  const rest = end - top >= textHeight * MIN_COLUMN_SHARE && rows(left) >= 6 && rows(right) >= 6;
  if (cutAbove && !(toEnd && rest)) return undefined;
  // What crosses above the columns is a header: a few lines, not most of the page. It may stand a third of a
  // short page tall (a contact block stacked beside the name) where the columns fill the rest. A header cut
  // off is as tall as its last run across; the columns under it fill the rest.
  const headerRuns = glyphs.filter((g) => crosses(g) && g.y < top);
  const header = headerRuns.length;
  const headerEnd = cutAbove ? Math.max(...headerRuns.map((g) => g.y)) : top;
  const filled = bottom - top >= textHeight * 0.6 || cutAbove;
  if (
    header > Math.max(6, glyphs.length * 0.2) ||
    (header > 0 && headerEnd - textTop > textHeight * (filled ? 0.4 : 0.3))
  ) {
    return undefined;
  }
  // The widest clear strip wins: its middle is where nothing comes close.
  const leftEdge = Math.max(...left.map((g) => g.x + g.width));
  const rightEdge = Math.min(...right.map((g) => g.x));
  // Columns stand apart: a strip that the two sides' text overlaps is no gutter.
  if (rightEdge - leftEdge < 2) return undefined;
  if (alignedRows(glyphs, (leftEdge + rightEdge) / 2) > 0.8) return undefined;
  const head = cutAbove ? top : undefined;
  return { gutter: (leftEdge + rightEdge) / 2, top, bottom, head, score: rightEdge - leftEdge };
}

/** Share of the smaller side's baselines that the other side shares (rows of one table, not columns). */
function alignedRows(glyphs: Glyphs[], gutter: number): number {
  const baselines = (side: Glyphs[]) => [...new Set(side.map((g) => Math.round(g.y)))];
  const left = baselines(glyphs.filter((g) => g.x + g.width <= gutter));
  const right = baselines(glyphs.filter((g) => g.x >= gutter));
  const [small, large] = left.length <= right.length ? [left, right] : [right, left];
  if (small.length === 0) return 0;
  const shared = small.filter((y) => large.some((other) => Math.abs(other - y) <= 1.5)).length;
  return shared / small.length;
}

/**
 * One column numbering for the whole document. A page without columns after pages with a sidebar carries
 * the main column on (the one with more text): its lines take that column's number, so its sections go on
 * where the main column's stopped, not in the sidebar's last one.
 */
export function alignPageColumns(lines: LaidOutLine[]): void {
  const columnPages = new Set(lines.filter((line) => line.column === 1).map((line) => line.page));
  if (columnPages.size === 0) return;
  let first = 0;
  let second = 0;
  for (const line of lines) {
    if (!columnPages.has(line.page)) continue;
    if (line.column === 1) second += line.text.length;
    else first += line.text.length;
  }
  if (second <= first) return;
  const firstColumnPage = Math.min(...columnPages);
  for (const line of lines) {
    if (!columnPages.has(line.page) && line.page > firstColumnPage) line.column = 1;
  }
}

/** Runs grouped by baseline (top to bottom), each group joined left to right into one line. */
export function linesOf(glyphs: Glyphs[], column: number): LaidOutLine[] {
  const sorted = [...glyphs].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  const rows: Glyphs[][] = [];
  for (const glyph of sorted) {
    const row = rows.at(-1);
    const first = row?.[0];
    if (row && first && first.page === glyph.page && sameBaseline(first, glyph)) row.push(glyph);
    else rows.push([glyph]);
  }
  return withBandDates(rows)
    .flatMap(splitBySize)
    .map((row) => lineOf(row, column))
    .filter((line) => line.text !== '');
}

/**
 * A date set smaller beside a title, its baseline off the title's but within the title's height (a flex row
 * that centres or tops them): part of the title's line, as a far cell, not a line of its own above it.
 */
function withBandDates(rows: Glyphs[][]): Glyphs[][] {
  const out: Glyphs[][] = [];
  const text = (row: Glyphs[]) =>
    row
      .map((g) => g.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  const band = (row: Glyphs[]) => {
    const bottom = Math.max(...row.map((g) => g.y));
    return { top: Math.min(...row.map((g) => g.y - g.size)), bottom, page: row[0]?.page ?? 0 };
  };
  const apart = (a: Glyphs[], b: Glyphs[]) => {
    const right = (r: Glyphs[]) => Math.max(...r.map((g) => g.x + g.width));
    const left = (r: Glyphs[]) => Math.min(...r.map((g) => g.x));
    return right(a) < left(b) - 6 || right(b) < left(a) - 6;
  };
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k] as Glyphs[];
    const next = rows[k + 1];
    if (next && isDateOnly(text(row)) && !isDateOnly(text(next)) && apart(row, next)) {
      const [a, b] = [band(row), band(next)];
      const size = Math.min(...row.map((g) => g.size));
      if (a.page === b.page && a.bottom > b.top + size * 0.2 && a.top < b.bottom) {
        const moved = row.map((g) => ({ ...g, y: Math.max(...next.map((n) => n.y)) }));
        rows[k + 1] = [...next, ...moved];
        continue;
      }
    }
    out.push(row);
  }
  return out;
}

/** A name set large with the job title small beside it on one baseline are two lines. */
function splitBySize(row: Glyphs[]): Glyphs[][] {
  const runs = [...row].sort((a, b) => a.x - b.x);
  const parts: Glyphs[][] = [];
  for (const run of runs) {
    const part = parts.at(-1);
    const last = part?.at(-1);
    if (
      part &&
      last &&
      (Math.max(last.size, run.size) / Math.min(last.size, run.size) < 1.4 ||
        smallCaps(last, run) ||
        nextSmallCapsWord(last, run))
    )
      part.push(run);
    else parts.push([run]);
  }
  return parts;
}

/** Small capitals: a word's first capital set large, its other capitals small, close behind ("WORK"). */
function smallCaps(first: Glyphs, rest: Glyphs): boolean {
  return (
    /^\p{Lu}$/u.test(first.text.trim()) &&
    /^\p{Lu}/u.test(rest.text.trim()) &&
    rest.text === rest.text.toUpperCase() &&
    rest.x - (first.x + first.width) < first.size * 0.25
  );
}

/** The large capital that opens the next word of a heading in small capitals ("WORK" then "E" of "EXPERIENCE"). */
function nextSmallCapsWord(before: Glyphs, run: Glyphs): boolean {
  const text = before.text.trim();
  return (
    /^\p{Lu}$/u.test(run.text.trim()) &&
    /\p{Lu}/u.test(text) &&
    text === text.toUpperCase() &&
    run.size > before.size &&
    run.size < before.size * 2 &&
    run.x - (before.x + before.width) < run.size * 0.6
  );
}

function sameBaseline(a: Glyphs, b: Glyphs): boolean {
  return Math.abs(a.y - b.y) <= Math.min(a.size, b.size) * 0.3;
}

function lineOf(row: Glyphs[], column: number): LaidOutLine {
  const runs = [...row].sort((a, b) => a.x - b.x);
  const first = runs[0] as Glyphs;
  const text = spacedOut(runs) ? closeUp(runs) : joinRuns(runs);
  const right = Math.max(...runs.map((r) => r.x + r.width));
  // The line's style is its lead's: a title's, not that of the longer date pushed to its right.
  const farAt = runs.findIndex((_r, k) => k > 0 && farBefore(runs, k));
  const main = dominant(farAt > 0 ? runs.slice(0, farAt) : runs);
  return {
    text: collapseLetterSpacing(cleanText(text)).replace(/ +/g, ' ').trim(),
    page: first.page,
    x: first.x,
    y: Math.max(...runs.map((r) => r.y)),
    width: right - first.x,
    size: main.size,
    bold: leadIsBold(farAt > 0 ? runs.slice(0, farAt) : runs),
    fontName: main.fontName,
    column,
    ...(farAt > 0 ? { cells: cellsOf(runs) } : {}),
    ...linkOf(runs),
  };
}

/** The link over the line's first linked text (a name beside a date rail's date counts), if any. */
function linkOf(runs: Glyphs[]): { link?: string } {
  const link = runs.find((r) => r.link)?.link;
  return link ? { link } : {};
}

/** No-break spaces as spaces, soft hyphens out, Unicode hyphens as the ASCII one ("555-­‐5555"). */
function cleanText(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .replace(/\u00ad/g, '')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/-{2,}/g, '-');
}

function cellsOf(runs: Glyphs[]): { x: number; text: string; bold: boolean }[] {
  const cells: { x: number; runs: Glyphs[] }[] = [];
  runs.forEach((run, k) => {
    const cell = cells.at(-1);
    if (cell && !farBefore(runs, k)) cell.runs.push(run);
    else cells.push({ x: run.x, runs: [run] });
  });
  return cells.map((cell) => ({
    x: cell.x,
    bold: leadIsBold(cell.runs),
    text: collapseLetterSpacing(cleanText(joinRuns(cell.runs)))
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}

function farEnd(runs: Glyphs[], k: number): number {
  return Math.max(...runs.slice(0, k).map((r) => r.x + r.width));
}

/** Whether run k stands far from the runs before it; letter-spaced words sit their tracking further apart. */
function farBefore(runs: Glyphs[], k: number): boolean {
  const run = runs[k] as Glyphs;
  const tracking = (runs[k - 1]?.tracking ?? 0) + (run.tracking ?? 0);
  return isFar(run.x - farEnd(runs, k) - tracking, run.size);
}

/** A line opens in bold ("Go (Advanced)": the name bold, the level not) and bold is no small part of it. */
function leadIsBold(runs: Glyphs[]): boolean {
  const chars = (list: Glyphs[]) => list.reduce((sum, r) => sum + r.text.trim().length, 0);
  return Boolean(runs[0]?.bold) && chars(runs.filter((r) => r.bold)) >= chars(runs) * 0.1;
}

/** The run style most of the line's characters are set in. */
function dominant(runs: Glyphs[]): Glyphs {
  const weight = new Map<string, { run: Glyphs; chars: number }>();
  for (const run of runs) {
    const key = `${run.size.toFixed(1)}|${run.bold}|${run.fontName}`;
    const entry = weight.get(key) ?? { run, chars: 0 };
    entry.chars += run.text.trim().length;
    weight.set(key, entry);
  }
  return [...weight.values()].sort((a, b) => b.chars - a.chars)[0]?.run ?? (runs[0] as Glyphs);
}

function joinRuns(runs: Glyphs[]): string {
  let text = '';
  let end = Number.NEGATIVE_INFINITY;
  let tracking = 0;
  let previous: Glyphs | undefined;
  for (const run of runs) {
    const gap = run.x - end - tracking - (run.tracking ?? 0);
    tracking = run.tracking ?? 0;
    const tracked = previous !== undefined && trackedLetters(previous, run, gap);
    if (text !== '' && !tracked) text += separator(gap, run.size, text, run.text);
    text += run.text;
    end = Math.max(end, run.x + run.width);
    previous = run;
  }
  return text;
}

/** Two letters drawn apart by a word's tracking ("T", "O" of a small-caps "TO"), not by a space. */
function trackedLetters(before: Glyphs, run: Glyphs, gap: number): boolean {
  const letter = /^\p{L}$/u;
  return letter.test(before.text) && letter.test(run.text) && gap < Math.min(before.size, run.size) * 0.25;
}

function isFar(gap: number, size: number): boolean {
  return gap > Math.max(size * 0.8, 6);
}

function separator(gap: number, size: number, before: string, after: string): string {
  if (isFar(gap, size)) return ` ${FAR_GAP} `;
  if (/\s$/.test(before) || /^\s/.test(after)) return '';
  return gap > size * 0.12 ? ' ' : '';
}

/** A line drawn one letter at a time with wide tracking ("E X P E R I E N C E" as separate runs). */
function spacedOut(runs: Glyphs[]): boolean {
  return runs.length >= 4 && runs.every((r) => r.text.trim().length === 1);
}

/** Letters closed up; a gap clearly wider than the tracking separates words. */
function closeUp(runs: Glyphs[]): string {
  const gaps = runs.slice(1).map((r, k) => r.x - ((runs[k] as Glyphs).x + (runs[k] as Glyphs).width));
  const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
  return runs
    .map((r, k) => (k > 0 && (gaps[k - 1] ?? 0) > usual * 1.8 + 1 ? ' ' : '') + r.text.trim())
    .join('');
}

/** "E X P E R I E N C E" → "EXPERIENCE"; words set apart by wider spaces stay apart. */
export function collapseLetterSpacing(text: string): string {
  return text
    .split(FAR_GAP)
    .map((part) =>
      part
        .split(/ {2,}/)
        .map((group) => (/^(?:[\p{L}&] ){3,}[\p{L}&]$/u.test(group.trim()) ? group.replace(/ /g, '') : group))
        .join(' '),
    )
    .join(FAR_GAP);
}
