import { formatPhone } from '../i18n';

/**
 * CSV for report exports (RFC 4180): comma-separated, CRLF line ends, fields quoted when they hold
 * a comma, quote or line break, quotes doubled. Text cells that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR at the start: "CSV injection", e.g. a customer named "=HYPERLINK(…)")
 * get a leading apostrophe; numbers are written as they are, so "-12.50" stays a number. Phone
 * numbers go through phoneCell.
 */

export type CsvCell = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value(row: T): CsvCell;
}

/** The fields of a row that go into a cell as they are. */
type CellField<T> = { [K in keyof T]: T[K] extends CsvCell ? K : never }[keyof T] & string;

/**
 * Columns written as a record of each header, in order, and what stands under it: a field of the row
 * by name, or a function for what is worked out (amounts in dollars, joined lines).
 */
export function csvColumns<T>(columns: Record<string, CellField<T> | ((row: T) => CsvCell)>): CsvColumn<T>[] {
  return Object.entries(columns).map(([header, cell]) => ({ header, value: typeof cell === 'function' ? cell : (row) => row[cell] as CsvCell }));
}

/**
 * A phone number's cell: a US number as staff read it, "(512) 555-0100", whatever shape it was stored
 * in. Written as E.164, "+15125550100" starts like a formula, and the guard's apostrophe shows in Excel
 * and Google Sheets in every phone cell. Any other number is written as stored (and guarded if it
 * starts like a formula: "+442079460958").
 */
export const phoneCell = (phone: string | null | undefined): CsvCell => (phone ? formatPhone(phone) : phone);

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  let text = typeof cell === 'number' ? (Number.isFinite(cell) ? String(cell) : '') : cell;
  if (typeof cell === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: CsvCell[]): string {
  return cells.map(csvField).join(',');
}

/**
 * The whole file: a header row, then one row per item, each line ending in CRLF. Starts with a
 * UTF-8 byte order mark so Excel reads names like "Peña" correctly (other tools ignore it).
 */
export function toCsv<T>(columns: CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [csvRow(columns.map((c) => c.header)), ...rows.map((row) => csvRow(columns.map((c) => c.value(row))))];
  return `\uFEFF${lines.map((line) => `${line}\r\n`).join('')}`;
}

/** A safe download name: letters, digits and dashes only. */
export function csvFileName(...parts: string[]): string {
  return `${parts.map((p) => p.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')).filter(Boolean).join('_')}.csv`;
}

/** A CSV download: its file name and contents. */
export interface CsvFile {
  fileName: string;
  body: string;
}

/** The HTTP answer for a CSV download. */
export function csvResponse({ fileName, body }: CsvFile): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
    },
  });
}
