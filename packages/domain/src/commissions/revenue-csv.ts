import { readCsv } from '../csv/csv.ts';
import { parseDollars } from '../money.ts';
import { ProcessRevenueInputSchema, type ProcessRevenueRequest } from '../schemas/commission-cells.ts';

/**
 * The revenue lines file admins upload (issue 19 item 2): one revenue amount per line, processed
 * line by line with the same idempotency as a single run. Headers match case-insensitively.
 */
export const REVENUE_CSV_HEADERS = ['cell', 'amount', 'source', 'reference', 'description'] as const;
const REQUIRED_HEADERS = ['cell', 'amount', 'reference'] as const;
/** A batch is processed inside one request; larger files are split by the admin. */
export const REVENUE_CSV_LINES_MAX = 1_000;

export type RevenueCsvLine =
  | { row: number; ok: true; input: ProcessRevenueRequest }
  | { row: number; ok: false; reference: string | null; message: string };

export type RevenueCsvRead = { ok: true; lines: RevenueCsvLine[] } | { ok: false; message: string };

/** Each data line checked on its own: a bad line is reported and never stops the others. */
export function readRevenueCsv(text: string): RevenueCsvRead {
  const read = readCsv(text);
  if (!read.ok) return read;
  const headers = read.headers.map((header) => header.trim().toLowerCase());
  const missing = REQUIRED_HEADERS.filter((name) => !headers.includes(name));
  if (missing.length > 0) return { ok: false, message: `The file needs the columns ${REVENUE_CSV_HEADERS.join(', ')} (missing: ${missing.join(', ')}).` };
  if (read.records.length === 0) return { ok: false, message: 'The file has no revenue lines.' };
  if (read.records.length > REVENUE_CSV_LINES_MAX) return { ok: false, message: `A file can hold at most ${REVENUE_CSV_LINES_MAX.toLocaleString('en-US')} revenue lines.` };

  const seen = new Set<string>();
  const lines = read.records.map(({ row, cells }): RevenueCsvLine => {
    const cell = (name: string) => (cells[headers.indexOf(name)] ?? '').trim();
    const reference = cell('reference') || null;
    const amount = parseDollars(cell('amount'));
    if (!amount.ok) return { row, ok: false, reference, message: 'The amount must be dollars with at most 2 decimals, like 1250.00.' };
    const parsed = ProcessRevenueInputSchema.safeParse({
      cell_id: cell('cell'),
      amount_cents: amount.cents,
      source: cell('source') || undefined,
      description: cell('description'),
      source_reference_id: reference ?? undefined,
    });
    if (!parsed.success) return { row, ok: false, reference, message: parsed.error.issues[0]!.message };
    // Two lines of one file with one reference are one revenue: the second is refused, not merged.
    if (seen.has(parsed.data.source_reference_id!)) return { row, ok: false, reference, message: 'This reference appears on an earlier line of the file.' };
    seen.add(parsed.data.source_reference_id!);
    return { row, ok: true, input: parsed.data };
  });
  return { ok: true, lines };
}
