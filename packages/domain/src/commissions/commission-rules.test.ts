import { describe, expect, test } from 'vitest';
import { ConversionInputSchema } from '../schemas/commissions.ts';
import {
  COMMISSION_STATUSES,
  canTransitionCommission,
  commissionAmountCents,
  cellPayoutsNotificationText,
  commissionInPayoutBatchMessage,
  commissionNotificationText,
  firstCommissionDescription,
  canPayNow,
  paymentCountText,
  summariseCommissions,
  type CommissionStatus,
} from './commission-rules.ts';

describe('commissionAmountCents: sale amount x rate / 100, rounded once', () => {
  test.each([
    { label: '$49.00 at 30%', sale: 4_900, bp: 3_000, expected: 1_470 },
    { label: '$199.00 at 25%', sale: 19_900, bp: 2_500, expected: 4_975 },
    { label: '$99.99 at 12.5%', sale: 9_999, bp: 1_250, expected: 1_250 },
    { label: '$0.05 at 10% (0.5 cent rounds up)', sale: 5, bp: 1_000, expected: 1 },
    { label: '$0.04 at 10% (0.4 cent rounds down)', sale: 4, bp: 1_000, expected: 0 },
    { label: '0%', sale: 100_000, bp: 0, expected: 0 },
    { label: '100%', sale: 12_345, bp: 10_000, expected: 12_345 },
  ])('$label -> $expected cents', ({ sale, bp, expected }) => {
    expect(commissionAmountCents(sale, bp)).toBe(expected);
  });
});

describe('status transitions: pending -> processing -> paid, one step at a time', () => {
  const pairs = COMMISSION_STATUSES.flatMap((from) => COMMISSION_STATUSES.map((to) => ({ from, to })));
  const allowed = new Set(['pending->processing', 'processing->paid']);
  test.each(pairs)('$from -> $to', ({ from, to }) => {
    expect(canTransitionCommission(from, to)).toBe(allowed.has(`${from}->${to}`));
  });
});

describe('canPayNow: a single line is paid through a one-item batch (decision 070)', () => {
  test.each([
    { status: 'pending', amount: 500, inBatch: false, ok: true },
    { status: 'processing', amount: 500, inBatch: false, ok: true },
    { status: 'processing', amount: 500, inBatch: true, ok: false },
    { status: 'pending', amount: 500, inBatch: true, ok: false },
    { status: 'pending', amount: -500, inBatch: false, ok: false },
    { status: 'paid', amount: 500, inBatch: false, ok: false },
    { status: 'withheld', amount: 500, inBatch: false, ok: false },
  ] as { status: CommissionStatus; amount: number; inBatch: boolean; ok: boolean }[])('$status of $amount, in a batch $inBatch -> $ok', ({ status, amount, inBatch, ok }) => {
    expect(canPayNow({ status, amount_cents: amount, in_payout_batch: inBatch })).toBe(ok);
  });
  test('the refusal names the batch and when it was prepared', () => {
    expect(commissionInPayoutBatchMessage({ id: 'b-1', created_at: '2026-11-23T09:05:00.000Z' })).toBe(
      'This commission is in the payout batch prepared 2026-11-23 09:05 UTC (batch b-1), which is still processing: mark its payout item paid or failed on Payouts.',
    );
  });
});

describe('summariseCommissions: the three cards', () => {
  test.each([
    { label: 'an empty ledger', entries: [], expected: { total_earnings_cents: 0, paid_out_cents: 0, paid_count: 0, pending_cents: 0, pending_count: 0 } },
    {
      label: 'one commission of each status',
      entries: [
        { status: 'paid', amount_cents: 1_470 },
        { status: 'processing', amount_cents: 4_975 },
        { status: 'pending', amount_cents: 9_980 },
      ],
      expected: { total_earnings_cents: 16_425, paid_out_cents: 1_470, paid_count: 1, pending_cents: 14_955, pending_count: 2 },
    },
    {
      label: 'totals per status (SQL group by)',
      entries: [
        { status: 'paid', amount_cents: 3_000, count: 2 },
        { status: 'pending', amount_cents: 500, count: 5 },
      ],
      expected: { total_earnings_cents: 3_500, paid_out_cents: 3_000, paid_count: 2, pending_cents: 500, pending_count: 5 },
    },
  ])('$label', ({ entries, expected }) => {
    expect(summariseCommissions(entries)).toEqual(expected);
  });

  test.each([
    { count: 0, text: '0 payments' },
    { count: 1, text: '1 payment' },
    { count: 2, text: '2 payments' },
  ])('$count -> $text', ({ count, text }) => {
    expect(paymentCountText(count)).toBe(text);
  });
});

describe('notification texts', () => {
  test.each([
    { status: 'pending', title: 'New commission earned' },
    { status: 'processing', title: 'Commission processing' },
    { status: 'paid', title: 'Commission paid' },
  ] as { status: CommissionStatus; title: string }[])('$status -> $title', ({ status, title }) => {
    const text = commissionNotificationText(status, '$14.70', 'Growth CRM Pro');
    expect(text.title).toBe(title);
    expect(text.message).toContain('$14.70');
    expect(text.message).toContain('Growth CRM Pro');
  });

  test.each([
    { source: 'conversion' as const, title: 'New commission earned', message: 'A sale through your link earned you a $14.70 commission on Growth CRM Pro. It is pending until the next payout run.' },
    { source: 'cell' as const, title: 'New cell payout', message: 'Revenue processed on your commission cell paid you a $14.70 cell payout (Alpha: Lead seat). It is pending until the next payout run.' },
    { source: 'adjustment' as const, title: 'Commission adjustment', message: 'An admin credited you a $14.70 adjustment (Correction). It is pending until the next payout run.' },
  ])('a new commission is told by its origin: $source', ({ source, title, message }) => {
    const name = source === 'cell' ? 'Alpha: Lead seat' : source === 'adjustment' ? 'Correction' : 'Growth CRM Pro';
    expect(commissionNotificationText('pending', '$14.70', name, source)).toEqual({ title, message });
  });

  test('a cell payout is never "a sale through your link", whatever its status', () => {
    for (const status of ['pending', 'processing', 'paid', 'withheld'] as const) {
      expect(commissionNotificationText(status, '$1.00', 'Alpha: override level 1', 'cell').message).not.toMatch(/sale|link/i);
    }
    expect(firstCommissionDescription('cell')).not.toMatch(/sale|link/i);
    expect(firstCommissionDescription('conversion')).toBe('A sale through your link earned you a commission.');
  });

  test('several cell payouts of one chunk: one text with their count and total', () => {
    expect(cellPayoutsNotificationText(3, '$42.10')).toEqual({
      title: 'New commissions earned',
      message: 'You earned 3 cell payouts: $42.10. They are pending until the next payout run.',
    });
  });
});

describe('request schemas', () => {
  const conversion = { product_id: '3f0c1a8e-0000-4000-8000-000000000001', order_id: 'A-1', amount_cents: 4_900, ref: 'ABCD2345' };
  test.each([
    { label: 'a valid report', body: conversion, ok: true },
    { label: 'zero amount', body: { ...conversion, amount_cents: 0 }, ok: false },
    { label: 'fractional cents', body: { ...conversion, amount_cents: 12.5 }, ok: false },
    { label: 'amount as text', body: { ...conversion, amount_cents: '4900' }, ok: false },
    { label: 'blank order id', body: { ...conversion, order_id: ' ' }, ok: false },
    { label: 'no ref', body: { ...conversion, ref: '' }, ok: false },
    { label: 'an extra field', body: { ...conversion, commission_cents: 100_000 }, ok: false },
  ])('conversion: $label', ({ body, ok }) => {
    expect(ConversionInputSchema.safeParse(body).success).toBe(ok);
  });
});
