const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const utcDayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shortUtcDayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A ledger timestamp as a date in the viewer's time zone, e.g. "Nov 23, 2026". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** A payout calendar day (YYYY-MM-DD, UTC), e.g. "Friday, November 27, 2026". */
export function formatPayoutDay(day: string): string {
  return utcDayFormat.format(new Date(`${day}T00:00:00.000Z`));
}

export function formatShortPayoutDay(day: string): string {
  return shortUtcDayFormat.format(new Date(`${day}T00:00:00.000Z`));
}
