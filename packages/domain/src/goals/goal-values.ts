import { z } from 'zod';
import { formatDollarsAndCents } from '../money.ts';

/**
 * Goal values (targets, current values, check-ins) are stored and computed as integer hundredths of
 * the goal's unit (docs/decisions/061): cents for a USD goal, hundredths of a point for a % goal,
 * hundredths for a count (a check-in of 7 clients is stored as 700 and answered as 7). The API speaks
 * the goal's unit with at most two decimals; these two functions are the only conversions.
 */
export const GOAL_VALUE_DECIMALS_MESSAGE = 'Use at most 2 decimals, e.g. 1250.50.';

/** A value of the goal's unit as integer hundredths (cents of a USD goal); exact for a value of at most two decimals. */
export function goalValueToHundredths(value: number): number {
  return Math.round(value * 100);
}

/** Stored hundredths as the goal's unit for the API: the nearest double to the two-decimal value, as JSON reads it. */
export function hundredthsToGoalValue(hundredths: number): number {
  return hundredths / 100;
}

/**
 * At most two decimals: the hundredths come back as the same number. Every value typed with two
 * decimals does (JSON gives the nearest double to d/100, and so does the division); a third decimal
 * (1.005) or floating-point noise (0.1 + 0.2 = 0.30000000000000004) does not.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return hundredthsToGoalValue(goalValueToHundredths(value)) === value;
}

/** A goal value typed in the goal's unit: a number of at most two decimals, so nothing is rounded when stored. */
export function goalValueNumber(required: string) {
  return z.number(required).refine(hasAtMostTwoDecimals, GOAL_VALUE_DECIMALS_MESSAGE);
}

const unitValue = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A goal value as shown: a USD goal through the one money formatter ("$1,250.50"), a % or a count with up to two decimals. */
export function formatGoalValue(value: number, unit: string): string {
  if (unit === 'USD') return formatDollarsAndCents(goalValueToHundredths(value));
  if (unit === '%') return `${unitValue.format(value)}%`;
  return unitValue.format(value);
}
