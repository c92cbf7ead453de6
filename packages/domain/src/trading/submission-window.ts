/**
 * The open-mode daily submission window: a wall-clock range in a time zone (06:00-08:00
 * America/New_York by default), compared against UTC instants. Built on Intl, so daylight-saving
 * changes come from the runtime's time-zone database.
 */

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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** Offset of the zone from UTC at an instant, in ms (New York: -5 h in winter, -4 h in summer). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateIn(instant: Date, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

/**
 * The UTC instant of a wall-clock time on a date in a zone. A time skipped by a spring-forward
 * change resolves to the instant after the gap; a repeated time to its first occurrence.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const minutes = minutesOf(time);
  const guess = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  const first = zoneOffsetMs(new Date(guess), timeZone);
  const candidate = guess - first;
  const second = zoneOffsetMs(new Date(candidate), timeZone);
  if (second === first) return new Date(candidate);
  const adjusted = guess - second;
  // In a gap neither offset reproduces the wall time: take the later instant.
  return new Date(zoneOffsetMs(new Date(adjusted), timeZone) === second ? Math.min(adjusted, candidate) : Math.max(adjusted, candidate));
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
