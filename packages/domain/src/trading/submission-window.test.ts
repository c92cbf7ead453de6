import { tzOffset } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isValidWindowRange, isWithinSubmissionWindow, localDateIn, submissionWindowAround, zonedTimeToUtc } from './submission-window.ts';
import { DEFAULT_SUBMISSION_WINDOW, SUBMISSION_TIME_ZONE } from './trading-rules.ts';

const NY = { ...DEFAULT_SUBMISSION_WINDOW, timeZone: SUBMISSION_TIME_ZONE };
const at = (iso: string) => new Date(iso);

describe('06:00-08:00 America/New_York in UTC, across daylight-saving changes', () => {
  test.each([
    // Winter (EST, UTC-5): 11:00-13:00 UTC.
    { day: '2026-01-15', start: '2026-01-15T11:00:00.000Z', end: '2026-01-15T13:00:00.000Z' },
    // The Saturday before spring forward (still EST).
    { day: '2026-03-07', start: '2026-03-07T11:00:00.000Z', end: '2026-03-07T13:00:00.000Z' },
    // Spring forward on Sunday 2026-03-08 at 02:00: 06:00 is already EDT (UTC-4).
    { day: '2026-03-08', start: '2026-03-08T10:00:00.000Z', end: '2026-03-08T12:00:00.000Z' },
    // Summer (EDT).
    { day: '2026-07-01', start: '2026-07-01T10:00:00.000Z', end: '2026-07-01T12:00:00.000Z' },
    // Fall back on Sunday 2026-11-01 at 02:00: 06:00 is EST again.
    { day: '2026-10-31', start: '2026-10-31T10:00:00.000Z', end: '2026-10-31T12:00:00.000Z' },
    { day: '2026-11-01', start: '2026-11-01T11:00:00.000Z', end: '2026-11-01T13:00:00.000Z' },
  ])('$day: $start to $end', ({ day, start, end }) => {
    expect(zonedTimeToUtc(day, '06:00', SUBMISSION_TIME_ZONE).toISOString()).toBe(start);
    expect(zonedTimeToUtc(day, '08:00', SUBMISSION_TIME_ZONE).toISOString()).toBe(end);
    expect(submissionWindowAround(at(start), NY)).toEqual({ date: day, startsAt: at(start), endsAt: at(end) });
  });

  test.each([
    { instant: '2026-03-08T09:59:59.999Z', inside: false, why: 'one ms before 06:00 EDT on the spring-forward day' },
    { instant: '2026-03-08T10:00:00.000Z', inside: true, why: '06:00 EDT, start included' },
    { instant: '2026-03-08T11:59:59.999Z', inside: true, why: '07:59:59.999 EDT' },
    { instant: '2026-03-08T12:00:00.000Z', inside: false, why: '08:00 EDT, end excluded' },
    { instant: '2026-03-07T10:30:00.000Z', inside: false, why: '05:30 EST the day before (a fixed UTC-4 reading would say inside)' },
    { instant: '2026-11-01T10:30:00.000Z', inside: false, why: '05:30 EST on the fall-back day (a fixed UTC-4 reading would say inside)' },
    { instant: '2026-11-01T12:30:00.000Z', inside: true, why: '07:30 EST on the fall-back day' },
    { instant: '2026-11-01T12:59:59.000Z', inside: true, why: '07:59:59 EST' },
    { instant: '2026-11-01T13:00:00.000Z', inside: false, why: '08:00 EST' },
  ])('$instant inside: $inside ($why)', ({ instant, inside }) => {
    expect(isWithinSubmissionWindow(at(instant), NY)).toBe(inside);
  });

  test('the local date follows New York, not UTC', () => {
    expect(localDateIn(at('2026-11-24T03:00:00Z'), SUBMISSION_TIME_ZONE)).toBe('2026-11-23');
    expect(localDateIn(at('2026-11-24T05:00:00Z'), SUBMISSION_TIME_ZONE)).toBe('2026-11-24');
  });

  test('a wall time inside the spring-forward gap resolves after the gap; a repeated one to its first occurrence', () => {
    expect(zonedTimeToUtc('2026-03-08', '02:30', SUBMISSION_TIME_ZONE).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedTimeToUtc('2026-11-01', '01:30', SUBMISSION_TIME_ZONE).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  test('window ranges must start before they end', () => {
    expect(isValidWindowRange('06:00', '08:00')).toBe(true);
    expect(isValidWindowRange('08:00', '08:00')).toBe(false);
    expect(isValidWindowRange('09:00', '08:00')).toBe(false);
    expect(isValidWindowRange('6:00', '08:00')).toBe(false);
    expect(isValidWindowRange('06:00', '24:00')).toBe(false);
  });

  test('property: every instant maps to a wall time that maps back to it (outside the repeated hour)', () => {
    fc.assert(
      fc.property(fc.date({ min: at('2024-01-01T00:00:00Z'), max: at('2030-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const instant = new Date(Math.floor(date.getTime() / 60_000) * 60_000);
        const local = new Date(instant.getTime() + tzOffset(SUBMISSION_TIME_ZONE, instant) * 60_000);
        const time = `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
        const back = zonedTimeToUtc(localDateIn(instant, SUBMISSION_TIME_ZONE), time, SUBMISSION_TIME_ZONE);
        // In the repeated hour of a fall-back day the first occurrence is returned.
        expect([0, 3_600_000]).toContain(instant.getTime() - back.getTime());
      }),
    );
  });
});
