const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
const absolute = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5 minutes ago", "3 hours ago", "2 days ago" (spec: minutes, hours or days), then
 * the date after 30 days. A time slightly ahead of this device's clock reads "just now".
 */
export function formatRelativeTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const elapsed = now - at;
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 30 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return absolute.format(at);
}

/** The exact time, for the tooltip of a relative one. */
export function formatFullTime(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : full.format(at);
}
