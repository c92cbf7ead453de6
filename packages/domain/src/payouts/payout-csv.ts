import { centsToDecimalString } from '../commissions/commission-csv.ts';
import { toCsv } from '../csv/csv.ts';
import type { PayoutDetails } from './payout-methods.ts';
import type { PayoutMethod } from './payout-settings.ts';

/** One item of an approved batch with its snapshot of the payee's full details (the export is the one place they appear). */
export type PayoutExportItem = { item_id: string; amount_cents: number; details: PayoutDetails };

/**
 * The manual provider's files (issue 30 item 4), one per method, each in the column layout of the
 * provider's bulk upload: PayPal Payouts' CSV (recipient, amount, currency, reference, note), an ACH
 * batch, a wire list and a crypto send list. The item id is the reference in every file, so a
 * provider's result file names the item back. Cells go through toCsv: formula-safe, CRLF.
 */
const HEADERS: Record<PayoutMethod, readonly string[]> = {
  paypal: ['Recipient', 'Amount', 'Currency', 'Reference', 'Note'],
  ach: ['Account Holder', 'Routing Number', 'Account Number', 'Account Type', 'Amount', 'Currency', 'Reference'],
  wire: ['Account Holder', 'IBAN', 'Account Number', 'SWIFT/BIC', 'Bank Name', 'Bank Country', 'Amount', 'Currency', 'Reference'],
  crypto: ['Network', 'Address', 'Amount USD', 'Reference'],
};

function row(item: PayoutExportItem): string[] {
  const amount = centsToDecimalString(item.amount_cents);
  const details = item.details;
  switch (details.method) {
    case 'paypal':
      return [details.email, amount, 'USD', item.item_id, 'MYEAI commission payout'];
    case 'ach':
      return [details.account_holder, details.routing_number, details.account_number, details.account_type, amount, 'USD', item.item_id];
    case 'wire':
      return [
        details.account_holder,
        'iban' in details && details.iban ? details.iban : '',
        'account_number' in details && details.account_number ? details.account_number : '',
        details.swift_bic ?? '',
        details.bank_name,
        details.country,
        amount,
        'USD',
        item.item_id,
      ];
    case 'crypto':
      return [details.network, details.address, amount, item.item_id];
  }
}

export function payoutExportCsv(method: PayoutMethod, items: readonly PayoutExportItem[]): string {
  return toCsv([HEADERS[method], ...items.filter((item) => item.details.method === method).map(row)]);
}

// The provider's result file (decision 063) is read beside the files it answers.
export * from './payout-results-csv.ts';

/** One ledger line of a payout on a statement (the API's statement line, decision 063). */
export type StatementCsvPayout = {
  id: string;
  created_at: string;
  method_summary: string;
  status: string;
  settled_at: string | null;
  reason: string | null;
  lines: readonly { commission_id: string; product_name: string; source: string; earned_at: string; amount_cents: number; cell_seat_position: number | null; cell_override_level: number | null }[];
};

export const PAYOUT_STATEMENT_STATUS_LABELS: Record<string, string> = { processing: 'On its way', paid: 'Paid', failed: 'Failed' };

/** What earned a line: a sale through a link, a cell run (with the seat or the override level), an adjustment. */
export function statementLineOrigin(line: { source: string; cell_seat_position: number | null; cell_override_level: number | null }): string {
  if (line.source === 'conversion') return 'Sale';
  if (line.source === 'cell') {
    if (line.cell_override_level !== null) return `Cell run, override level ${line.cell_override_level}`;
    if (line.cell_seat_position !== null) return `Cell run, seat ${line.cell_seat_position}`;
    return 'Cell run';
  }
  return 'Adjustment';
}

/**
 * A payee's statement for a period as CSV (issue 30 item 5, decision 063): one row per ledger line
 * paid (or being paid) by a payout of the period, the payout's date, method (masked), status and
 * paid date on each row, so the file sorts and sums in a spreadsheet; amounts in dollars.
 */
export function payoutStatementCsv(payouts: readonly StatementCsvPayout[]): string {
  const header = ['Payout date', 'Payout reference', 'Method', 'Status', 'Paid on', 'Failure reason', 'Product', 'Earned by', 'Earned on', 'Commission reference', 'Amount', 'Currency'];
  const rows = payouts.flatMap((payout) =>
    payout.lines.map((line) => [
      payout.created_at.slice(0, 10),
      payout.id,
      payout.method_summary,
      PAYOUT_STATEMENT_STATUS_LABELS[payout.status] ?? payout.status,
      payout.settled_at && payout.status === 'paid' ? payout.settled_at.slice(0, 10) : '',
      payout.status === 'failed' ? (payout.reason ?? '') : '',
      line.product_name,
      statementLineOrigin(line),
      line.earned_at.slice(0, 10),
      line.commission_id,
      centsToDecimalString(line.amount_cents),
      'USD',
    ]),
  );
  return toCsv([header, ...rows]);
}

export type StatementPeriod = { from: string; to: string };
export const STATEMENT_PERIOD_PRESETS = ['this_month', 'last_month', 'this_year', 'last_12_months'] as const;
export type StatementPeriodPreset = (typeof STATEMENT_PERIOD_PRESETS)[number];
export const STATEMENT_PERIOD_LABELS: Record<StatementPeriodPreset, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  this_year: 'This year',
  last_12_months: 'Last 12 months',
};

const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/** A statement's usual periods on `today` (UTC days, both ends included); the default is the last 12 months. */
export function statementPeriod(preset: StatementPeriodPreset, today: Date): StatementPeriod {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  const todayDay = today.toISOString().slice(0, 10);
  switch (preset) {
    case 'this_month':
      return { from: utcDay(year, month, 1), to: todayDay };
    case 'last_month':
      return { from: utcDay(year, month - 1, 1), to: utcDay(year, month, 0) };
    case 'this_year':
      return { from: utcDay(year, 0, 1), to: todayDay };
    case 'last_12_months':
      return { from: utcDay(year - 1, month, today.getUTCDate() + 1), to: todayDay };
  }
}
