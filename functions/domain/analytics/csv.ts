/**
 * CSV as RFC 4180 writes it (CRLF between records, a field quoted when it holds a quote, comma, CR or LF,
 * quotes doubled), with spreadsheet formulas neutralised: a cell that starts with = + - @ (or a tab or CR,
 * which some spreadsheets skip before reading a formula) gets a leading apostrophe, so opening an export
 * never runs what a user typed.
 */

const formulaStart = /^[=+\-@\t\r]/;

/** One field, ready to join with commas. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line break. */
export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
