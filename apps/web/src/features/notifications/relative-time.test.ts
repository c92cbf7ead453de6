import { describe, expect, test } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatRelativeTime', () => {
  test.each([
    { label: 'now', at: ago(0), expected: 'just now' },
    { label: '59 s', at: ago(59_000), expected: 'just now' },
    { label: 'ahead of this clock', at: ago(-3_600_000), expected: 'just now' },
    { label: '1 min', at: ago(60_000), expected: '1 minute ago' },
    { label: '5 min', at: ago(5 * 60_000 + 30_000), expected: '5 minutes ago' },
    { label: '59 min', at: ago(59 * 60_000), expected: '59 minutes ago' },
    { label: '1 h', at: ago(3_600_000), expected: '1 hour ago' },
    { label: '23 h', at: ago(23 * 3_600_000 + 59 * 60_000), expected: '23 hours ago' },
    { label: '1 day', at: ago(24 * 3_600_000), expected: '1 day ago' },
    { label: '29 days', at: ago(29 * 24 * 3_600_000), expected: '29 days ago' },
    { label: '45 days', at: '2026-10-09T12:00:00.000Z', expected: 'Oct 9, 2026' },
    { label: 'invalid', at: 'not a date', expected: '' },
  ])('$label -> $expected', ({ at, expected }) => {
    expect(formatRelativeTime(at, NOW)).toBe(expected);
  });
});
