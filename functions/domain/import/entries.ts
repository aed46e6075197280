import { findUrl } from './contact.ts';
import { type DateRange, findDateRange, isDateOnly } from './dates.ts';
import { formEntries, isFormSection } from './form.ts';
import { isSubLabel } from './headings.ts';
import { type Line, wrapsInto } from './lines.ts';
import { isPlace } from './roles.ts';
import { bodySize } from './sections.ts';

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
  /** The lines the description was made of. */
  body: Line[];
}

const hasDate = (line: Line) => line.cells.some((cell) => findDateRange(cell) !== undefined);

function headish(line: Line): boolean {
  return !line.bullet && (line.bold || hasDate(line) || line.cells.length > 1);
}

/**
 * Cut a section's lines into entries: a bold (or larger) line, or a new date once one is known, starts the
 * next. A list of bullets and nothing else is one entry per bullet.
 */
export function splitEntries(section: Line[]): RawEntry[] {
  if (isFormSection(section)) return formEntries(section);
  const lines = indentedAsBullets(emphasised(afterSubLabels(gridColumns(titlesAroundDates(section)))));
  if (bulletList(lines)) return bulletEntries(lines);
  const unstyled = !lines.some((l) => l.bold);
  const title = titleStyle(lines);
  const entries: RawEntry[] = [];
  let current: RawEntry | undefined;
  // Employer and job both set in the title style around the dates: about two title lines per date.
  const titled = (line: Line, k: number) =>
    styleOf(line) === title && !(k > 0 && styleOf(lines[k - 1] as Line) === title);
  // A bullet's wrapped rest that is only a year ("… 131% of quota in" over "2018") dates no entry.
  const dated = lines.filter(
    (line, k) =>
      hasDate(line) && !line.bullet && !(lines[k - 1]?.bullet && wrapsInto(lines[k - 1] as Line, line)),
  ).length;
  const paired = title !== undefined && dated > 0 && lines.filter(titled).length >= dated * 1.5;
  const joins = (entry: RawEntry, line: Line, k: number) =>
    title
      ? !line.bullet &&
        entry.head.length < 5 &&
        (hasDate(line) || titleLike(line) || line.cells.length > 1 || styleOf(line) === title)
      : joinsHead(entry, line, unstyled ? lines.slice(k + 1) : undefined);
  lines.forEach((line, k) => {
    const starts = title
      ? titled(line, k) &&
        (!paired ||
          (current?.body.length ?? 0) > 0 ||
          (current?.head.filter((l) => styleOf(l) === title).length ?? 0) >= 2)
      : current && startsEntry(current, line);
    if (!current || starts) {
      const head = current && !title && hasDate(line) ? takeTrailingHead(current) : [];
      current = { head: [...head, line], body: [] };
      entries.push(current);
    } else if (current.body.length === 0 && (beforeBullets(line, lines[k + 1]) || joins(current, line, k))) {
      current.head.push(line);
    } else current.body.push(line);
  });
  return entries;
}

/**
 * A bold title the dates beside it made wrap: its rest comes after the dates in reading order ("Duke
 * University, Department of" | the dates set right | "Biochemistry"). It goes back on the title, whose end
 * came within a word of the dates' left edge.
 */
function titlesAroundDates(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (let k = 0; k < lines.length; k += 1) {
    const [title, dates, rest] = [lines[k], lines[k + 1], lines[k + 2]] as Line[];
    const wrapped =
      title?.bold &&
      rest?.bold &&
      dates &&
      title.geometry &&
      title.cells.length === 1 &&
      rest.cells.length === 1 &&
      isDateOnly(dates.text) &&
      !hasDate(title) &&
      !hasDate(rest) &&
      dates.page === title.page &&
      rest.page === title.page &&
      dates.x > title.right &&
      Math.abs(rest.x - title.x) < 2 &&
      title.right + (rest.text.split(' ')[0] ?? '').length * rest.size * 0.45 > dates.x - rest.size;
    if (!wrapped) {
      out.push(title as Line);
      continue;
    }
    const text = `${title.text} ${rest.text}`;
    out.push({ ...title, text, cells: [text], right: Math.max(title.right, rest.right) }, dates);
    k += 2;
  }
  return out;
}

/** The short line between a head and its first bullet is the head's (a place, a wrapped rest). */
function beforeBullets(line: Line, next: Line | undefined): boolean {
  return !line.bullet && !line.bold && next?.bullet === true && line.text.split(' ').length <= 8;
}

/**
 * Entries set side by side (two schools in a row, each with its dates and degree below): where the first
 * line's parts start columns that the lines below keep to, each column is read down as its own lines.
 */
function gridColumns(lines: Line[]): Line[] {
  const first = lines[0];
  if (!first?.geometry || first.cells.length < 2 || first.cellX.length !== first.cells.length) return lines;
  const starts = first.cellX;
  const columnOf = (x: number) =>
    starts.findIndex((start, k) => x >= start - 6 && x < (starts[k + 1] ?? Infinity) - 6);
  const aligned = lines.filter((line) =>
    line.cellX.every((x, k) => line.cells[k] !== undefined && Math.abs(x - (starts[columnOf(x)] ?? -99)) < 6),
  );
  if (aligned.length < lines.length * 0.8 || lines.length < 3) return lines;
  // Each column holds text of its own down the rows, not only a date pushed right.
  const filled = starts.every(
    (_start, c) =>
      lines.filter((line) =>
        line.cells.some((cell, k) => columnOf(line.cellX[k] ?? line.x) === c && !isDateOnly(cell)),
      ).length >= 2,
  );
  if (!filled) return lines;
  const columns: Line[][] = starts.map(() => []);
  for (const line of lines) {
    line.cells.forEach((cell, k) => {
      const x = line.cellX[k] ?? line.x;
      const column = columns[Math.max(0, columnOf(x))];
      column?.push({
        ...line,
        text: cell,
        cells: [cell],
        cellX: [x],
        cellBold: [line.cellBold[k] ?? line.bold],
        x,
      });
    });
  }
  return columns.flat();
}

/**
 * Sub-labels ("Highlights") taken out; what follows one, up to the next dated, bold or larger line, is the entry's
 * list: its sentences are bullets even where the format drew no mark.
 */
function afterSubLabels(section: Line[]): Line[] {
  const out: Line[] = [];
  const body = bodySize(section);
  let listing = false;
  for (const line of section) {
    if (isSubLabel(line.text)) {
      listing = true;
      continue;
    }
    // The next entry's title ends the list: bold, dated, or set larger than the text (a Word heading style).
    if (line.bold || hasDate(line) || (!line.bullet && line.size >= body * 1.15)) listing = false;
    const sentence = line.text.split(' ').length >= 6 || /[.;!?]$/.test(line.text);
    out.push(listing && sentence && !line.bullet ? { ...line, bullet: true } : line);
  }
  return out;
}

/** A font's family: "DejaVuSans-Bold" and "DejaVuSans" set one style, bold apart. */
const familyOf = (font: string) =>
  font.replace(/[-,]?(?:bold|semibold|demibold|medium|regular|italic|oblique|book|roman)+$/i, '');

const styleOf = (line: Line) =>
  `${Math.round(line.size * 2)}|${line.bold}|${familyOf(line.font)}|${line.bullet}|${line.text === line.text.toUpperCase()}`;

/**
 * The style an entry's first line is set in, where the section says so plainly: its first line's style comes
 * back, apart, at least once more, and is not the style of most of its lines (running text). Each line in it
 * then opens an entry (a title wrapped onto a second line in the same style goes on).
 */
function titleStyle(lines: Line[]): string | undefined {
  const first = lines[0];
  if (!first || first.bullet) return undefined;
  const style = styleOf(first);
  const starts = lines.filter(
    (line, k) => styleOf(line) === style && (k === 0 || styleOf(lines[k - 1] as Line) !== style),
  );
  const same = lines.filter((line) => styleOf(line) === style).length;
  if (starts.length < 2 || same * 2 > lines.length) return undefined;
  // Every entry so cut must hold something besides its title.
  return starts.length < lines.length - same + 1 ? style : undefined;
}

/**
 * Bullets a page draws without a glyph (a list's markers as CSS, an indented paragraph): plain lines set in
 * from the left edge the entries' heads start at, in their column. A line that continues one of them (it
 * wrapped) is not another.
 */
function indentedAsBullets(lines: Line[]): Line[] {
  const edge = new Map<string, number>();
  const key = (line: Line) => `${line.page}:${line.column}`;
  for (const line of lines) {
    // Heads: bold, dated, or with a far part (an employer with its job set right, the dates on the next line).
    if (line.bullet || !(line.bold || hasDate(line) || line.cells.length > 1)) continue;
    // Dates in a rail left of the entries: the entries' text starts at the part after the date.
    const railed = isDateOnly(line.cells[0] ?? '') && line.cellX[1] !== undefined;
    const x = railed ? (line.cellX[1] as number) : line.x;
    edge.set(key(line), Math.min(edge.get(key(line)) ?? Number.POSITIVE_INFINITY, x));
  }
  const out: Line[] = [];
  for (const line of lines) {
    const left = edge.get(key(line));
    const prev = out.at(-1);
    const setIn =
      left !== undefined &&
      line.geometry &&
      !line.bullet &&
      !line.bold &&
      line.x > left + Math.max(6, line.size * 0.8) &&
      !isDateOnly(line.text);
    const continues =
      prev?.bullet && (line.x > prev.x + 2 || (Math.abs(prev.x - line.x) < 2 && wrapsInto(prev, line)));
    out.push(setIn && !continues ? { ...line, bullet: true } : line);
  }
  return out;
}

/** Lines set clearly larger than the section's text (an entry's title in a heading style) count as bold. */
function emphasised(lines: Line[]): Line[] {
  const body = bodySize(lines);
  return lines.map((l) =>
    !l.bold && !l.bullet && l.size >= body * 1.15 && l.text.length <= 120 ? { ...l, bold: true } : l,
  );
}

/** Every line a bullet or a bullet's wrapped rest: a plain list (certificates, awards), not jobs. */
function bulletList(lines: Line[]): boolean {
  if (lines.length < 2 || !lines[0]?.bullet) return false;
  if (lines.filter((l) => l.bullet).length < 2) return false;
  return lines.every((line, k) => {
    if (line.bullet) return true;
    const prev = lines[k - 1] as Line;
    return !line.bold && (line.x > prev.x + 2 || wrapsInto(prev, line));
  });
}

function bulletEntries(lines: Line[]): RawEntry[] {
  const entries: RawEntry[] = [];
  for (const line of lines) {
    const last = entries.at(-1);
    if (line.bullet || !last) entries.push({ head: [{ ...line, bullet: false }], body: [] });
    else last.head.push(line);
  }
  return entries;
}

/**
 * A date opening the next entry: short plain lines that end the previous entry after its bullets are the
 * new entry's title (a document without styles prints "Company, City" over the dates).
 */
function takeTrailingHead(previous: RawEntry): Line[] {
  const taken: Line[] = [];
  const body = previous.body;
  while (taken.length < 2 && body.length > taken.length) {
    const line = body[body.length - 1 - taken.length] as Line;
    const before = body[body.length - 2 - taken.length] ?? previous.head.at(-1);
    if (!titleLike(line) || (before && wrapsInto(before, line))) break;
    if (before?.bullet && line.x > before.x + 2) break;
    taken.unshift(line);
  }
  const before = body[body.length - 1 - taken.length];
  // Only after bullets, a sentence or nothing: a paragraph's last line is not a title (a line of a list
  // printed without marks is a sentence of its own: six words or more).
  const sentence = (line: Line) => /[.!?;]$/.test(line.text) || line.text.split(' ').length >= 6;
  if (taken.length === 0 || (before && !before.bullet && !sentence(before))) return [];
  body.splice(body.length - taken.length, taken.length);
  return taken;
}

/** A company's suffix or an abbreviation whose full stop ends no sentence ("Ltda.", "Inc.", "S.A."). */
const ABBREVIATION_END = /(?:\b(?:inc|ltd|ltda|co|corp|llc|cia|jr|sr|eireli)|\b\p{Lu}(?:\.\p{Lu})+)\.$/iu;

function titleLike(line: Line): boolean {
  return (
    !line.bullet &&
    line.text.length <= 80 &&
    line.text.split(' ').length <= 9 &&
    !(/[.;:!?]$/.test(line.text) && !ABBREVIATION_END.test(line.text)) &&
    !hasDate(line)
  );
}

function startsEntry(current: RawEntry, line: Line): boolean {
  if (!headish(line)) return false;
  const previous = (current.body.at(-1) ?? current.head.at(-1)) as Line;
  // A head that ended in a full stop ("Name — what it is.") is complete: the next bold line is another.
  if (line.bold && previous.bold && current.body.length === 0 && /\.$/.test(previous.text)) return true;
  if (previous.bold && line.bold && current.body.length === 0 && wrapsInto(previous, line)) return false;
  if (current.body.length > 0) return !(previous.bullet && !line.bold && !hasDate(line));
  const headDated = current.head.some(hasDate);
  if (hasDate(line) && headDated) return true;
  return line.bold && current.head.some((l) => !l.bold);
}

function joinsHead(current: RawEntry, line: Line, after?: Line[]): boolean {
  if (line.bullet) return false;
  if (headish(line)) return true;
  const plain = current.head.filter((l) => !l.bold && !hasDate(l));
  if (plain.length >= 1 || current.head.length >= 3) {
    // Without styles, the job title or degree can sit under the company (school) and dates, before the
    // bullets, the next entry's title over its dates, or the section's end.
    const [next, second] = after ?? [];
    const closes = !next || next.bullet || (titleLike(next) && second !== undefined && hasDate(second));
    if (after && closes && plain.length === 1 && current.head.length <= 2 && titleLike(line)) return true;
    // Job title, then the employer, then the dates, each on its own line: the employer is the head's too.
    const dateNext = next !== undefined && isDateOnly(next.text) && !current.head.some(hasDate);
    if (after && dateNext && plain.length === 1 && current.head.length === 1 && titleLike(line)) return true;
    return isDateOnly(line.text) || (isPlace(line.text) && current.head.some(hasDate));
  }
  // A subtitle: short, no sentence.
  return (
    (line.text.length <= 90 || line.text.includes(' · ')) &&
    !(/[.;]$/.test(line.text) && !ABBREVIATION_END.test(line.text))
  );
}

/** Words printed before a date that are not part of the entry ("Expected Graduation:", "Conclusão:"). */
const DATE_LABEL = /^(expected|graduat|anticipated|conclus|previs|formado|formatura|since|desde|dates?:)/i;

/** How long a range lasted, as profiles print it after the dates: "(5 anos 5 meses)", "· 1 yr 2 mos". */
const DURATION =
  /[(·]?\s*\d+\s*(?:anos?|meses|m[eê]s|years?|yrs?|months?|mos?)(?:\s*(?:e\s+)?\d+\s*(?:meses|m[eê]s|months?|mos?))?\s*\)?/giu;

const SEPARATORS = /\s+[·|•]\s+|\s+[—]\s+/;

/** The head's parts and the description of an entry. */
export function partsOf(entry: RawEntry): EntryParts {
  const parts: EntryParts = {
    texts: [],
    dates: undefined,
    location: '',
    url: '',
    description: '',
    body: entry.body,
  };
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
    // A job title set right reads like a town and its region ('Registered Nurse, Medical ICU'): a place names no job.
    if (right && isPlace(text) && !parts.location && parts.texts.length > 0) {
      parts.location = text;
      continue;
    }
    // "1 year 6 months" printed apart from the dates it measures.
    if (!range && text.replace(DURATION, '').replace(/[\s()·,]/g, '') === '') continue;
    if (range && !parts.dates) {
      parts.dates = range;
      const rest = text
        .replace(range.matched, '')
        .replace(DURATION, '')
        .replace(/\(\s*\)/g, '')
        .replace(/^[\s,|–-]+|[\s,|–(-]+$/g, '');
      if (rest && !DATE_LABEL.test(rest)) parts.texts.push(rest);
      continue;
    }
    parts.texts.push(text);
  }
  if (!parts.location) takeTrailingPlace(parts);
  // A title or name linked to its site without printing the address.
  parts.url ||= entry.head.find((line) => line.link)?.link ?? '';
  parts.description = descriptionOf(entry.body);
  return parts;
}

/** A place printed at the end of a text part ("Acme Corp, Austin, TX" is left alone: too unsure). */
function takeTrailingPlace(parts: EntryParts): void {
  const last = parts.texts.at(-1);
  if (parts.texts.length >= 3 && last && isPlace(last)) {
    parts.location = last;
    parts.texts.pop();
  }
}

/** The head's texts split at cells and separators; wrapped bold lines joined first. */
function headPieces(head: Line[]): { text: string; right: boolean }[] {
  const merged: Line[] = [];
  for (const line of head.map(datesApart)) {
    const prev = merged.at(-1);
    // A head printed as one sentence ("Nurse, Dell Seton Medical" … "Center, Austin, TX."), wrapped
    // around the dates set right of its first line: the rest goes back on its first part.
    const sentence =
      prev &&
      !line.bold &&
      line.cells.length === 1 &&
      /\.$/.test(line.text) &&
      !hasDate(line) &&
      line.text.split(' ').length <= 8 &&
      prev.cells.length === 2 &&
      isDateOnly(prev.cells[1] ?? '') &&
      !/[.;:]$/.test(prev.cells[0] ?? '');
    if ((prev?.bold && line.bold && line.cells.length === 1 && wrapsInto(prev, line)) || sentence) {
      const cells = [...(prev as Line).cells];
      cells[0] = joinWrapped(cells[0] ?? '', (line.cells[0] ?? '').replace(/\.$/, ''));
      merged[merged.length - 1] = { ...(prev as Line), cells };
    } else merged.push(line);
  }
  return merged.flatMap((line) =>
    line.cells.flatMap((cell, k) =>
      separated(cell)
        .map((text) => text.trim())
        .filter((text) => text !== '')
        .map((text, j) => ({
          text,
          right: k > 0 || (line.cells.length === 1 && j > 0),
        })),
    ),
  );
}

/**
 * A line of one cell that ends in a date range after its text (the dates set close to a word broken at its
 * hyphen: "Serra Azul S.A., Conta- ago. 2019 – jan. 2022") as the text and the dates in cells of their own.
 */
function datesApart(line: Line): Line {
  const text = line.cells[0] ?? '';
  const range = line.cells.length === 1 ? findDateRange(text) : undefined;
  if (!range || !text.endsWith(range.matched)) return line;
  const before = text.slice(0, -range.matched.length).trim();
  if (!before || !/-$/.test(before)) return line;
  return { ...line, cells: [before, range.matched] };
}

/**
 * A head's text cut at its separators; a range's own dash ("2020-03 — 2025-04") is none, even where the range
 * follows other text in one run ("St. David's Medical Center 2020-03 — 2025-04").
 */
function separated(text: string): string[] {
  if (isDateOnly(text)) return [text];
  const range = findDateRange(text);
  const at = range ? text.indexOf(range.matched) : -1;
  if (!range || at < 0 || !SEPARATORS.test(range.matched)) return text.split(SEPARATORS);
  const after = text.slice(at + range.matched.length);
  return [...text.slice(0, at).split(SEPARATORS), range.matched, ...after.split(SEPARATORS)];
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
      ((prev.bullet && line.x > prev.x + 2) ||
        ((wrapsInto(prev, line) || goesOnInLowerCase(prev, line)) && !line.bold));
    if (continues && out.length > 0) out[out.length - 1] = joinWrapped(out[out.length - 1] as string, text);
    else out.push(text);
    prev = continues && prev?.bullet ? prev : line;
  }
  return out.join('\n');
}

/** A line that opens in lower case below one of the same column and style that ended mid-sentence. */
function goesOnInLowerCase(prev: Line, line: Line): boolean {
  return (
    /^\p{Ll}/u.test(line.text) &&
    !/[.!?;:]$/.test(prev.text) &&
    prev.page === line.page &&
    prev.column === line.column &&
    Math.abs(prev.x - line.x) < 2 &&
    Math.abs(prev.size - line.size) < 0.3 &&
    prev.bold === line.bold
  );
}

/** Join a wrapped line: a word hyphenated at the break ("high-" + "traffic") keeps its hyphen. */
function joinWrapped(before: string, after: string): string {
  if (/[-/]$/.test(before)) return `${before}${after}`;
  // An address too long for the line, broken anywhere: its rest opens the next line, path and all.
  const last = before.split(' ').at(-1) ?? '';
  const first = after.split(' ')[0] ?? '';
  if (/^(?:https?:\/\/|www\.)\S*\/\S*[\p{L}\d]$/u.test(last) && /^[\p{L}\d][\w.~%-]*[/?#]/u.test(first)) {
    return `${before}${after}`;
  }
  return `${before} ${after}`;
}
