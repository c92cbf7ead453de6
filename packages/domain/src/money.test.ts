import { describe, expect, test } from 'vitest';
import { CentsSchema, formatDollars, formatDollarsAndCents } from './money.ts';

describe('formatDollars (whole dollars: dashboard, leads, products)', () => {
  test.each([
    { cents: 0, expected: '$0' },
    { cents: 49, expected: '$0' },
    { cents: 50, expected: '$1' },
    { cents: 100, expected: '$1' },
    { cents: 149, expected: '$1' },
    { cents: 150, expected: '$2' },
    { cents: 1_240_000, expected: '$12,400' },
    { cents: 123_456, expected: '$1,235' },
    { cents: 99_999_999, expected: '$1,000,000' },
    { cents: -5_000, expected: '-$50' },
    { cents: -123_456, expected: '-$1,235' },
    // Rounding is symmetric around zero and a tiny negative amount is not shown as "-$0".
    { cents: -150, expected: '-$2' },
    { cents: -49, expected: '$0' },
    { cents: -0, expected: '$0' },
  ])('$cents cents -> $expected', ({ cents, expected }) => {
    expect(formatDollars(cents)).toBe(expected);
  });
});

describe('formatDollarsAndCents (two decimals: plans, commissions, earnings)', () => {
  test.each([
    { cents: 0, expected: '$0.00' },
    { cents: 5, expected: '$0.05' },
    { cents: 99, expected: '$0.99' },
    { cents: 5_000, expected: '$50.00' },
    { cents: 123_456, expected: '$1,234.56' },
    { cents: 99_999_999, expected: '$999,999.99' },
    { cents: -1, expected: '-$0.01' },
    { cents: -123_456, expected: '-$1,234.56' },
    { cents: -0, expected: '$0.00' },
  ])('$cents cents -> $expected', ({ cents, expected }) => {
    expect(formatDollarsAndCents(cents)).toBe(expected);
  });
});

describe('CentsSchema', () => {
  test.each([0, 1, -1, 123_456, Number.MAX_SAFE_INTEGER])('accepts %s', (value) => {
    expect(CentsSchema.safeParse(value).success).toBe(true);
  });
  test.each([0.5, 12.34, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Number.POSITIVE_INFINITY, '100'])('refuses %s', (value) => {
    expect(CentsSchema.safeParse(value).success).toBe(false);
  });
});
