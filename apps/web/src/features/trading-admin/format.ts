import type { LiveSocketStatus } from '../../lib/live-socket.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function formatWhen(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : 'Never';
}

export function formatTime(iso: string): string {
  return time.format(new Date(iso));
}

/**
 * The flow chart's live badge. A first connection is "Connecting…", not "Reconnecting": only a
 * socket that dropped (down) or gave up (closed) is being reconnected; until it is open the page
 * polls every 60 s (useLiveFallbackInterval).
 */
export function liveBadge(status: LiveSocketStatus): { label: string; color: 'green' | 'yellow' | 'orange' } {
  if (status === 'open') return { label: 'Live', color: 'green' };
  if (status === 'connecting') return { label: 'Connecting…', color: 'yellow' };
  return { label: 'Reconnecting: refreshing every 60 s', color: 'orange' };
}
