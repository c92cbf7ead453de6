import { describe, expect, test } from 'vitest';
import { formatCalendarDay, formatDate, formatDateTime } from './dates.ts';

describe('one date style', () => {
  test('a calendar day reads the same in every time zone', () => {
    expect(formatCalendarDay('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatCalendarDay('2026-01-01T00:00:00.000Z')).toBe('Jan 1, 2026');
  });
  test('an instant: month, day and year; with the time when asked', () => {
    expect(formatDate('2026-11-20T12:00:00.000Z')).toMatch(/^Nov (19|20|21), 2026$/);
    expect(formatDateTime('2026-11-20T12:00:00.000Z')).toMatch(/^Nov (19|20|21), 2026, \d{1,2}:\d{2}\s?[AP]M$/);
  });
});
