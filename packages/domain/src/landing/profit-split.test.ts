import { expect, test } from 'vitest';
import { PROFIT_SPLIT } from './profit-split.ts';

test('the profit split is 50/30/20 and adds up to 100%', () => {
  expect(PROFIT_SPLIT.map((part) => part.percent)).toEqual([50, 30, 20]);
  expect(PROFIT_SPLIT.reduce((sum, part) => sum + part.percent, 0)).toBe(100);
});
