import { describe, expect, it } from 'vitest';
import { proportionalShares, reversalAmounts } from './commission-reversal.ts';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('proportionalShares (largest remainder, cents exact)', () => {
  it('splits a third of three equal lines and of an odd total so the shares add up to the rounded whole', () => {
    expect(proportionalShares([100, 100, 100], 1, 3)).toEqual([34, 33, 33]);
    expect(sum(proportionalShares([100, 100, 100], 1, 3))).toBe(100);
    // 1001 cents at half: 500.5 rounds half up to 501; the earlier line takes the extra cent on a tie.
    expect(proportionalShares([1001], 1, 2)).toEqual([501]);
    expect(proportionalShares([333, 333, 335], 1, 2)).toEqual([167, 167, 167]); // floors 166, 166, 167; the two cents left go to the earliest equal remainders
    expect(sum(proportionalShares([333, 333, 335], 1, 2))).toBe(501);
  });

  it('gives every line whole at the full fraction and nothing at zero', () => {
    expect(proportionalShares([4599, 899, 1, 0], 2900, 2900)).toEqual([4599, 899, 1, 0]);
    expect(proportionalShares([4599, 899, 1, 0], 0, 2900)).toEqual([0, 0, 0, 0]);
  });

  it('never gives a line more than its amount, and the total is round-half-up of sum x fraction', () => {
    for (let refunded = 0; refunded <= 997; refunded += 13) {
      const amounts = [4600, 900, 900, 900, 300, 300, 300, 1, 0, 1799];
      const shares = proportionalShares(amounts, refunded, 997);
      const exact = (sum(amounts) * refunded) / 997;
      expect(sum(shares)).toBe(Math.floor(exact + 0.5));
      shares.forEach((share, index) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(amounts[index]!);
        // each share is its floor or one more
        expect(share - Math.floor((amounts[index]! * refunded) / 997)).toBeGreaterThanOrEqual(0);
        expect(share - Math.floor((amounts[index]! * refunded) / 997)).toBeLessThanOrEqual(1);
      });
    }
  });

  it('stays exact beyond 2^53 intermediate products (BigInt)', () => {
    const big = 900_719_925_474; // cents: about $9 billion
    expect(proportionalShares([big, big], 999_999_999, 1_000_000_000)).toEqual([900_719_924_574, 900_719_924_573]); // 2 x 900,719,924,573.28 = ...146.56, rounds to ...147
  });

  it('refuses a fraction above one, a zero base and amounts that are not cents', () => {
    expect(() => proportionalShares([100], 3, 2)).toThrow(RangeError);
    expect(() => proportionalShares([100], 0, 0)).toThrow(RangeError);
    expect(() => proportionalShares([1.5], 1, 2)).toThrow(RangeError);
    expect(() => proportionalShares([-1], 1, 2)).toThrow(RangeError);
  });
});

describe('reversalAmounts (cumulative over partial reversals)', () => {
  it('three partial refunds of one payment reverse exactly the whole lines once the payment is refunded in full', () => {
    const amounts = [1333, 667, 1];
    const reversed = [0, 0, 0];
    const payment = 2900;
    let refundedSoFar = 0;
    for (const refund of [1000, 999, 901]) {
      refundedSoFar += refund;
      const parts = amounts.map((amount, index) => ({ amount_cents: amount, reversed_by_subject_cents: reversed[index]!, remaining_cents: amount - reversed[index]! }));
      const now = reversalAmounts(parts, refundedSoFar, payment);
      now.forEach((cents, index) => (reversed[index]! += cents));
      // after each refund the lines reversed equal the cumulative proportional share, never drifting
      expect(reversed).toEqual(proportionalShares(amounts, refundedSoFar, payment));
    }
    expect(reversed).toEqual(amounts);
  });

  it('takes no more than is left when another reversal already took part of a line', () => {
    // The partner reversed 900 of a 1000 line; the refund of the whole payment takes the last 100 only.
    expect(reversalAmounts([{ amount_cents: 1000, reversed_by_subject_cents: 0, remaining_cents: 100 }], 50, 50)).toEqual([100]);
    // A replayed cumulative figure (nothing new refunded) takes nothing.
    expect(reversalAmounts([{ amount_cents: 1000, reversed_by_subject_cents: 500, remaining_cents: 500 }], 25, 50)).toEqual([0]);
  });
});
