import { readCsv } from '../csv/csv.ts';
import { parseDollars, type Cents } from '../money.ts';

/**
 * The provider's result file for a batch paid with the manual provider (issue 30 item 4, decision
 * 063): one row per payout, naming it by the reference our export wrote (the payout item's id)
 * and saying how it ended. Headers match case-insensitively; a few names providers use are
 * accepted beside ours. An optional amount column is checked against the payout, so a file of
 * another batch or an edited amount is caught. Each row is checked on its own: a bad row is
 * reported and never stops the others.
 */
export const PAYOUT_RESULT_CSV_HEADERS = ['reference', 'status', 'reason', 'amount'] as const;

const HEADER_ALIASES: Record<(typeof PAYOUT_RESULT_CSV_HEADERS)[number], readonly string[]> = {
  reference: ['reference', 'custom id', 'sender item id', 'item id', 'payout item id'],
  status: ['status', 'transaction status', 'result'],
  reason: ['reason', 'failure reason', 'error', 'errors'],
  amount: ['amount', 'amount usd'],
};

/** The words a provider writes for a payout that arrived, and for one that did not (the money comes back). */
const PAID_WORDS = new Set(['paid', 'completed', 'complete', 'success', 'successful', 'succeeded']);
const FAILED_WORDS = new Set(['failed', 'failure', 'returned', 'denied', 'rejected', 'blocked', 'reversed', 'refunded', 'cancelled', 'canceled']);

/** A file is settled inside one request; larger batches are split by method (one file each). */
export const PAYOUT_RESULT_CSV_ROWS_MAX = 10_000;

export type PayoutResultCsvRow =
  | { row: number; ok: true; reference: string; status: 'paid' | 'failed'; reason: string | null; amount_cents: Cents | null }
  | { row: number; ok: false; reference: string | null; message: string };

export type PayoutResultCsvRead = { ok: true; rows: PayoutResultCsvRow[] } | { ok: false; message: string };

export const PAYOUT_RESULT_MESSAGES = {
  missingColumns: 'The file needs a reference column (the Reference of the payout file) and a status column (paid or failed).',
  noRows: 'The file has no result rows.',
  tooMany: `A file can hold at most ${PAYOUT_RESULT_CSV_ROWS_MAX.toLocaleString('en-US')} rows.`,
  noReference: 'The row has no reference.',
  badStatus: (status: string) =>
    status === '' ? 'The row has no status: write paid or failed.' : `"${status}" is not a final result: write paid (or completed, success) or failed (or returned, denied, rejected).`,
  badAmount: 'The amount must be dollars with at most 2 decimals, like 1250.00.',
  duplicate: 'This reference appears on an earlier row of the file.',
} as const;

function columnIndex(headers: readonly string[], name: keyof typeof HEADER_ALIASES): number {
  return headers.findIndex((header) => HEADER_ALIASES[name].includes(header));
}

export function readPayoutResultCsv(text: string): PayoutResultCsvRead {
  const read = readCsv(text);
  if (!read.ok) return read;
  const headers = read.headers.map((header) => header.trim().toLowerCase());
  const at = { reference: columnIndex(headers, 'reference'), status: columnIndex(headers, 'status'), reason: columnIndex(headers, 'reason'), amount: columnIndex(headers, 'amount') };
  if (at.reference < 0 || at.status < 0) return { ok: false, message: PAYOUT_RESULT_MESSAGES.missingColumns };
  if (read.records.length === 0) return { ok: false, message: PAYOUT_RESULT_MESSAGES.noRows };
  if (read.records.length > PAYOUT_RESULT_CSV_ROWS_MAX) return { ok: false, message: PAYOUT_RESULT_MESSAGES.tooMany };

  const seen = new Set<string>();
  const rows = read.records.map(({ row, cells }): PayoutResultCsvRow => {
    const cell = (index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
    const reference = cell(at.reference);
    if (reference === '') return { row, ok: false, reference: null, message: PAYOUT_RESULT_MESSAGES.noReference };
    const word = cell(at.status).toLowerCase();
    const status = PAID_WORDS.has(word) ? 'paid' : FAILED_WORDS.has(word) ? 'failed' : null;
    if (!status) return { row, ok: false, reference, message: PAYOUT_RESULT_MESSAGES.badStatus(cell(at.status)) };
    let amount: Cents | null = null;
    if (cell(at.amount) !== '') {
      const parsed = parseDollars(cell(at.amount));
      if (!parsed.ok) return { row, ok: false, reference, message: PAYOUT_RESULT_MESSAGES.badAmount };
      amount = parsed.cents;
    }
    const key = reference.toLowerCase();
    if (seen.has(key)) return { row, ok: false, reference, message: PAYOUT_RESULT_MESSAGES.duplicate };
    seen.add(key);
    // A failure needs a reason (the payee is told it); a provider that gives none still said how it ended.
    const given = cell(at.reason);
    const reason = status === 'paid' ? null : given !== '' ? given.slice(0, 500) : `${word.charAt(0).toUpperCase()}${word.slice(1)} at the provider (result file)`;
    return { row, ok: true, reference, status, reason, amount_cents: amount };
  });
  return { ok: true, rows };
}
