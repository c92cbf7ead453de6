import { describe, expect, test } from 'vitest';
import { formatPercent } from './percent.ts';

describe('formatPercent', () => {
  test.each([
    [46.5, '46.5%'],
    [46, '46.0%'],
    [100, '100.0%'],
    [0, '0.0%'],
    [33.333, '33.3%'],
    [46.55, '46.5%'],
    [46.56, '46.6%'],
    [-66.7, '-66.7%'],
  ])('%d reads %s (one decimal)', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });

  test('wholeWithoutDecimal: a whole number bare, a fraction with one decimal (Business Hub)', () => {
    const compact = { wholeWithoutDecimal: true };
    expect(formatPercent(25, compact)).toBe('25%');
    expect(formatPercent(0, compact)).toBe('0%');
    expect(formatPercent(33.3, compact)).toBe('33.3%');
    expect(formatPercent(-66.7, compact)).toBe('-66.7%');
  });

  test('null (not measured yet) reads a dash', () => {
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(null, { wholeWithoutDecimal: true })).toBe('—');
  });
});
