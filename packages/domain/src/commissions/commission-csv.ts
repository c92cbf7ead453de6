import { COMMISSION_STATUS_LABELS, isCommissionStatus } from './commission-rules.ts';

/**
 * One CSV cell, RFC 4180 quoted when needed and safe to open in a spreadsheet: a value starting
 * with = + - @ tab, CR or NUL is prefixed with ' so it is never read as a formula (T-40).
 */
export function commissionCsvCell(value: string): string {
  const safe = /^[=+\-@\t\r\0]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(values: readonly string[]): string {
  return values.map(commissionCsvCell).join(',');
}

export const COMMISSION_CSV_HEADER = ['Product', 'Amount', 'Currency', 'Status', 'Earned Date', 'Paid Date'] as const;

export type CommissionCsvRow = {
  product_name: string;
  amount_cents: number;
  currency: string;
  status: string;
  earned_at: string;
  paid_at: string | null;
};

/** "1234.50" from 123450 cents: a plain number a spreadsheet sums, two decimals. */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The Export Report file: a header and one line per commission, CRLF line ends (RFC 4180). */
export function commissionsCsv(rows: readonly CommissionCsvRow[]): string {
  const lines = [csvLine(COMMISSION_CSV_HEADER)];
  for (const row of rows) {
    lines.push(
      csvLine([
        row.product_name,
        centsToDecimalString(row.amount_cents),
        row.currency,
        isCommissionStatus(row.status) ? COMMISSION_STATUS_LABELS[row.status] : row.status,
        row.earned_at.slice(0, 10),
        row.paid_at ? row.paid_at.slice(0, 10) : 'Not paid',
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
