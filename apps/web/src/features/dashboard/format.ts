const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 20, 2026" from "2026-11-20" (dates are UTC calendar days). */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "Oct 1-23" from two days of one month. */
export function formatDayRange(range: { from: string; to: string }): string {
  const from = shortDay.format(new Date(`${range.from}T00:00:00Z`));
  const to = range.to.slice(8, 10).replace(/^0/, '');
  return range.from === range.to ? from : `${from}-${to}`;
}

/** The Business Hub writes a whole percentage bare: "25%" or "33.3%". */
export const WHOLE_PERCENT = { wholeWithoutDecimal: true } as const;
