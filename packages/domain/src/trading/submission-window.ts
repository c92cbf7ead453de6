/**
 * The open-mode daily submission window: a wall-clock range in a time zone (06:00-08:00
 * America/New_York by default), compared against UTC instants. Zone arithmetic is @date-fns/tz's
 * TZDate (decision 034) over the runtime's time-zone database, so daylight-saving changes come
 * from there.
 */
import { TZDate } from '@date-fns/tz';

export type SubmissionWindow = { start: string; end: string; timeZone: string };

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

function minutesOf(time: string): number {
  const match = TIME_OF_DAY.exec(time);
  if (!match) throw new RangeError(`invalid time of day ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Start strictly before end on the same day (no window across midnight). */
export function isValidWindowRange(start: string, end: string): boolean {
  return isTimeOfDay(start) && isTimeOfDay(end) && minutesOf(start) < minutesOf(end);
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateIn(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
}

/**
 * The UTC instant of a wall-clock time on a date in a zone. A time skipped by a spring-forward
 * change resolves to the instant after the gap; a repeated time to its first occurrence.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const minutes = minutesOf(time);
  return new Date(new TZDate(year, month - 1, day, Math.floor(minutes / 60), minutes % 60, timeZone).getTime());
}

/** The window's UTC instants on the local date of `instant` in the window's zone. */
export function submissionWindowAround(instant: Date, window: SubmissionWindow): { date: string; startsAt: Date; endsAt: Date } {
  const date = localDateIn(instant, window.timeZone);
  return { date, startsAt: zonedTimeToUtc(date, window.start, window.timeZone), endsAt: zonedTimeToUtc(date, window.end, window.timeZone) };
}

/** Inside the daily window: start included, end excluded. */
export function isWithinSubmissionWindow(instant: Date, window: SubmissionWindow): boolean {
  const { startsAt, endsAt } = submissionWindowAround(instant, window);
  return instant.getTime() >= startsAt.getTime() && instant.getTime() < endsAt.getTime();
}
