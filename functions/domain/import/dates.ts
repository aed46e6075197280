/**
 * Dates as resumes print them, in English and Portuguese: "Jan 2020 – Present", "01/2020 - 03/2022",
 * "2019 – 2021", "jan. 2020 – atual", "janeiro de 2020 - o momento", "Mar 2018 to Current". Stored as
 * `YYYY-MM` or `YYYY`.
 */

export interface DateRange {
  start: string;
  end: string;
  current: boolean;
  /** The text the range was read from, to take it out of its line. */
  matched: string;
}

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, janeiro: 1,
  feb: 2, february: 2, fev: 2, fevereiro: 2,
  mar: 3, march: 3, marco: 3,
  apr: 4, april: 4, abr: 4, abril: 4,
  may: 5, mai: 5, maio: 5,
  jun: 6, june: 6, junho: 6,
  jul: 7, july: 7, julho: 7,
  aug: 8, august: 8, ago: 8, agosto: 8,
  sep: 9, sept: 9, september: 9, set: 9, setembro: 9,
  oct: 10, october: 10, out: 10, outubro: 10,
  nov: 11, november: 11, novembro: 11,
  dec: 12, december: 12, dez: 12, dezembro: 12,
}; // biome-ignore format: a table

const MONTH_WORD = `(?:${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')
  .replace('marco', 'mar[çc]o')})`;
const YEAR = '(?:19|20)\\d{2}';
const DAY = '(?:0?[1-9]|[12]\\d|3[01])';
const ONE_DATE = `(?:${MONTH_WORD}\\.?\\s+${DAY},\\s*${YEAR}|${MONTH_WORD}\\.?,?\\s*(?:de\\s+|/\\s*|')?${YEAR}|${DAY}\\s*[/.]\\s*${DAY}\\s*[/.]\\s*${YEAR}|(?:0?[1-9]|1[0-2])\\s*[/.-]\\s*${YEAR}|${YEAR}-(?:0[1-9]|1[0-2])-${DAY}(?![\\d])|${YEAR}\\s*[/-]\\s*(?:0[1-9]|1[0-2])(?![\\d])|${YEAR}-${MONTH_WORD}\\.?(?![\\p{L}])|${YEAR})`;
const PRESENT =
  '(?:present|current|currently|now|today|ongoing|to date|date|atual|atualmente|o momento|momento|hoje|presente|o presente|em andamento|em curso|cursando)';
const SEPARATOR = '\\s*(?:[-–—−~→]|t ?o|até|ate|a)\\s*';
const RANGE = new RegExp(
  `(?<![\\p{L}\\d])(${ONE_DATE})(?:${SEPARATOR}(${ONE_DATE}|${PRESENT}))?(?![\\p{L}\\d])`,
  'iu',
);
const PRESENT_ONLY = new RegExp(`^${PRESENT}$`, 'iu');

/** Accents off, lower case: "Março" → "marco". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** One printed date as `YYYY-MM` or `YYYY`; '' when it is not one. */
export function parseDate(text: string): string {
  const t = fold(text.trim());
  let m = /^([a-z]+)\.?,?\s*(?:de\s+|\/\s*|')?(\d{4})$/.exec(t);
  if (m?.[1] && MONTHS[m[1]]) return `${m[2]}-${String(MONTHS[m[1]]).padStart(2, '0')}`;
  m = /^(\d{1,2})\s*[/.-]\s*(\d{4})$/.exec(t);
  if (m) return `${m[2]}-${String(Number(m[1])).padStart(2, '0')}`;
  m = /^(\d{4})\s*[/-]\s*(\d{2})(?:-\d{2})?$/.exec(t);
  if (m) return `${m[1]}-${m[2]}`;
  // "2020-Mar" (a theme's year first), "June 13, 2016", "13/06/2016" (day first unless it cannot be).
  m = /^(\d{4})-([a-z]+)\.?$/.exec(t);
  if (m?.[2] && MONTHS[m[2]]) return `${m[1]}-${String(MONTHS[m[2]]).padStart(2, '0')}`;
  m = /^([a-z]+)\.?\s+\d{1,2},\s*(\d{4})$/.exec(t);
  if (m?.[1] && MONTHS[m[1]]) return `${m[2]}-${String(MONTHS[m[1]]).padStart(2, '0')}`;
  m = /^(\d{1,2})\s*[/.]\s*(\d{1,2})\s*[/.]\s*(\d{4})$/.exec(t);
  if (m) {
    const [first, second] = [Number(m[1]), Number(m[2])];
    const month = second > 12 ? first : second;
    if (month >= 1 && month <= 12) return `${m[3]}-${String(month).padStart(2, '0')}`;
  }
  return /^\d{4}$/.test(t) ? t : '';
}

/** The first date or date range in a text, or undefined. */
export function findDateRange(text: string): DateRange | undefined {
  const match = RANGE.exec(text);
  if (!match?.[1]) return undefined;
  const start = parseDate(match[1]);
  if (!start) return undefined;
  const second = match[2]?.trim() ?? '';
  const current = second !== '' && PRESENT_ONLY.test(fold(second));
  const end = current ? '' : parseDate(second);
  return { start, end, current, matched: match[0] };
}

/** Whether a text is nothing but a date or a date range (a line or cell holding only the dates). */
export function isDateOnly(text: string): boolean {
  const range = findDateRange(text);
  return range !== undefined && text.replace(range.matched, '').replace(/[\s|,()–-]/g, '') === '';
}
