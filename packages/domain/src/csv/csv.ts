/**
 * The one CSV module (issue 16 item 6, decision 034): every CSV the product writes (lead export,
 * import template, rejected rows, commission report) goes through csvCell/toCsv, and every CSV
 * it reads (the server's lead import and the browser's import preview) through readCsv, which is
 * csv-parse's browser build on both sides, so the preview shows what the import will read.
 */
import { parse } from 'csv-parse/browser/esm/sync';
import { isValidPhone } from '../leads/lead-rules.ts';

/** UTF-8 byte order mark, so Excel opens a download as UTF-8. */
export const UTF8_BOM = '\uFEFF';

// --- Writing -------------------------------------------------------------------------------

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\0']);

/** Shorter "+1" or "+12" read as sums, not as phone numbers: they keep the quote. */
const PHONE_CELL_MIN_DIGITS = 7;

/**
 * A valid international phone number (+44 20 7946 0958): digits, spaces and dashes after the plus
 * call no function and reach no other cell, so it is written as it is (decision 024), not as '+44.
 */
function isPhoneNumberCell(cell: string): boolean {
  return cell.startsWith('+') && isValidPhone(cell) && cell.replace(/\D/g, '').length >= PHONE_CELL_MIN_DIGITS;
}

/**
 * A plain negative amount ("-7.35", a reversal line of the commission report, decision 066): a
 * number literal calls no function and reaches no other cell, so it is written as it is and a
 * spreadsheet sums it, as it does a phone number's digits.
 */
function isNegativeNumberCell(cell: string): boolean {
  return /^-\d+(\.\d+)?$/.test(cell);
}

/** A cell a spreadsheet could run as a formula, or one our escaping would otherwise misread. */
function needsFormulaPrefix(cell: string): boolean {
  const first = cell[0];
  if (first === undefined) return false;
  if (FORMULA_TRIGGERS.has(first)) return !isPhoneNumberCell(cell) && !isNegativeNumberCell(cell);
  return first === "'" && isEscapable(cell.slice(1));
}

/** What a leading quote protects: a formula, or a phone number quoted by an export before decision 024. */
function isEscapable(cell: string): boolean {
  return needsFormulaPrefix(cell) || isPhoneNumberCell(cell);
}

/**
 * Formula-injection guard (ASVS 1.2.10, CWE-1236, reliability catalogue T-40): a cell starting
 * with = + - @ tab, CR or NUL is prefixed with a single quote, except a valid phone number. A cell
 * that already starts with a quote before such a character (or before a phone number) gets one
 * more, so unescapeCsvFormula always gives back the original.
 */
export function escapeCsvFormula(cell: string): string {
  return needsFormulaPrefix(cell) ? `'${cell}` : cell;
}

/** The inverse of escapeCsvFormula, applied to imported cells so an exported file imports as it was. */
export function unescapeCsvFormula(cell: string): string {
  return cell.startsWith("'") && isEscapable(cell.slice(1)) ? cell.slice(1) : cell;
}

/** RFC 4180 quoting of one formula-safe cell. */
export function csvCell(value: string): string {
  const safe = escapeCsvFormula(value);
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows to CSV text with CRLF line ends (RFC 4180); every cell formula-safe. */
export function toCsv(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

// --- Reading -------------------------------------------------------------------------------

export const CSV_READ_MESSAGES = {
  empty: 'The file is empty.',
  invalid: (detail: string) => `The file is not valid CSV: ${detail}.`,
} as const;

/** A data record and the file line it starts on (the header is line 1). */
export type CsvRecord = { row: number; cells: string[] };

export type CsvRead = { ok: true; headers: string[]; records: CsvRecord[] } | { ok: false; message: string };

type ParsedRecord = { record: string[]; info: { lines: number } };

/**
 * RFC 4180 text (BOM, CRLF or LF, quoted fields with commas, quotes and newlines) as a header
 * and data records. Blank lines and all-blank rows are dropped; data cells are unescaped
 * (unescapeCsvFormula) so a file we exported reads back as it was; header cells are kept as written.
 */
export function readCsv(text: string): CsvRead {
  let parsed: ParsedRecord[];
  try {
    // With info: true csv-parse yields { record, info } per record; its typings only describe plain records.
    parsed = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, info: true }) as unknown as ParsedRecord[];
  } catch (error) {
    return { ok: false, message: CSV_READ_MESSAGES.invalid(error instanceof Error ? error.message : 'it could not be read') };
  }
  // info.lines is the line a record ends on, except that csv-parse counts a CRLF inside a quoted
  // cell as two lines (and keeps that extra line for every later record): undo both.
  let extraLines = 0;
  const located = parsed.map(({ record, info }) => {
    const count = (pattern: RegExp) => record.reduce((n, cell) => n + (cell.match(pattern)?.length ?? 0), 0);
    extraLines += count(/\r\n/g);
    return { row: info.lines - extraLines - count(/\r\n|\r|\n/g), cells: record };
  });
  const [header, ...data] = located;
  if (!header) return { ok: false, message: CSV_READ_MESSAGES.empty };
  const records = data
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''))
    .map(({ row, cells }) => ({ row, cells: cells.map(unescapeCsvFormula) }));
  return { ok: true, headers: header.cells, records };
}

export type CsvPreview = { ok: true; headers: string[]; rows: string[][]; hasMore: boolean } | { ok: false; message: string };

/** The header and the first `maxRows` records as the import will read them (readCsv), for the preview. */
export function previewCsv(text: string, maxRows: number): CsvPreview {
  const read = readCsv(text);
  if (!read.ok) return read;
  return { ok: true, headers: read.headers, rows: read.records.slice(0, maxRows).map((record) => record.cells), hasMore: read.records.length > maxRows };
}
