import { readCsv } from '../csv/csv.ts';
import { parsePrice, PRICE_DECIMALS } from './track-record.ts';

/**
 * Reading a candle CSV (`asset,time,open,high,low,close`) for the market price import
 * (issue 32, decision 062). Pure: the server gives the catalogue's symbols and its clock, and
 * gets back the valid candles and one message per bad line, so the preview and the commit read
 * a file identically.
 */

export const PRICE_CSV_COLUMNS = ['asset', 'time', 'open', 'high', 'low', 'close'] as const;

export const PRICE_CSV_MESSAGES = {
  header: `The first line must be the header ${PRICE_CSV_COLUMNS.join(',')}.`,
  noRows: 'The file has no price rows.',
  columns: `A row needs ${PRICE_CSV_COLUMNS.length} cells: ${PRICE_CSV_COLUMNS.join(',')}.`,
  unknownAsset: (symbol: string) => `Unknown asset "${symbol}": use a symbol of the catalogue (for example EUR/USD).`,
  badTime: 'The time must be an ISO 8601 UTC time such as 2026-11-20T14:00:00Z.',
  futureTime: 'The time is in the future: prices are recorded after the fact.',
  badPrice: (column: string) => `The ${column} price must be a positive number with at most ${PRICE_DECIMALS} decimals.`,
  range: 'The candle is inconsistent: low must be at most open, close and high, and high at least open and close.',
  conflictingDuplicate: (line: number) => `Same asset and time as line ${line} with different prices.`,
  conflictsLater: 'Conflicts with a later line for the same asset and time.',
  sameAsLine: (line: number) => `Same candle as line ${line}; read once.`,
} as const;

/** An ISO 8601 time with an explicit UTC zone (Z or +00:00): a zoneless time would be read in some local zone. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|\+00:00)$/;

export type CsvCandle = { line: number; assetId: string; symbol: string; time: Date; open: number; high: number; low: number; close: number };
export type CsvRowProblem = { line: number; message: string };

export type PriceCsvRead =
  | { ok: true; candles: CsvCandle[]; errors: CsvRowProblem[]; duplicates: CsvRowProblem[]; rowsRead: number }
  | { ok: false; message: string };

function readRow(cells: string[], assetIdBySymbol: ReadonlyMap<string, string>, now: Date): Omit<CsvCandle, 'line'> | string {
  if (cells.length !== PRICE_CSV_COLUMNS.length) return PRICE_CSV_MESSAGES.columns;
  const [symbolCell, timeCell, ...priceCells] = cells.map((cell) => cell.trim()) as [string, string, string, string, string, string];
  const symbol = symbolCell.toUpperCase();
  const assetId = assetIdBySymbol.get(symbol);
  if (!assetId) return PRICE_CSV_MESSAGES.unknownAsset(symbolCell);
  const time = ISO_UTC.test(timeCell) ? new Date(timeCell) : null;
  if (!time || Number.isNaN(time.getTime())) return PRICE_CSV_MESSAGES.badTime;
  if (time.getTime() > now.getTime()) return PRICE_CSV_MESSAGES.futureTime;
  const prices: number[] = [];
  for (const [index, cell] of priceCells.entries()) {
    const units = parsePrice(cell);
    if (units === null) return PRICE_CSV_MESSAGES.badPrice(PRICE_CSV_COLUMNS[index + 2] as string);
    prices.push(units);
  }
  const [open, high, low, close] = prices as [number, number, number, number];
  if (low > Math.min(open, close) || high < Math.max(open, close)) return PRICE_CSV_MESSAGES.range;
  return { assetId, symbol, time, open, high, low, close };
}

/**
 * The file's candles and its problems by line. A line with the same asset and time as an earlier
 * one is read once when the prices agree, and both are errors when they do not (the file does
 * not say which is right). `assetIdBySymbol` is keyed by upper-case symbol.
 */
export function readPriceCsv(text: string, assetIdBySymbol: ReadonlyMap<string, string>, now: Date): PriceCsvRead {
  const read = readCsv(text);
  if (!read.ok) return read;
  const header = read.headers.map((cell) => cell.trim().toLowerCase());
  if (header.length !== PRICE_CSV_COLUMNS.length || header.some((cell, index) => cell !== PRICE_CSV_COLUMNS[index])) {
    return { ok: false, message: PRICE_CSV_MESSAGES.header };
  }
  if (read.records.length === 0) return { ok: false, message: PRICE_CSV_MESSAGES.noRows };
  const errors: CsvRowProblem[] = [];
  const duplicates: CsvRowProblem[] = [];
  const byKey = new Map<string, CsvCandle>();
  const conflicted = new Set<string>();
  for (const { row, cells } of read.records) {
    const candle = readRow(cells, assetIdBySymbol, now);
    if (typeof candle === 'string') {
      errors.push({ line: row, message: candle });
      continue;
    }
    const key = `${candle.assetId}|${candle.time.toISOString()}`;
    const earlier = byKey.get(key);
    if (!earlier) {
      byKey.set(key, { ...candle, line: row });
    } else if (earlier.open === candle.open && earlier.high === candle.high && earlier.low === candle.low && earlier.close === candle.close) {
      duplicates.push({ line: row, message: PRICE_CSV_MESSAGES.sameAsLine(earlier.line) });
    } else {
      errors.push({ line: row, message: PRICE_CSV_MESSAGES.conflictingDuplicate(earlier.line) });
      if (!conflicted.has(key)) errors.push({ line: earlier.line, message: PRICE_CSV_MESSAGES.conflictsLater });
      conflicted.add(key);
    }
  }
  const candles = [...byKey.entries()].filter(([key]) => !conflicted.has(key)).map(([, candle]) => candle);
  errors.sort((a, b) => a.line - b.line);
  return { ok: true, candles, errors, duplicates, rowsRead: read.records.length };
}
