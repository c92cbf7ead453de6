import { toCsv } from '../csv/csv.ts';
import { COMMISSION_STATUS_LABELS, isCommissionStatus } from './commission-rules.ts';

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

/** The Export Report file: a header and one line per commission, formula-safe cells, CRLF line ends (toCsv). */
export function commissionsCsv(rows: readonly CommissionCsvRow[]): string {
  return toCsv([
    COMMISSION_CSV_HEADER,
    ...rows.map((row) => [
      row.product_name,
      centsToDecimalString(row.amount_cents),
      row.currency,
      isCommissionStatus(row.status) ? COMMISSION_STATUS_LABELS[row.status] : row.status,
      row.earned_at.slice(0, 10),
      row.paid_at ? row.paid_at.slice(0, 10) : 'Not paid',
    ]),
  ]);
}
