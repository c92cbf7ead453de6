import { describe, expect, it, test } from 'vitest';
import { CELL_SIZE, seatRole } from './cell-payout.ts';
import { averageFillRate, cellFillPercent, decideSeatMove, fillAnalytics, generatedCellName, memberDistribution, nextEmptySeat, wouldCreateCellCycle } from './cell-network.ts';

describe('wouldCreateCellCycle', () => {
  it('allows no parent and an unrelated parent', () => {
    expect(wouldCreateCellCycle('a', null, [])).toBe(false);
    expect(wouldCreateCellCycle('a', 'b', ['c', 'd'])).toBe(false);
  });
  it('refuses the cell as its own parent', () => {
    expect(wouldCreateCellCycle('a', 'a', [])).toBe(true);
  });
  it('refuses a parent that has the cell above it, however far up', () => {
    expect(wouldCreateCellCycle('a', 'b', ['a'])).toBe(true);
    expect(wouldCreateCellCycle('a', 'f', ['e', 'd', 'c', 'b', 'a', 'root'])).toBe(true);
  });
});

describe('seat roles and moves', () => {
  it('gives position 0 LEAD, 1-3 SENIOR, 4-12 REGULAR', () => {
    expect(Array.from({ length: CELL_SIZE }, (_, position) => seatRole(position))).toEqual(['LEAD', 'SENIOR', 'SENIOR', 'SENIOR', ...Array<string>(9).fill('REGULAR')]);
  });
  it('ignores a drop on the same seat or an occupied seat', () => {
    const occupied = new Set([0, 4, 5]);
    expect(decideSeatMove(4, 4, occupied)).toEqual({ ok: false, reason: 'same_seat' });
    expect(decideSeatMove(4, 5, occupied)).toEqual({ ok: false, reason: 'occupied' });
    expect(decideSeatMove(4, 13, occupied)).toEqual({ ok: false, reason: 'out_of_range' });
    expect(decideSeatMove(4, -1, occupied)).toEqual({ ok: false, reason: 'out_of_range' });
    expect(decideSeatMove(4, 1, occupied)).toEqual({ ok: true });
  });
  it('the keyboard move goes to the nearest empty seat in its direction, or nowhere', () => {
    const occupied = new Set([0, 1, 2, 4]);
    expect(nextEmptySeat(1, 1, occupied)).toBe(3);
    expect(nextEmptySeat(2, -1, occupied)).toBeNull();
    expect(nextEmptySeat(12, 1, occupied)).toBeNull();
    expect(nextEmptySeat(4, 1, occupied)).toBe(5);
  });
});

describe('fill figures', () => {
  it('rounds a cell fill and the average to one decimal', () => {
    expect(cellFillPercent(0)).toBe(0);
    expect(cellFillPercent(7)).toBe(53.8);
    expect(cellFillPercent(13)).toBe(100);
    expect(averageFillRate([])).toBe(0);
    expect(averageFillRate([13, 0])).toBe(50);
    expect(averageFillRate([1, 2, 0])).toBe(7.7); // 3 of 39 seats
  });
  it('generates a name from the id', () => {
    expect(generatedCellName('3f2a9c1b-0000-4000-8000-000000000000')).toBe('Cell 3F2A9C1B');
  });
});

describe('member_distribution and fill_analytics (spec 3 section 3)', () => {
  test('filled seats per kind, with the seats of each kind over the cells', () => {
    expect(memberDistribution([0, 1, 2, 4, 12, 0, 3], 2)).toEqual({ lead: { filled: 2, seats: 2 }, senior: { filled: 3, seats: 6 }, regular: { filled: 2, seats: 18 } });
    expect(memberDistribution([], 0)).toEqual({ lead: { filled: 0, seats: 0 }, senior: { filled: 0, seats: 0 }, regular: { filled: 0, seats: 0 } });
  });
  test('full, partly filled and empty cells, and the Avg Fill Rate from the same counts', () => {
    expect(fillAnalytics([13, 7, 0, 1])).toEqual({ avg_fill_rate: averageFillRate([13, 7, 0, 1]), full_cells: 1, partial_cells: 2, empty_cells: 1 });
    expect(fillAnalytics([])).toEqual({ avg_fill_rate: 0, full_cells: 0, partial_cells: 0, empty_cells: 0 });
  });
});
