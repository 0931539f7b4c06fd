import Papa from 'papaparse';
import { isStorableText } from '../http';

/**
 * Reading a CSV file staff upload (catalog, customers): the checks every import shares, before any
 * column means anything. Pure: bytes in, rows of cells or one file-level problem out.
 *
 * - UTF-8 only (a byte order mark is fine: Excel writes one). Anything else is refused rather than
 *   guessed, so "Peña" never becomes "PeÃ±a" in the catalog.
 * - Comma-separated, RFC 4180 quoting (papaparse), a header row naming the columns (any order, any case);
 *   or semicolon-separated with decimal commas, as Excel saves in much of Europe; tab-separated is refused.
 * - A cell a spreadsheet would run as a formula is refused (see formulaProblem).
 */

export const CSV_MAX_BYTES = 2 * 1024 * 1024;
export const CSV_MAX_ROWS = 2000;
export const CSV_MAX_CELL = 10_000;

export interface CsvTable {
  /** Column names as the header gives them, lower-cased and trimmed. */
  header: string[];
  /**
   * Each data row: its row number as a spreadsheet shows the file (the header is row 1; blank rows
   * count, though they are skipped; a quoted cell holding line breaks is one row, as Excel and Google
   * Sheets show it) and its cells by column.
   */
  rows: { line: number; cells: Record<string, string>; problems: Record<string, string> }[];
  /** Separated by semicolons, so amounts are written "1.200,50" (parseDollars, parseDecimal). */
  decimalComma: boolean;
}

export type CsvReadResult = { ok: true; table: CsvTable } | { ok: false; message: string };

const fail = (message: string): CsvReadResult => ({ ok: false, message });

/** Strict UTF-8, or null: a file saved as Windows-1252 or UTF-16 is refused, never guessed. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    // ignoreBOM: false (the default) drops a leading BOM.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Text cells a spreadsheet would treat as a formula start with =, +, -, @ (or a tab or carriage return
 * before one): "CSV injection", e.g. `=HYPERLINK(…)` or a DDE command. Refused on import. A cell made
 * only of digits, spaces and . , ( ) + - is arithmetic at worst (a negative number, a phone number
 * like "+1 (614) 555-0100") and is let through; columns check their own shape afterwards.
 */
export function formulaProblem(cell: string): string | null {
  if (!/^[=+\-@\t\r]/.test(cell)) return null;
  if (/^[+-][\d\s.,()+-]*$/.test(cell) && /\d/.test(cell)) return null;
  return 'This starts like a spreadsheet formula (=, +, -, @), which is refused. Start the text with a letter, or with an apostrophe (\') to keep it as it is.';
}

/**
 * Our own exports put an apostrophe before text that starts like a formula (reports/csv.ts), which
 * spreadsheets show without it: read back, the apostrophe goes, so export → import is a round trip.
 */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** Parses the file: header, rows, cells; every problem that makes the whole file unusable is the one message. */
export function readCsv(bytes: Uint8Array, columns: { known: readonly string[]; required: readonly string[] }): CsvReadResult {
  if (bytes.byteLength === 0) return fail('The file is empty.');
  if (bytes.byteLength > CSV_MAX_BYTES) return fail(`The file is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`);
  // NFC: a name typed on a Mac, or copied from a file name, may come decomposed ("n" + combining tilde),
  // which looks the same as "ñ" but matches nothing staff type: no search, no duplicate check.
  const text = decodeUtf8(bytes)?.normalize('NFC') ?? null;
  if (text === null) return fail('The file is not UTF-8 text. In your spreadsheet choose “Save as… CSV UTF-8” and upload that file.');
  if (!isStorableText(text)) return fail('The file contains a NUL or a broken character. Is it really a CSV file?');

  // Excel in a language that writes decimal commas (Spain's Spanish, most of Europe) saves "CSV" with
  // semicolons, whatever the menu says: read as such, its amounts with decimal commas (decimalComma).
  // Tab-separated text is refused, saying so: its decimal mark cannot be told from the file.
  const headerLine = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const decimalComma = !headerLine.includes(',') && headerLine.includes(';');
  if (!headerLine.includes(',') && headerLine.includes('\t')) return fail('The columns are separated by tabs, not commas. In your spreadsheet choose “Save as… CSV UTF-8” and upload that file.');

  // Blank rows are skipped here rather than by papaparse, which would lose their place: every message
  // names the row the owner sees in their spreadsheet (record index + 1).
  const parsed = Papa.parse<string[]>(text, { delimiter: decimalComma ? ';' : ',' });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) return fail(`The file is not valid CSV: a quoted cell is not closed (row ${(broken.row ?? 0) + 1}). Check the quotes in that row.`);
  const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');
  const [headerEntry, ...dataRows] = parsed.data.map((cells, index) => ({ line: index + 1, cells })).filter((row) => !isBlank(row.cells));
  if (!headerEntry) return fail('The file has no header row. The first row must name the columns.');
  const headerCells = headerEntry.cells;

  const allColumns = headerCells.map((c) => c.trim().toLowerCase());
  // Excel saves every column it ever used, so a column emptied (or only formatted) comes back with no
  // name and no values: nothing to read, and no reason to refuse the file. A nameless column with
  // values is refused: what it holds cannot be told.
  const nameless = allColumns.flatMap((c, i) => (c === '' ? [i] : []));
  const namelessWithValues = nameless.find((i) => dataRows.some((row) => (row.cells[i] ?? '').trim() !== ''));
  if (namelessWithValues !== undefined) return fail(`Column ${namelessWithValues + 1} has values but no name in the header row. Name it, or delete the column.`);
  const header = allColumns.filter((c) => c !== '');
  const unknown = header.filter((c) => !columns.known.includes(c));
  if (unknown.length) return fail(`Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.map((c) => `“${c}”`).join(', ')}. The columns are: ${columns.known.join(', ')}.`);
  const twice = header.find((c, i) => header.indexOf(c) !== i);
  if (twice) return fail(`The column “${twice}” appears twice.`);
  const missing = columns.required.filter((c) => !header.includes(c));
  if (missing.length) return fail(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
  if (dataRows.length === 0) return fail('The file has a header but no rows.');
  if (dataRows.length > CSV_MAX_ROWS) return fail(`The file has ${dataRows.length} rows; at most ${CSV_MAX_ROWS} are imported at once. Split it into smaller files.`);

  const rows: CsvTable['rows'] = [];
  for (const { line, cells } of dataRows) {
    if (cells.length > allColumns.length && cells.slice(allColumns.length).some((c) => c.trim() !== '')) {
      return fail(`Row ${line} has ${cells.length} cells but the header names ${allColumns.length} columns. Check for a ${decimalComma ? 'semicolon' : 'comma'} outside quotes.`);
    }
    const record: Record<string, string> = {};
    const problems: Record<string, string> = {};
    allColumns.forEach((name, i) => {
      if (name === '') return;
      const raw = (cells[i] ?? '').trim();
      const neutralised = NEUTRALISED.test(raw);
      const problem = raw.length > CSV_MAX_CELL ? `At most ${CSV_MAX_CELL.toLocaleString('en-US')} characters in a cell.` : neutralised ? null : formulaProblem(raw);
      if (problem) problems[name] = problem;
      record[name] = neutralised ? raw.slice(1) : raw;
    });
    rows.push({ line, cells: record, problems });
  }
  return { ok: true, table: { header, rows, decimalComma } };
}

/** yes/no columns: yes, no, true, false, y, n, 1, 0 (any case); empty takes the default. */
export function parseYesNo(cell: string, fallback: boolean): boolean | 'invalid' {
  const v = cell.trim().toLowerCase();
  if (v === '') return fallback;
  if (['yes', 'y', 'true', '1'].includes(v)) return true;
  if (['no', 'n', 'false', '0'].includes(v)) return false;
  return 'invalid';
}

/**
 * "$1,250.50", "1250.5", "99" → cents; null for empty; 'invalid' otherwise. Excel's Accounting format
 * saves a space after the sign ("$ 1,250.50"), which is the same amount. With `decimalComma` (a
 * semicolon-separated file) the marks swap: "1.250,50", "1250,5"; a lone "1.25" is refused there, never
 * guessed.
 */
export function parseDollars(cell: string, decimalComma = false): number | null | 'invalid' {
  if (cell.trim() === '') return null;
  const v = pointForm(cell.trim().replace(/^\$\s*/, ''), decimalComma);
  if (v === null || !/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(v)) return 'invalid';
  const [whole, fraction = ''] = v.replace(/,/g, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A decimal number ("12", "12.5"; "12,5" with `decimalComma`) or null for empty. */
export function parseDecimal(cell: string, decimalComma = false): number | null | 'invalid' {
  const v = pointForm(cell.trim(), decimalComma);
  if (v === '') return null;
  return v !== null && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : 'invalid';
}

/** A number written with a decimal comma ("1.250,5") in the decimal-point form ("1,250.5"); null when it is not one. */
function pointForm(text: string, decimalComma: boolean): string | null {
  if (!decimalComma) return text;
  if (!/^-?(\d{1,3}(\.\d{3})+|\d*)(,\d+)?$/.test(text)) return null;
  return text.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.'));
}

/** A whole number ("12", "-3") or null for empty. */
export function parseWhole(cell: string): number | null | 'invalid' {
  const v = cell.trim();
  if (v === '') return null;
  return /^-?\d{1,9}$/.test(v) ? Number(v) : 'invalid';
}

/** Lists inside a cell ("grass|concrete") are separated by a vertical bar. */
export const splitList = (cell: string): string[] =>
  cell
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
