const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 20, 2026", or "Never" for a lead never contacted (spec 2, variant A). */
export function formatLastContact(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : 'Never';
}

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** The local calendar date of an instant as YYYY-MM-DD, for a date input. */
export function toDateInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date typed in a date input as noon local time, so that it shows as the same day everywhere near. */
export function fromDateInput(text: string): string | null {
  if (!text) return null;
  const [year, month, day] = text.split('-').map(Number);
  return new Date(year!, month! - 1, day!, 12).toISOString();
}
