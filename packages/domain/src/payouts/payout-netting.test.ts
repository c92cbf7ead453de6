import { describe, expect, it } from 'vitest';
import { allocateLines, balanceBucket, splitBalance, type AllocatableLine } from './payout-balance.ts';

const day = (n: number) => new Date(Date.UTC(2026, 10, n));
const line = (id: string, n: number, amount: number, reverses_id: string | null = null): AllocatableLine => ({ id, earned_at: day(n), amount_cents: amount, reverses_id });

describe('netting negative lines against a payout (decision 066)', () => {
  it('a reversal of an unpaid line travels with it: the pair is paid at its net, the reversed part never goes out', () => {
    const lines = [line('a', 1, 6000), line('b', 2, 4000), line('a-rev', 20, -2500, 'a')];
    expect(allocateLines(lines, { minimum_cents: 5000 })).toEqual({ ok: true, line_ids: ['a', 'a-rev', 'b'], amount_cents: 7500, carried_cents: 0 });
  });

  it('a fully reversed unpaid line nets to 0 and cannot carry a payee over the minimum', () => {
    const lines = [line('a', 1, 6000), line('a-rev', 20, -6000, 'a'), line('b', 2, 3000)];
    expect(allocateLines(lines, { minimum_cents: 5000 })).toEqual({ ok: false, reason: 'below_minimum', amount_cents: 3000 });
  });

  it('a clawback of a paid line (its original not among the lines) is taken first and reduces the payout', () => {
    const lines = [line('b', 2, 9000), line('paid-rev', 20, -2000, 'paid-line')];
    expect(allocateLines(lines, { minimum_cents: 5000 })).toEqual({ ok: true, line_ids: ['paid-rev', 'b'], amount_cents: 7000, carried_cents: 0 });
  });

  it('a clawback larger than what is available is a negative balance carried forward: nothing is paid', () => {
    const lines = [line('b', 2, 3000), line('paid-rev', 20, -4500, 'paid-line')];
    expect(allocateLines(lines, { minimum_cents: 5000 })).toEqual({ ok: false, reason: 'below_minimum', amount_cents: -1500 });
    expect(allocateLines([line('paid-rev', 20, -4500, 'paid-line')], { minimum_cents: 0 })).toEqual({ ok: false, reason: 'below_minimum', amount_cents: -4500 });
  });

  it('under the wire maximum the clawback makes room: lines are taken while the net stays within it', () => {
    const lines = [line('a', 1, 60_000), line('b', 2, 50_000), line('rev', 20, -20_000, 'paid-line')];
    // without the clawback only 'a' fits under 100,000; with it, a + b - 20,000 = 90,000 fits
    expect(allocateLines(lines, { minimum_cents: 5000, maximum_cents: 100_000 })).toEqual({ ok: true, line_ids: ['rev', 'a', 'b'], amount_cents: 90_000, carried_cents: 0 });
  });

  it('the lines of an item add up to its amount (every negative line it takes is in line_ids)', () => {
    const lines = [line('a', 1, 7000), line('a-rev', 10, -1000, 'a'), line('c', 3, 2500), line('x-rev', 11, -700, 'x'), line('c-rev', 12, -2500, 'c')];
    const allocation = allocateLines(lines, { minimum_cents: 1000 });
    expect(allocation.ok).toBe(true);
    if (!allocation.ok) return;
    const amounts = new Map(lines.map((l) => [l.id, l.amount_cents]));
    expect(allocation.line_ids.reduce((sum, id) => sum + amounts.get(id)!, 0)).toBe(allocation.amount_cents);
    expect(allocation.amount_cents).toBe(7000 - 1000 + 2500 - 700 - 2500);
  });
});

describe('where a reversal stands in the balance', () => {
  const cutoff = day(15);
  it('follows its pending original (holding with it, available with it), and is available at once once the original is paid or in a payout', () => {
    const reversal = { status: 'pending', earned_at: day(20), amount_cents: -500 };
    expect(balanceBucket({ ...reversal, reverses: { status: 'pending', earned_at: day(16) } }, cutoff)).toBe('holding');
    expect(balanceBucket({ ...reversal, reverses: { status: 'pending', earned_at: day(1), flag_hold: true } }, cutoff)).toBe('holding');
    expect(balanceBucket({ ...reversal, reverses: { status: 'pending', earned_at: day(1) } }, cutoff)).toBe('available');
    expect(balanceBucket({ ...reversal, reverses: { status: 'paid', earned_at: day(1) } }, cutoff)).toBe('available');
    expect(balanceBucket({ ...reversal, reverses: { status: 'processing', earned_at: day(14) } }, cutoff)).toBe('available');
    expect(balanceBucket({ ...reversal, status: 'withheld', reverses: { status: 'withheld', earned_at: day(1) } }, cutoff)).toBe('withheld');
  });

  it('a negative available figure is the negative balance: the split still adds up to every line', () => {
    const split = splitBalance(
      [
        { status: 'paid', earned_at: day(1), amount_cents: 8000 },
        { status: 'pending', earned_at: day(20), amount_cents: -8000, reverses: { status: 'paid', earned_at: day(1) } },
        { status: 'pending', earned_at: day(2), amount_cents: 3000 },
      ],
      cutoff,
    );
    expect(split).toEqual({ holding_cents: 0, available_cents: -5000, in_payout_cents: 0, paid_cents: 8000, withheld_cents: 0 });
  });
});
