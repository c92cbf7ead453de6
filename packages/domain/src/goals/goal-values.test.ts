import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GoalCheckInInputSchema, UpdateGoalInputSchema } from '../schemas/goals.ts';
import { formatGoalValue, GOAL_VALUE_DECIMALS_MESSAGE, goalValueToHundredths, hasAtMostTwoDecimals, hundredthsToGoalValue } from './goal-values.ts';

describe('goal values in hundredths of their unit (decision 061)', () => {
  it('converts values of at most two decimals exactly, both ways', () => {
    expect(goalValueToHundredths(0.01)).toBe(1);
    expect(goalValueToHundredths(0.3)).toBe(30);
    expect(goalValueToHundredths(7)).toBe(700);
    expect(goalValueToHundredths(999_999_999.99)).toBe(99_999_999_999);
    expect(hundredthsToGoalValue(99_999_999_999)).toBe(999_999_999.99);
    expect(hundredthsToGoalValue(10 + 20)).toBe(0.3);
  });

  it('round-trips every value of at most two decimals up to the largest target (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000_000 }), (hundredths) => {
        const value = hundredthsToGoalValue(hundredths);
        expect(hasAtMostTwoDecimals(value)).toBe(true);
        expect(goalValueToHundredths(value)).toBe(hundredths);
      }),
    );
  });

  it('refuses a third decimal and floating-point noise with a message', () => {
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
    const parsed = GoalCheckInInputSchema.safeParse({ value: 12.345 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(GOAL_VALUE_DECIMALS_MESSAGE);
    expect(UpdateGoalInputSchema.safeParse({ title: 'Earn', target_value: 0.001, deadline: '2027-01-01' }).error?.issues[0]?.message).toBe(GOAL_VALUE_DECIMALS_MESSAGE);
    expect(GoalCheckInInputSchema.parse({ value: 12.34 }).value).toBe(12.34);
  });
});

describe('formatGoalValue', () => {
  it('shows dollars and cents for USD, a percentage, and counts with up to two decimals', () => {
    expect(formatGoalValue(999_999_999.99, 'USD')).toBe('$999,999,999.99');
    expect(formatGoalValue(0.3, 'USD')).toBe('$0.30');
    expect(formatGoalValue(12.5, '%')).toBe('12.5%');
    expect(formatGoalValue(7, 'count')).toBe('7');
    expect(formatGoalValue(1250, 'count')).toBe('1,250');
  });
});
