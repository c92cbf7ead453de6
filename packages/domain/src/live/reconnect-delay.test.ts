import { describe, expect, test } from 'vitest';
import { LIVE_RECONNECT_CAP_MS, reconnectDelay } from './reconnect-delay.ts';

describe('reconnectDelay (exponential backoff with jitter, 3 s first, capped at 60 s)', () => {
  test.each([
    { attempt: 0, random: 0, expected: 3_000 },
    { attempt: 0, random: 0.5, expected: 4_500 },
    { attempt: 0, random: 0.999999, expected: 6_000 },
    { attempt: 1, random: 0, expected: 6_000 },
    { attempt: 1, random: 0.5, expected: 9_000 },
    { attempt: 2, random: 0, expected: 12_000 },
    { attempt: 3, random: 0, expected: 24_000 },
    { attempt: 3, random: 0.999999, expected: 48_000 },
    // From the fifth attempt the ceiling is the cap: between 30 s and 60 s, never more.
    { attempt: 4, random: 0, expected: 30_000 },
    { attempt: 4, random: 0.999999, expected: 60_000 },
    { attempt: 50, random: 0.25, expected: 37_500 },
    { attempt: 1_000_000, random: 0.999999, expected: 60_000 },
  ])('attempt $attempt, random $random -> $expected ms', ({ attempt, random, expected }) => {
    expect(reconnectDelay(attempt, random)).toBe(expected);
  });

  test('the first reconnect waits at least 3 s and every wait stays within the cap', () => {
    for (let attempt = 0; attempt < 40; attempt++) {
      for (const random of [0, 0.1, 0.5, 0.9, 0.999999]) {
        const delay = reconnectDelay(attempt, random);
        expect(delay).toBeGreaterThanOrEqual(3_000);
        expect(delay).toBeLessThanOrEqual(LIVE_RECONNECT_CAP_MS);
      }
    }
  });

  test('the wait never shrinks from one attempt to the next for the same draw', () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(reconnectDelay(attempt + 1, 0.3)).toBeGreaterThanOrEqual(reconnectDelay(attempt, 0.3));
    }
  });

  test('different draws spread clients that dropped together', () => {
    const delays = new Set([0, 0.2, 0.4, 0.6, 0.8].map((random) => reconnectDelay(0, random)));
    expect(delays.size).toBe(5);
  });

  test.each([
    { attempt: -1, random: 0, expected: 3_000 },
    { attempt: Number.NaN, random: 0, expected: 30_000 },
    { attempt: 0, random: -0.5, expected: 3_000 },
    { attempt: 0, random: 7, expected: 6_000 },
    { attempt: 0, random: Number.NaN, expected: 3_000 },
  ])('out-of-range input ($attempt, $random) is clamped to $expected ms', ({ attempt, random, expected }) => {
    expect(reconnectDelay(attempt, random)).toBe(expected);
  });

  test('base and cap can be chosen', () => {
    expect(reconnectDelay(0, 0, { baseMs: 1_000, capMs: 5_000 })).toBe(1_000);
    expect(reconnectDelay(10, 0.999999, { baseMs: 1_000, capMs: 5_000 })).toBe(5_000);
  });
});
