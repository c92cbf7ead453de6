import { NOTIFICATION_POLL_INTERVAL_MS } from '@myeai/domain';
import { useLiveFallbackInterval } from '../../../lib/live-channel.tsx';
import { useLiveRefresh } from '../../../lib/use-live-refresh.ts';
import { notificationKeys } from '../api/query-keys.ts';

/** One refetch per burst of events (a replay after a reconnect is one burst). */
const COALESCE_MS = 100;

/**
 * Each notification event refreshes the notification lists (bell and page) from the server
 * rather than patching them: events replayed after a reconnect overlap what was fetched
 * meanwhile, and a refetch keeps the unread count exactly the server's (decision 008).
 * Used by the bell, which the signed-in shell always shows.
 */
export function useNotificationsLiveRefresh(): void {
  useLiveRefresh((kind) => kind.startsWith('notification.'), { queryKey: notificationKeys.feed }, COALESCE_MS);
}

/** refetchInterval of the notification queries: 10 s (spec 1 section 9) only while the socket is down. */
export function useNotificationPollInterval(): number | false {
  return useLiveFallbackInterval(NOTIFICATION_POLL_INTERVAL_MS);
}
