import { findDateRange, isDateOnly } from './dates.ts';
import { isSubLabel, leadingHeading, type SectionKind, sectionOfHeading } from './headings.ts';
import type { Line } from './lines.ts';

/**
 * Cutting the lines into sections at their headings. A heading is a dictionary word set like a heading
 * (capitals, bold, larger, or a heading style), or any short line set exactly like the headings found
 * (an unknown section, kept as a custom one).
 */

export interface Section {
  kind: SectionKind | 'header';
  /** The heading as printed ('' for the header). */
  title: string;
  lines: Line[];
  language?: 'en' | 'pt';
}

interface Style {
  size: number;
  bold: boolean;
  caps: boolean;
}

const isCaps = (text: string) => /\p{Lu}{2}/u.test(text) && text === text.toUpperCase();

function styleOf(line: Line): Style {
  return { size: line.size, bold: line.bold, caps: isCaps(line.text) };
}

/** The size most of the document's characters are set in. */
export function bodySize(lines: Line[]): number {
  const chars = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + line.text.length);
  }
  return [...chars].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 11;
}

function looksSetAsHeading(line: Line, body: number, plain: boolean): boolean {
  if (plain || (!line.geometry && !line.bold && !line.heading && !isCaps(line.text))) return true;
  return line.heading || line.bold || isCaps(line.text) || line.size > body * 1.1;
}

/**
 * A document set in one style (typed in a plain editor and printed): no line bold, none a heading style,
 * all the body's size but perhaps the name on the first line. Its headings can only be told by their words.
 */
function setInOneStyle(lines: Line[], body: number): boolean {
  return lines.every(
    (line, k) => k === 0 || (!line.bold && !line.heading && Math.abs(line.size - body) < 0.3),
  );
}

function shortPlain(line: Line): boolean {
  return (
    !line.bullet &&
    line.cells.length === 1 &&
    line.text.split(' ').length <= 5 &&
    !/[\d@:]|\.$/.test(line.text)
  );
}

/** Split the lines into a header (before any heading) and headed sections, column by column. */
export function splitSections(lines: Line[]): Section[] {
  const body = bodySize(lines);
  const plain = setInOneStyle(lines, body);
  const known = oneStyle(
    lines.filter(
      (line) =>
        !line.bullet &&
        sectionOfHeading(line.text) &&
        looksSetAsHeading(line, body, plain) &&
        shortPlain(line),
    ),
  );
  const headingStyles = known.map(styleOf);
  const sameStyle = (line: Line) =>
    headingStyles.some(
      (s) => Math.abs(s.size - line.size) < 0.3 && s.bold === line.bold && s.caps === isCaps(line.text),
    ) &&
    (line.bold || isCaps(line.text) || line.size > body * 1.1);
  // A heading style counts as a section's when it is the known headings' level (not an entry's title).
  const headingSizes = known.filter((l) => l.heading).map((l) => l.size);
  const sectionStyle = (line: Line) =>
    line.heading &&
    (headingSizes.length === 0 || headingSizes.some((size) => Math.abs(size - line.size) < 0.3));

  const sections: Section[] = [{ kind: 'header', title: '', lines: [] }];
  const lastOfColumn = new Map<number, Section>();
  let current = sections[0] as Section;
  let previous: Line | undefined;
  lines.forEach((line, k) => {
    if (previous && line.column !== previous.column) {
      current = lastOfColumn.get(line.column) ?? (sections[0] as Section);
    }
    previous = line;
    const found = headingAt(line, known, sameStyle, sectionStyle, lines[k + 1]);
    // A line set like the headings but not naming a section, inside a section of dated entries, over a
    // dated block of its own, is the next entry's title (an employer set large), not a new section.
    // Nor is one in the header, before any section was named (the name set like the headings).
    const started =
      found?.byStyle &&
      ((ENTRY_KINDS.has(current.kind) && datedBlockAfter(lines, k)) || current.kind === 'header')
        ? undefined
        : found;
    if (started) {
      current = { kind: started.kind, title: started.title, lines: [], language: started.language };
      sections.push(current);
      lastOfColumn.set(line.column, current);
      if (started.rest) current.lines.push(started.rest);
      return;
    }
    current.lines.push(line);
    if (current.kind !== 'header') lastOfColumn.set(line.column, current);
  });
  return sections;
}

const ENTRY_KINDS = new Set<Section['kind']>(['experience', 'education', 'projects', 'volunteering']);

/**
 * Whether the lines after line k, up to the next one set like it, carry a date, or the dates stand just
 * before it (a date cell left of the entry, in a layout table).
 */
function datedBlockAfter(lines: Line[], k: number): boolean {
  const line = lines[k] as Line;
  const before = lines.slice(Math.max(0, k - 2), k).filter((l) => l.column === line.column);
  if (before.some((l) => l.cells.some((cell) => isDateOnly(cell)))) return true;
  for (const next of lines.slice(k + 1, k + 8)) {
    if (next.column !== line.column) break;
    if (Math.abs(next.size - line.size) < 0.3 && next.bold === line.bold) break;
    if (next.cells.some((cell) => findDateRange(cell))) return true;
  }
  return line.cells.some((cell) => findDateRange(cell));
}

/**
 * Headings share a style. Where at least three dictionary words are set alike, one set in a style of its own
 * is a word inside a section ("Languages" over a list of programming languages), not a heading.
 */
function oneStyle(known: Line[]): Line[] {
  const key = (line: Line) =>
    `${Math.round(line.size * 2)}|${line.bold}|${isCaps(line.text)}|${line.heading}`;
  const counts = new Map<string, number>();
  for (const line of known) counts.set(key(line), (counts.get(key(line)) ?? 0) + 1);
  if (Math.max(0, ...counts.values()) < 3) return known;
  return known.filter((line) => (counts.get(key(line)) ?? 0) >= 2);
}

function headingAt(
  line: Line,
  known: Line[],
  sameStyle: (line: Line) => boolean,
  sectionStyle: (line: Line) => boolean,
  next: Line | undefined,
): { kind: SectionKind; title: string; language?: 'en' | 'pt'; rest?: Line; byStyle?: boolean } | undefined {
  // A form's value ("Registered Nurse, ICU" beside "Desired employment") is no heading, however it is set.
  if (line.bullet || line.label || isSubLabel(line.text)) return undefined;
  if (known.includes(line)) {
    const entry = sectionOfHeading(line.text);
    if (entry) return { kind: entry.kind, title: line.text, language: entry.language };
  }
  const lead = leadingHeading(line.text);
  if (lead && line.cells.length === 1) {
    const rest = { ...line, text: lead.rest, cells: [lead.rest], cellBold: [false], bold: false };
    return { kind: lead.entry.kind, title: lead.heading, language: lead.entry.language, rest };
  }
  // A label column: the heading in the page's left cell, on the baseline of its section's first line.
  const label = line.cells.length > 1 ? sectionOfHeading(line.cells[0] ?? '') : undefined;
  // The section's text goes on in the column right of the label, not back under it (a date in the label
  // column, its entry right of it, goes on too).
  const textX = (line.cellX[1] ?? 0) - 12;
  const dated = next !== undefined && isDateOnly(next.cells[0] ?? '') && (next.cellX[1] ?? 0) >= textX;
  const labelled = next === undefined || next.x >= textX || dated;
  if (label && line.geometry && !/\d/.test(line.cells[0] ?? '') && labelled) {
    const cells = line.cells.slice(1);
    const cellX = line.cellX.slice(1);
    const cellBold = line.cellBold.slice(1);
    const x = cellX[0] ?? line.x;
    const rest = { ...line, text: cells.join(' '), cells, cellX, cellBold, x, bold: cellBold[0] ?? false };
    return { kind: label.kind, title: line.cells[0] ?? '', language: label.language, rest };
  }
  if (shortPlain(line) && (sameStyle(line) || sectionStyle(line)) && /\p{L}{3}/u.test(line.text)) {
    return { kind: 'custom', title: line.text, byStyle: true };
  }
  return undefined;
}
