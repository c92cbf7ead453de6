import { describe, expect, test } from 'vitest';
import { formatFullTime, formatRelativeTime } from './relative-time.ts';

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
    { label: '3 h', at: '2026-11-23T09:00:00.000Z', expected: '3 hours ago' },
    { label: '23 h 59 min', at: ago(23 * 3_600_000 + 59 * 60_000), expected: '23 hours ago' },
    { label: '1 day', at: ago(24 * 3_600_000), expected: '1 day ago' },
    { label: '2 days', at: '2026-11-21T12:00:00.000Z', expected: '2 days ago' },
    { label: '29 days', at: ago(29 * 24 * 3_600_000), expected: '29 days ago' },
    { label: '45 days (no date limit)', at: '2026-10-09T12:00:00.000Z', expected: '45 days ago' },
  ])('$label -> $expected', ({ at, expected }) => {
    expect(formatRelativeTime(at, NOW)).toBe(expected);
  });

  test('with dateAfterDays the date is shown from that many days on (the notification list: 30)', () => {
    const after30 = { dateAfterDays: 30 };
    expect(formatRelativeTime(ago(30 * 24 * 3_600_000 - 1), NOW, after30)).toBe('29 days ago');
    expect(formatRelativeTime(ago(30 * 24 * 3_600_000), NOW, after30)).toBe('Oct 24, 2026');
    expect(formatRelativeTime('2026-10-09T12:00:00.000Z', NOW, after30)).toBe('Oct 9, 2026');
    expect(formatRelativeTime(ago(5 * 60_000), NOW, after30)).toBe('5 minutes ago');
  });

  test('a missing or unreadable time reads `missing` (empty by default)', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('');
    expect(formatRelativeTime(null, NOW)).toBe('');
    expect(formatRelativeTime(null, NOW, { missing: 'never' })).toBe('never');
    expect(formatRelativeTime('not a date', NOW, { missing: 'never' })).toBe('never');
  });
});

describe('formatFullTime', () => {
  test('the exact time for the tooltip, empty for an unreadable one', () => {
    expect(formatFullTime('2026-11-23T12:00:00.000Z')).toMatch(/^Nov 2\d, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatFullTime('not a date')).toBe('');
  });
});
