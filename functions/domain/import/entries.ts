import { findUrl, looksLikePlace } from './contact.ts';
import { type DateRange, findDateRange, isDateOnly } from './dates.ts';
import { type Line, wrapsInto } from './lines.ts';

/**
 * Items of a listed section (jobs, schools, projects…): where each starts, its head read into parts
 * (texts, dates, place, link), and its description as one line per bullet.
 */

export interface RawEntry {
  head: Line[];
  body: Line[];
}

export interface EntryParts {
  /** Texts of the head in reading order (title first). */
  texts: string[];
  dates: DateRange | undefined;
  location: string;
  url: string;
  description: string;
}

const hasDate = (line: Line) => line.cells.some((cell) => findDateRange(cell) !== undefined);

function headish(line: Line): boolean {
  return !line.bullet && (line.bold || hasDate(line) || line.cells.length > 1);
}

/** Cut a section's lines into entries: a bold line, or a new date once one is known, starts the next. */
export function splitEntries(lines: Line[]): RawEntry[] {
  const entries: RawEntry[] = [];
  let current: RawEntry | undefined;
  for (const line of lines) {
    if (!current || startsEntry(current, line)) {
      current = { head: [line], body: [] };
      entries.push(current);
    } else if (current.body.length === 0 && joinsHead(current, line)) current.head.push(line);
    else current.body.push(line);
  }
  return entries;
}

function startsEntry(current: RawEntry, line: Line): boolean {
  if (!headish(line)) return false;
  const previous = (current.body.at(-1) ?? current.head.at(-1)) as Line;
  if (previous.bold && line.bold && current.body.length === 0 && wrapsInto(previous, line)) return false;
  if (current.body.length > 0) return !(previous.bullet && !line.bold && !hasDate(line));
  const headDated = current.head.some(hasDate);
  if (hasDate(line) && headDated) return true;
  return line.bold && current.head.some((l) => !l.bold);
}

function joinsHead(current: RawEntry, line: Line): boolean {
  if (line.bullet) return false;
  if (headish(line)) return true;
  const plain = current.head.filter((l) => !l.bold && !hasDate(l));
  if (plain.length >= 1 || current.head.length >= 3) return isDateOnly(line.text);
  // A subtitle: short, no sentence.
  return (line.text.length <= 90 || line.text.includes(' · ')) && !/[.;]$/.test(line.text);
}

/** Words printed before a date that are not part of the entry ("Expected Graduation:", "Conclusão:"). */
const DATE_LABEL = /^(expected|graduat|anticipated|conclus|previs|formado|formatura|since|desde|dates?:)/i;

const SEPARATORS = /\s+[·|•]\s+|\s+[—]\s+/;

/** The head's parts and the description of an entry. */
export function partsOf(entry: RawEntry): EntryParts {
  const parts: EntryParts = { texts: [], dates: undefined, location: '', url: '', description: '' };
  const pieces = headPieces(entry.head);
  for (const { text, right } of pieces) {
    const range = findDateRange(text);
    if (range && !parts.dates && isDateOnly(text)) {
      parts.dates = range;
      continue;
    }
    const url = findUrl(text);
    if (url && url.length >= text.trim().length - 1) {
      parts.url ||= url;
      continue;
    }
    if (right && looksLikePlace(text) && !parts.location) {
      parts.location = text;
      continue;
    }
    if (range && !parts.dates) {
      parts.dates = range;
      const rest = text.replace(range.matched, '').replace(/^[\s,|–-]+|[\s,|–(-]+$/g, '');
      if (rest && !DATE_LABEL.test(rest)) parts.texts.push(rest);
      continue;
    }
    parts.texts.push(text);
  }
  if (!parts.location) takeTrailingPlace(parts);
  parts.description = descriptionOf(entry.body);
  return parts;
}

/** A place printed at the end of a text part ("Acme Corp, Austin, TX" is left alone: too unsure). */
function takeTrailingPlace(parts: EntryParts): void {
  const last = parts.texts.at(-1);
  if (parts.texts.length >= 3 && last && looksLikePlace(last)) {
    parts.location = last;
    parts.texts.pop();
  }
}

/** The head's texts split at cells and separators; wrapped bold lines joined first. */
function headPieces(head: Line[]): { text: string; right: boolean }[] {
  const merged: Line[] = [];
  for (const line of head) {
    const prev = merged.at(-1);
    if (prev?.bold && line.bold && line.cells.length === 1 && wrapsInto(prev, line)) {
      const cells = [...prev.cells];
      cells[0] = `${cells[0]} ${line.cells[0]}`;
      merged[merged.length - 1] = { ...prev, cells };
    } else merged.push(line);
  }
  return merged.flatMap((line) =>
    line.cells.flatMap((cell, k) =>
      cell
        .split(SEPARATORS)
        .map((text) => text.trim())
        .filter((text) => text !== '')
        .map((text, j, all) => ({
          text,
          right: k > 0 || (line.cells.length === 1 && j === all.length - 1 && j > 0),
        })),
    ),
  );
}

/** Description lines as the model keeps them: one line per bullet or paragraph, wrapped lines joined. */
export function descriptionOf(lines: Line[]): string {
  const out: string[] = [];
  let prev: Line | undefined;
  for (const line of lines) {
    const text = line.cells.join(' ');
    const continues =
      prev !== undefined &&
      !line.bullet &&
      ((prev.bullet && line.x > prev.x + 2) || (wrapsInto(prev, line) && !line.bold));
    if (continues && out.length > 0) out[out.length - 1] = joinWrapped(out[out.length - 1] as string, text);
    else out.push(text);
    prev = continues && prev?.bullet ? prev : line;
  }
  return out.join('\n');
}

/** Join a wrapped line: a word hyphenated at the break ("high-" + "traffic") keeps its hyphen. */
function joinWrapped(before: string, after: string): string {
  return /[-/]$/.test(before) ? `${before}${after}` : `${before} ${after}`;
}
