import { describe, expect, test } from 'vitest';
import { processRevenueMessage, ProcessRevenueFormSchema, REVENUE_AMOUNT_MESSAGES } from './commission-cells.ts';

const CELL = '7b0c1a52-3f0e-4c55-9d6b-2f4f9a1f0c11';
const form = (amount: string) => ProcessRevenueFormSchema.safeParse({ cell_id: CELL, amount, source: 'trading_fees', description: '', source_reference_id: 'fees-1' });

describe('the Process revenue form: typed in dollars, sent in cents once', () => {
  test.each([
    { amount: '1000.00', cents: 100_000 },
    { amount: '1000', cents: 100_000 },
    { amount: '$1,000.07', cents: 100_007 },
    { amount: '0.01', cents: 1 },
    { amount: '10000000', cents: 1_000_000_000 },
  ])('$amount -> amount_cents $cents', ({ amount, cents }) => {
    const parsed = form(amount);
    expect(parsed.success && parsed.data).toEqual({ cell_id: CELL, amount_cents: cents, source: 'trading_fees', description: '', source_reference_id: 'fees-1', dry_run: false, book_unallocated: false });
  });

  // The bug of issue 26: after one run the emptied field said "Enter the revenue in cents.", and an
  // admin could then type 100000 for $1,000.00 and pay 100 times over.
  test.each([
    { amount: '', message: REVENUE_AMOUNT_MESSAGES.required },
    { amount: 'ten', message: REVENUE_AMOUNT_MESSAGES.invalid },
    { amount: '12.345', message: REVENUE_AMOUNT_MESSAGES.invalid },
    { amount: '0', message: REVENUE_AMOUNT_MESSAGES.min },
    { amount: '-5', message: REVENUE_AMOUNT_MESSAGES.min },
    { amount: '10000000.01', message: REVENUE_AMOUNT_MESSAGES.max },
  ])('$amount is refused in dollars: $message', ({ amount, message }) => {
    const parsed = form(amount);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((entry) => entry.path[0] === 'amount');
    expect(issue?.message).toBe(message);
    expect(issue?.message).not.toMatch(/cents/i);
  });

  test('every amount message speaks dollars', () => {
    expect(REVENUE_AMOUNT_MESSAGES).toEqual({
      required: 'Enter the revenue in dollars, e.g. 1000.00.',
      invalid: 'Enter the revenue in dollars with at most two decimals, e.g. 1000.00.',
      min: 'The revenue must be at least $0.01.',
      max: 'The revenue can be at most $10,000,000.00 per run.',
    });
  });
});

describe('processRevenueMessage: counted words agree with their number', () => {
  test.each([
    { status: 'processed' as const, count: 1, message: 'Revenue processed successfully! 1 payout generated.' },
    { status: 'processed' as const, count: 15, message: 'Revenue processed successfully! 15 payouts generated.' },
    { status: 'processed' as const, count: 0, message: 'Revenue processed successfully! 0 payouts generated.' },
    { status: 'dry_run' as const, count: 1, message: 'Dry run: 1 payout would be made. Nothing was written.' },
    { status: 'already_processed' as const, count: 1, message: 'This revenue was processed before; 1 payout was generated then. Nothing new was written.' },
  ])('$status, $count', ({ status, count, message }) => {
    expect(processRevenueMessage(status, count)).toBe(message);
  });
});
