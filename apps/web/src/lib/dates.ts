// The one date style of the app (issue 26, decision record 051): "Nov 20, 2026", and with the time
// "Nov 20, 2026, 3:45 PM". An instant shows in the viewer's time zone; a calendar day (YYYY-MM-DD,
// stored as a UTC day) shows as that day everywhere.
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const utcDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** An instant's date: "Nov 20, 2026". */
export function formatDate(iso: string | Date): string {
  return date.format(new Date(iso));
}

/** An instant's date and time: "Nov 20, 2026, 3:45 PM". */
export function formatDateTime(iso: string | Date): string {
  return dateTime.format(new Date(iso));
}

/** A calendar day ("2026-11-20", a UTC day): "Nov 20, 2026". */
export function formatCalendarDay(day: string): string {
  return utcDay.format(new Date(`${day.slice(0, 10)}T00:00:00.000Z`));
}
