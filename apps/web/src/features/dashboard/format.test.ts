import { describe, expect, test } from 'vitest';
import { formatDay, formatDayRange } from './format.ts';

describe('dashboard formats', () => {
  test('days are UTC calendar days', () => {
    expect(formatDay('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatDay('2027-01-01')).toBe('Jan 1, 2027');
  });

  test.each([
    { range: { from: '2026-10-01', to: '2026-10-23' }, expected: 'Oct 1-23' },
    { range: { from: '2026-11-01', to: '2026-11-01' }, expected: 'Nov 1' },
    { range: { from: '2027-02-01', to: '2027-02-28' }, expected: 'Feb 1-28' },
  ])('$expected', ({ range, expected }) => {
    expect(formatDayRange(range)).toBe(expected);
  });
});
