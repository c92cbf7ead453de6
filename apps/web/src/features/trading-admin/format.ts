const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** 46 -> "46.0%". */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

export function formatWhen(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : 'Never';
}

export function formatTime(iso: string): string {
  return time.format(new Date(iso));
}
