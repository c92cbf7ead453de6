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
