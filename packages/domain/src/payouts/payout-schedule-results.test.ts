import { describe, expect, it } from 'vitest';
import { readCsv } from '../csv/csv.ts';
import { payoutStatementCsv, readPayoutResultCsv, statementPeriod } from './payout-csv.ts';
import { isPayoutSlot, payoutSlotAfter, payoutWeekOf } from './payout-settings.ts';

const FRIDAY_9 = { schedule_weekday: 5, schedule_minute_utc: 540 };

/** Decision 063: the payout week, the schedule's batch times, the provider's result file and the statement CSV. */
describe('the weekly schedule', () => {
  it('names a payout week by its Monday (UTC), Sunday night included', () => {
    expect(payoutWeekOf(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23'); // Monday
    expect(payoutWeekOf(new Date('2026-11-27T09:00:00.000Z'))).toBe('2026-11-23'); // Friday
    expect(payoutWeekOf(new Date('2026-11-29T23:59:59.999Z'))).toBe('2026-11-23'); // Sunday
    expect(payoutWeekOf(new Date('2026-11-30T00:00:00.000Z'))).toBe('2026-11-30');
    expect(payoutWeekOf(new Date('2027-01-01T09:00:00.000Z'))).toBe('2026-12-28'); // across the year
  });

  it('knows its batch times exactly', () => {
    expect(isPayoutSlot(new Date('2026-11-27T09:00:00.000Z'), FRIDAY_9)).toBe(true);
    expect(isPayoutSlot(new Date('2026-11-27T09:00:01.000Z'), FRIDAY_9)).toBe(false);
    expect(isPayoutSlot(new Date('2026-11-27T09:01:00.000Z'), FRIDAY_9)).toBe(false);
    expect(isPayoutSlot(new Date('2026-11-26T09:00:00.000Z'), FRIDAY_9)).toBe(false);
  });

  it('queues the batch time after the one that ran, or after now when it ran late', () => {
    const slot = new Date('2026-11-27T09:00:00.000Z');
    expect(payoutSlotAfter(slot, slot, FRIDAY_9).toISOString()).toBe('2026-12-04T09:00:00.000Z');
    expect(payoutSlotAfter(slot, new Date('2026-12-09T10:00:00.000Z'), FRIDAY_9).toISOString()).toBe('2026-12-11T09:00:00.000Z');
  });
});

describe("the provider's result file", () => {
  it('reads our reference, the status words providers write, an optional reason and amount', () => {
    const read = readPayoutResultCsv(
      ['Recipient,Amount,Currency,Reference,Note,Status,Reason', 'a@x.test,50.00,USD,ref-1,n,Completed,', 'b@x.test,60.00,USD,ref-2,n,RETURNED,', 'c@x.test,70.00,USD,ref-3,n,failed,Account closed'].join('\r\n'),
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        { row: 2, ok: true, reference: 'ref-1', status: 'paid', reason: null, amount_cents: 5000 },
        { row: 3, ok: true, reference: 'ref-2', status: 'failed', reason: 'Returned at the provider (result file)', amount_cents: 6000 },
        { row: 4, ok: true, reference: 'ref-3', status: 'failed', reason: 'Account closed', amount_cents: 7000 },
      ],
    });
  });

  it('reports each bad row on its own', () => {
    const read = readPayoutResultCsv(['reference,status,amount', ',paid,', 'r1,pending,', 'r2,paid,1.234', 'r3,paid,', 'R3,failed,'].join('\n'));
    if (!read.ok) throw new Error(read.message);
    expect(read.rows.map((row) => (row.ok ? 'ok' : row.message))).toEqual([
      'The row has no reference.',
      '"pending" is not a final result: write paid (or completed, success) or failed (or returned, denied, rejected).',
      'The amount must be dollars with at most 2 decimals, like 1250.00.',
      'ok',
      'This reference appears on an earlier row of the file.',
    ]);
  });

  it('refuses a file without its columns or rows', () => {
    expect(readPayoutResultCsv('reference,amount\nr1,1.00\n')).toMatchObject({ ok: false, message: expect.stringContaining('status column') });
    expect(readPayoutResultCsv('reference,status\n')).toEqual({ ok: false, message: 'The file has no result rows.' });
  });
});

describe('the statement CSV', () => {
  it('has one formula-safe row per line paid, with the payout on each row', () => {
    const csv = payoutStatementCsv([
      {
        id: 'item-1',
        created_at: '2026-11-20T09:00:00.000Z',
        method_summary: 'PayPal a•••@example.com',
        status: 'paid',
        settled_at: '2026-11-22T10:00:00.000Z',
        reason: null,
        lines: [
          { commission_id: 'c1', product_name: '=HYPERLINK("x")', source: 'conversion', earned_at: '2026-11-01T00:00:00.000Z', amount_cents: 4000, cell_seat_position: null, cell_override_level: null },
          { commission_id: 'c2', product_name: 'Cell', source: 'cell', earned_at: '2026-11-02T00:00:00.000Z', amount_cents: 1050, cell_seat_position: 3, cell_override_level: null },
        ],
      },
    ]);
    const read = readCsv(csv);
    if (!read.ok) throw new Error(read.message);
    expect(read.headers).toEqual(['Payout date', 'Payout reference', 'Method', 'Status', 'Paid on', 'Failure reason', 'Product', 'Earned by', 'Earned on', 'Commission reference', 'Amount', 'Currency']);
    expect(read.records.map((record) => record.cells)).toEqual([
      ['2026-11-20', 'item-1', 'PayPal a•••@example.com', 'Paid', '2026-11-22', '', '=HYPERLINK("x")', 'Sale', '2026-11-01', 'c1', '40.00', 'USD'],
      ['2026-11-20', 'item-1', 'PayPal a•••@example.com', 'Paid', '2026-11-22', '', 'Cell', 'Cell run, seat 3', '2026-11-02', 'c2', '10.50', 'USD'],
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('statement periods', () => {
  it('are whole UTC days, both ends included', () => {
    const today = new Date('2026-03-31T18:00:00.000Z');
    expect(statementPeriod('this_month', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(statementPeriod('last_month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(statementPeriod('this_year', today)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(statementPeriod('last_12_months', today)).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(statementPeriod('last_month', new Date('2026-01-15T00:00:00.000Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
