import {
  ANALYTICS_EXPORT_DEFAULT_DAYS,
  ANALYTICS_EXPORT_MAX_DAYS,
  analyticsExportColumns,
} from '#shared/analytics';
import { AppError } from '../../lib/app-error.ts';
import { csvRow } from './csv.ts';
import { addDays, daysBetween, parseDay, spanDays, utcDay } from './days.ts';
import { type EventCursor, readEventsPage } from './events.ts';

/**
 * What one response may carry: API Gateway and Lambda refuse answers over 6 MB, and the body travels
 * JSON-escaped inside Lambda's result, so rows are measured escaped and the rest is left for the envelope.
 */
export const EXPORT_MAX_BYTES = 4_500_000;
/** Stored batches read per query (each holds up to MAX_EVENTS_PER_REQUEST events). */
const PAGE_SIZE = 200;

export interface ExportRange {
  from: string;
  to: string;
}

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'The export range is not valid.', { issues: [{ path, message }] });

/** The range a query string asks for: both days, or neither (the last days up to today). */
export function exportRange(query: Record<string, string | undefined>, now = new Date()): ExportRange {
  if (query.from === undefined && query.to === undefined) {
    const to = utcDay(now);
    return { from: addDays(to, -(ANALYTICS_EXPORT_DEFAULT_DAYS - 1)), to };
  }
  const from = parseDay(query.from);
  const to = parseDay(query.to);
  if (!from) throw invalid('from', 'must be a day as yyyy-mm-dd');
  if (!to) throw invalid('to', 'must be a day as yyyy-mm-dd');
  const span = spanDays(from, to);
  if (span < 1) throw invalid('to', 'must not be before from');
  if (span > ANALYTICS_EXPORT_MAX_DAYS) {
    throw invalid('to', `at most ${ANALYTICS_EXPORT_MAX_DAYS} days from from`);
  }
  return { from, to };
}

/** The opaque continuation of a cut export: where it stopped, bound to the range it belongs to. */
export function encodeCursor(range: ExportRange, at: EventCursor): string {
  return Buffer.from(JSON.stringify([range.from, range.to, at.day, at.after])).toString('base64url');
}

export function decodeCursor(text: string | undefined, range: ExportRange): EventCursor | null {
  if (text === undefined) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parts = null;
  }
  const [from, to, day, after] = Array.isArray(parts) ? (parts as unknown[]) : [];
  if (
    !Array.isArray(parts) ||
    parts.length !== 4 ||
    from !== range.from ||
    to !== range.to ||
    typeof day !== 'string' ||
    parseDay(day) === null ||
    day < range.from ||
    day > range.to ||
    typeof after !== 'string'
  ) {
    throw invalid('cursor', 'must be a cursor of this range, as a previous part of the export gave it');
  }
  return { day, after };
}

/**
 * The CSV of the range's events, oldest first, from `cursor` on, read a page at a time until the range
 * ends or the response is full; `next` continues a cut export.
 */
export async function exportEventsCsv(
  range: ExportRange,
  cursor: EventCursor | null,
  maxBytes = EXPORT_MAX_BYTES,
): Promise<{ csv: string; next: string | null }> {
  const days = daysBetween(range.from, range.to);
  const header = csvRow(analyticsExportColumns);
  const rows: string[] = [header];
  let bytes = Buffer.byteLength(JSON.stringify(header));
  let at = cursor;
  for (;;) {
    const page = await readEventsPage(days, PAGE_SIZE, at);
    for (const batch of page.batches) {
      // A batch is cut whole or not at all: the cursor only knows batches.
      const chunk = batch.events
        .map((event) =>
          csvRow([
            event.at,
            event.name,
            event.userId,
            event.path ?? '',
            event.properties ? JSON.stringify(event.properties) : '',
          ]),
        )
        .join('');
      const cost = Buffer.byteLength(JSON.stringify(chunk));
      if (bytes + cost > maxBytes && rows.length > 1) {
        return { csv: rows.join(''), next: at ? encodeCursor(range, at) : null };
      }
      rows.push(chunk);
      bytes += cost;
      at = batch.position;
    }
    if (!page.next) return { csv: rows.join(''), next: null };
    at = page.next;
  }
}
