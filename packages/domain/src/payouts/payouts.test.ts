import { describe, expect, it } from 'vitest';
import { toCsv } from '../csv/csv.ts';
import { allocateLines, balanceBucket, splitBalance, type AllocatableLine } from './payout-balance.ts';
import { payoutExportCsv } from './payout-csv.ts';
import { isValidBitcoinAddress, isValidEthereumAddress, isValidRoutingNumber, maskPayoutDetails, PayoutDetailsSchema } from './payout-methods.ts';
import { detailsHoldUntil, holdingCutoff, nextPayoutAt, PAYOUT_SETTINGS_DEFAULTS } from './payout-settings.ts';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-03-04T12:00:00.000Z'); // a Wednesday

describe('payout settings', () => {
  it('defaults to the spec figures: $50 minimum, 14 days holding, 48 hours details hold, wire above $1,000', () => {
    expect(PAYOUT_SETTINGS_DEFAULTS).toMatchObject({ minimum_cents: 5000, holding_days: 14, details_hold_hours: 48, wire_threshold_cents: 100000, schedule_weekday: 5 });
  });

  it('the next payout is the coming weekday at the set minute, or next week once the minute passed', () => {
    expect(nextPayoutAt(NOW, { schedule_weekday: 5, schedule_minute_utc: 540 }).toISOString()).toBe('2026-03-06T09:00:00.000Z');
    expect(nextPayoutAt(NOW, { schedule_weekday: 3, schedule_minute_utc: 720 }).toISOString()).toBe('2026-03-04T12:00:00.000Z');
    expect(nextPayoutAt(NOW, { schedule_weekday: 3, schedule_minute_utc: 719 }).toISOString()).toBe('2026-03-11T11:59:00.000Z');
  });

  it('holding and details hold of 0 start at once', () => {
    expect(holdingCutoff(NOW, 0)).toEqual(NOW);
    expect(detailsHoldUntil(NOW, 0)).toEqual(NOW);
    expect(detailsHoldUntil(NOW, 48).getTime() - NOW.getTime()).toBe(2 * DAY_MS);
  });
});

describe('payout details validation', () => {
  const fieldOf = (input: unknown) => {
    const parsed = PayoutDetailsSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues.map((issue) => issue.path.join('.'));
  };

  it('checks the ABA routing number checksum', () => {
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('02100002')).toBe(false);
    expect(isValidRoutingNumber('000000000')).toBe(false);
  });

  it('accepts ACH details and names the routing number when its check digit is wrong', () => {
    expect(fieldOf({ method: 'ach', account_holder: 'Ann Lee', routing_number: '021000021', account_number: '123456789' })).toBeNull();
    expect(fieldOf({ method: 'ach', account_holder: 'Ann Lee', routing_number: '021000022', account_number: '123456789' })).toContain('routing_number');
    expect(fieldOf({ method: 'ach', account_holder: 'Ann Lee', routing_number: '021000021', account_number: '12' })).toContain('account_number');
  });

  it('checks the IBAN check digits, or wants an account number with a SWIFT/BIC', () => {
    expect(fieldOf({ method: 'wire', account_holder: 'Ann', iban: 'de89 3704 0044 0532 0130 00', bank_name: 'Bank', country: 'de' })).toBeNull();
    expect(fieldOf({ method: 'wire', account_holder: 'Ann', iban: 'DE89370400440532013001', bank_name: 'Bank', country: 'DE' })).toEqual(['iban']);
    expect(fieldOf({ method: 'wire', account_holder: 'Ann', account_number: '12345678', swift_bic: 'DEUTDEFF', bank_name: 'Bank', country: 'DE' })).toBeNull();
    expect(fieldOf({ method: 'wire', account_holder: 'Ann', account_number: '12345678', bank_name: 'Bank', country: 'DE' })).toEqual(['swift_bic']);
    expect(fieldOf({ method: 'wire', account_holder: 'Ann', account_number: '12345678', swift_bic: 'NOTABIC', bank_name: 'Bank', country: 'DE' })).toContain('swift_bic');
    expect(fieldOf({ method: 'wire', account_holder: 'Ann', bank_name: 'Bank', country: 'DE' })).toEqual(['iban']);
    const parsed = PayoutDetailsSchema.parse({ method: 'wire', account_holder: 'Ann', iban: 'de89 3704 0044 0532 0130 00', bank_name: 'Bank', country: 'de' });
    expect(parsed).toMatchObject({ iban: 'DE89370400440532013000', country: 'DE' });
  });

  it('checks crypto addresses per network', () => {
    expect(isValidBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isValidBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isValidBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true);
    expect(isValidBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(isValidBitcoinAddress('0xde709f2102306220921060314715629080e2fb77')).toBe(false);
    expect(isValidEthereumAddress('0xde709f2102306220921060314715629080e2fb77')).toBe(true);
    expect(isValidEthereumAddress('0xde709f2102306220921060314715629080e2fb7')).toBe(false);
    expect(fieldOf({ method: 'crypto', network: 'USDT_ERC20', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' })).toEqual(['address']);
    expect(fieldOf({ method: 'crypto', network: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' })).toBeNull();
  });

  it('checks the PayPal e-mail and refuses an unknown method', () => {
    expect(fieldOf({ method: 'paypal', email: 'Ann@Example.com' })).toBeNull();
    expect(fieldOf({ method: 'paypal', email: 'not-an-email' })).toEqual(['email']);
    expect(fieldOf({ method: 'cheque' })).not.toBeNull();
  });

  it('masks to the last 4 everywhere', () => {
    expect(maskPayoutDetails(PayoutDetailsSchema.parse({ method: 'paypal', email: 'ann@example.com' }))).toBe('PayPal a•••@example.com');
    expect(maskPayoutDetails(PayoutDetailsSchema.parse({ method: 'ach', account_holder: 'A', routing_number: '021000021', account_number: '123456789' }))).toBe('ACH checking ••••6789');
    expect(maskPayoutDetails(PayoutDetailsSchema.parse({ method: 'wire', account_holder: 'A', iban: 'DE89370400440532013000', bank_name: 'B', country: 'DE' }))).toBe('Wire IBAN ••••3000');
    expect(maskPayoutDetails(PayoutDetailsSchema.parse({ method: 'crypto', network: 'ETH', address: '0xde709f2102306220921060314715629080e2fb77' }))).toBe('Ethereum ••••fb77');
  });
});

describe('balance split', () => {
  const cutoff = holdingCutoff(NOW, 14);
  it('puts each line in exactly one bucket; the holding boundary is inclusive of exactly 14 days', () => {
    expect(balanceBucket({ status: 'pending', earned_at: cutoff, amount_cents: 1 }, cutoff)).toBe('available');
    expect(balanceBucket({ status: 'pending', earned_at: new Date(cutoff.getTime() + 1), amount_cents: 1 }, cutoff)).toBe('holding');
    expect(balanceBucket({ status: 'pending', earned_at: new Date(0), amount_cents: 1, flag_hold: true }, cutoff)).toBe('holding');
    expect(balanceBucket({ status: 'processing', earned_at: new Date(0), amount_cents: 1 }, cutoff)).toBe('in_payout');
    const lines = [
      { status: 'pending', earned_at: new Date(0), amount_cents: 100 },
      { status: 'pending', earned_at: NOW, amount_cents: 200 },
      { status: 'processing', earned_at: new Date(0), amount_cents: 400 },
      { status: 'paid', earned_at: new Date(0), amount_cents: 800 },
      { status: 'withheld', earned_at: new Date(0), amount_cents: 1600 },
    ];
    const split = splitBalance(lines, cutoff);
    expect(split).toEqual({ available_cents: 100, holding_cents: 200, in_payout_cents: 400, paid_cents: 800, withheld_cents: 1600 });
    expect(Object.values(split).reduce((a, b) => a + b, 0)).toBe(3100);
  });
});

describe('allocation of available lines to a payout item', () => {
  const line = (id: string, daysAgo: number, amount: number): AllocatableLine => ({ id, earned_at: new Date(NOW.getTime() - daysAgo * DAY_MS), amount_cents: amount });

  it('pays 5000 at a 5000 minimum and carries 4999', () => {
    expect(allocateLines([line('a', 20, 3000), line('b', 30, 2000)], { minimum_cents: 5000 })).toEqual({ ok: true, line_ids: ['b', 'a'], amount_cents: 5000, carried_cents: 0 });
    expect(allocateLines([line('a', 20, 2999), line('b', 30, 2000)], { minimum_cents: 5000 })).toEqual({ ok: false, reason: 'below_minimum', amount_cents: 4999 });
    expect(allocateLines([], { minimum_cents: 0 })).toMatchObject({ ok: false });
  });

  it('takes the oldest lines first, whole, up to a maximum, and stops at the first that does not fit', () => {
    const lines = [line('new', 1, 60_000), line('old', 40, 50_000), line('mid', 20, 45_000), line('tiny', 0.5, 100)];
    expect(allocateLines(lines, { minimum_cents: 5000, maximum_cents: 100_000 })).toEqual({ ok: true, line_ids: ['old', 'mid'], amount_cents: 95_000, carried_cents: 60_100 });
    expect(allocateLines(lines, { minimum_cents: 5000 })).toMatchObject({ line_ids: ['old', 'mid', 'new', 'tiny'], amount_cents: 155_100, carried_cents: 0 });
    // The oldest line alone is above the maximum: nothing is paid by that method, and the reason says wire details pay it (not "below the minimum").
    expect(allocateLines([line('big', 5, 150_000)], { minimum_cents: 5000, maximum_cents: 100_000 })).toEqual({ ok: false, reason: 'needs_wire', amount_cents: 150_000 });
    expect(allocateLines([line('big', 5, 150_000), line('later', 1, 2000)], { minimum_cents: 5000, maximum_cents: 100_000 })).toMatchObject({ ok: false, reason: 'needs_wire' });
    // Too little in all: below the minimum, whatever the maximum.
    expect(allocateLines([line('small', 5, 4000)], { minimum_cents: 5000, maximum_cents: 3000 })).toMatchObject({ ok: false, reason: 'below_minimum' });
  });

  it('orders lines earned at the same instant by id', () => {
    const same = [line('b', 20, 5000), line('a', 20, 5000)];
    expect(allocateLines(same, { minimum_cents: 5000, maximum_cents: 5000 })).toMatchObject({ line_ids: ['a'] });
  });
});

describe('payout export files', () => {
  it('writes the PayPal bulk layout with formula-safe cells and only that method', () => {
    const paypal = PayoutDetailsSchema.parse({ method: 'paypal', email: 'ann@example.com' });
    const ach = PayoutDetailsSchema.parse({ method: 'ach', account_holder: '=HYPERLINK("x")', routing_number: '021000021', account_number: '123456789' });
    const items = [
      { item_id: 'i1', amount_cents: 5000, details: paypal },
      { item_id: 'i2', amount_cents: 7001, details: ach },
    ];
    expect(payoutExportCsv('paypal', items)).toBe(toCsv([['Recipient', 'Amount', 'Currency', 'Reference', 'Note'], ['ann@example.com', '50.00', 'USD', 'i1', 'MYEAI commission payout']]));
    const achFile = payoutExportCsv('ach', items);
    expect(achFile).toContain('70.01');
    expect(achFile).not.toContain(',=HYPERLINK');
  });
});
