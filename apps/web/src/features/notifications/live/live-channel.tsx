import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { NOTIFICATION_POLL_INTERVAL_MS } from '@myeai/domain';
import { notificationKeys } from '../api/query-keys.ts';
import { lastEventStore, parseLiveEvent } from './live-events.ts';
import { liveSocketUrl, openLiveSocket, type LiveSocketStatus } from '../../../lib/live-socket.ts';

const LiveStatusContext = createContext<LiveSocketStatus>('down');

/** The live socket's state; without a provider the socket counts as down (so the bell polls). */
export function useLiveStatus(): LiveSocketStatus {
  return useContext(LiveStatusContext);
}

/** TanStack Query refetchInterval: 10 s while the socket is not open, none while it is. */
export function usePollInterval(): number | false {
  return useLiveStatus() === 'open' ? false : NOTIFICATION_POLL_INTERVAL_MS;
}

/** Refetches the notification lists once per burst of events (a replay after a reconnect is one burst). */
const COALESCE_MS = 100;

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

type LiveChannelProviderProps = {
  userId: string;
  /** The server closed the socket because the session ended (4401): refetch the profile. */
  onSessionEnded: () => void;
  children: ReactNode;
};

/**
 * Mounted once in the signed-in app shell: one socket per tab. Each event refreshes the
 * notification queries (bell and page) from the server, which keeps the unread count exact
 * even when events replayed after a reconnect overlap what was already fetched.
 */
export function LiveChannelProvider({ userId, onSessionEnded, children }: LiveChannelProviderProps) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveSocketStatus>('connecting');
  const sessionEndedRef = useRef(onSessionEnded);
  useEffect(() => {
    sessionEndedRef.current = onSessionEnded;
  }, [onSessionEnded]);

  useEffect(() => {
    const store = lastEventStore(userId, sessionStorageOrNull());
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    const scheduleRefresh = () => {
      if (refreshTimer !== undefined) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = undefined;
        void queryClient.invalidateQueries({ queryKey: notificationKeys.feed });
      }, COALESCE_MS);
    };
    const socket = openLiveSocket({
      url: (since) => liveSocketUrl(window.location, since),
      lastEventId: store.get,
      onMessage: (text) => {
        const event = parseLiveEvent(text);
        if (!event) return;
        store.advance(event.id);
        scheduleRefresh();
      },
      onStatus: setStatus,
      onSessionEnded: () => sessionEndedRef.current(),
    });
    return () => {
      socket.close();
      if (refreshTimer !== undefined) clearTimeout(refreshTimer);
    };
  }, [userId, queryClient]);

  return <LiveStatusContext value={status}>{children}</LiveStatusContext>;
}
