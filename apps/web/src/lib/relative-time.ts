const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
const absolute = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RelativeTimeOptions = {
  /** From this many days on, the date ("Oct 9, 2026") instead of "45 days ago". Without it, days go on. */
  dateAfterDays?: number;
  /** What a missing (null) or unreadable time reads. */
  missing?: string;
};

/**
 * "just now", "5 minutes ago", "3 hours ago", "2 days ago" (spec: minutes, hours or days). A time
 * slightly ahead of this device's clock reads "just now".
 */
export function formatRelativeTime(iso: string | null, now: number, options: RelativeTimeOptions = {}): string {
  const at = iso === null ? Number.NaN : Date.parse(iso);
  if (Number.isNaN(at)) return options.missing ?? '';
  const elapsed = now - at;
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (options.dateAfterDays !== undefined && elapsed >= options.dateAfterDays * DAY) return absolute.format(at);
  return relative.format(-Math.floor(elapsed / DAY), 'day');
}

/** The exact time, for the tooltip of a relative one. */
export function formatFullTime(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : full.format(at);
}
