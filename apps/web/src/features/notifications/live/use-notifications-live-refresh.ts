import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { NOTIFICATION_POLL_INTERVAL_MS } from '@myeai/domain';
import { useLiveEvents, useLiveFallbackInterval } from '../../../lib/live-channel.tsx';
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
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((event) => {
    if (!event.kind.startsWith('notification.') || timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: notificationKeys.feed });
    }, COALESCE_MS);
  });
}

/** refetchInterval of the notification queries: 10 s (spec 1 section 9) only while the socket is down. */
export function useNotificationPollInterval(): number | false {
  return useLiveFallbackInterval(NOTIFICATION_POLL_INTERVAL_MS);
}
