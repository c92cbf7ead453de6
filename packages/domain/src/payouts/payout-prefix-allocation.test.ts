import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateLines, allocatePrefix, prefixTotals, type AllocatableLine } from './payout-balance.ts';

const day = (n: number) => new Date(Date.UTC(2026, 9, 1) + n * 86_400_000);
const line = (id: string, n: number, amount: number): AllocatableLine => ({ id, earned_at: day(n), amount_cents: amount });
const WIRE = 100_000;

/** allocatePrefix over the SQL's totals, in allocateLines' shape (the first line_count lines oldest first). */
function viaPrefix(lines: readonly AllocatableLine[], rule: { minimum_cents: number; maximum_cents?: number }) {
  const result = allocatePrefix(prefixTotals(lines, rule.maximum_cents ?? Number.MAX_SAFE_INTEGER), rule);
  if (!result.ok) return result;
  const ordered = [...lines].sort((a, b) => a.earned_at.getTime() - b.earned_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { ok: true as const, line_ids: ordered.slice(0, result.line_count).map((l) => l.id), amount_cents: result.amount_cents, carried_cents: result.carried_cents };
}

describe('the prefix rule SQL computes (decision 070) agrees with allocateLines', () => {
  it('at the minimum: 5000 is paid, 4999 waits', () => {
    const paid = [line('a', 2, 3000), line('b', 1, 2000)];
    expect(allocatePrefix(prefixTotals(paid, WIRE), { minimum_cents: 5000, maximum_cents: WIRE })).toEqual({ ok: true, line_count: 2, amount_cents: 5000, carried_cents: 0 });
    const carried = [line('a', 2, 2999), line('b', 1, 2000)];
    expect(allocatePrefix(prefixTotals(carried, WIRE), { minimum_cents: 5000, maximum_cents: WIRE })).toEqual({ ok: false, reason: 'below_minimum', amount_cents: 4999 });
    expect(viaPrefix(paid, { minimum_cents: 5000 })).toEqual(allocateLines(paid, { minimum_cents: 5000 }));
    expect(viaPrefix(carried, { minimum_cents: 5000 })).toEqual(allocateLines(carried, { minimum_cents: 5000 }));
  });

  it('a line that would cross the maximum waits with every later one; exactly at the maximum is taken', () => {
    const lines = [line('old', 1, 60_000), line('mid', 2, 40_000), line('new', 3, 1), line('tiny', 4, 0)];
    expect(prefixTotals(lines, WIRE)).toEqual({ line_count: 4, total_cents: 100_001, within_count: 2, within_cents: 100_000 });
    expect(viaPrefix(lines, { minimum_cents: 5000, maximum_cents: WIRE })).toEqual({ ok: true, line_ids: ['old', 'mid'], amount_cents: 100_000, carried_cents: 1 });
    expect(viaPrefix(lines, { minimum_cents: 5000, maximum_cents: WIRE })).toEqual(allocateLines(lines, { minimum_cents: 5000, maximum_cents: WIRE }));
    // A wire payee has no maximum: everything.
    expect(viaPrefix(lines, { minimum_cents: 5000 })).toEqual(allocateLines(lines, { minimum_cents: 5000 }));
  });

  it('the oldest line alone above the maximum: needs wire, not below the minimum', () => {
    const lines = [line('big', 1, 150_000), line('later', 2, 2000)];
    expect(allocatePrefix(prefixTotals(lines, WIRE), { minimum_cents: 5000, maximum_cents: WIRE })).toEqual({ ok: false, reason: 'needs_wire', amount_cents: 152_000 });
    expect(viaPrefix(lines, { minimum_cents: 5000, maximum_cents: WIRE })).toEqual(allocateLines(lines, { minimum_cents: 5000, maximum_cents: WIRE }));
    expect(viaPrefix([line('small', 1, 4000)], { minimum_cents: 5000, maximum_cents: 3000 })).toEqual(allocateLines([line('small', 1, 4000)], { minimum_cents: 5000, maximum_cents: 3000 }));
  });

  it('same instant: by id', () => {
    const same = [line('b', 1, 5000), line('a', 1, 5000)];
    expect(viaPrefix(same, { minimum_cents: 5000, maximum_cents: 5000 })).toEqual({ ok: true, line_ids: ['a'], amount_cents: 5000, carried_cents: 5000 });
  });

  it('for any lines of 0 cents or more, any minimum and maximum (property)', () => {
    const lines = fc.uniqueArray(fc.record({ id: fc.string({ unit: fc.constantFrom('0', '1', '2', 'a', 'b', 'f'), minLength: 1, maxLength: 4 }), n: fc.integer({ min: 0, max: 20 }), amount: fc.integer({ min: 0, max: 60_000 }) }), { selector: (l) => l.id, maxLength: 25 });
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 20_000 }), fc.option(fc.integer({ min: 0, max: 150_000 }), { nil: undefined }), (raw, minimum, maximum) => {
        const ledger = raw.map((l) => line(l.id, l.n, l.amount));
        const rule = maximum === undefined ? { minimum_cents: minimum } : { minimum_cents: minimum, maximum_cents: maximum };
        expect(viaPrefix(ledger, rule)).toEqual(allocateLines(ledger, rule));
      }),
      { numRuns: 500 },
    );
  });
});
