import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { LiveEvent } from '@myeai/domain';
import { lastEventStore, parseLiveEvent } from './live-events.ts';
import { liveSocketUrl, openLiveSocket, type LiveSocketStatus } from './live-socket.ts';

type LiveListener = (event: LiveEvent) => void;
type LiveChannel = { status: LiveSocketStatus; subscribe: (listener: LiveListener) => () => void };

/** Without a provider the socket counts as down (so pollers poll) and nothing is delivered. */
const LiveChannelContext = createContext<LiveChannel>({ status: 'down', subscribe: () => () => undefined });

/** The live socket's state: 'open' once it has stayed open briefly (see live-socket.ts). */
export function useLiveStatus(): LiveSocketStatus {
  return useContext(LiveChannelContext).status;
}

/** A TanStack Query refetchInterval: `intervalMs` while the socket is not open, none while it is. */
export function useLiveFallbackInterval(intervalMs: number): number | false {
  return useLiveStatus() === 'open' ? false : intervalMs;
}

/** Calls `listener` with every event of the live channel (each feature picks its own kinds). */
export function useLiveEvents(listener: LiveListener): void {
  const { subscribe } = useContext(LiveChannelContext);
  const listenerRef = useRef(listener);
  useEffect(() => {
    listenerRef.current = listener;
  }, [listener]);
  useEffect(() => subscribe((event) => listenerRef.current(event)), [subscribe]);
}

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
 * Mounted once in the signed-in app shell: one socket per tab, shared by every feature through
 * useLiveEvents. It remembers the last event id (memory and sessionStorage) and resumes from it.
 */
export function LiveChannelProvider({ userId, onSessionEnded, children }: LiveChannelProviderProps) {
  const [status, setStatus] = useState<LiveSocketStatus>('connecting');
  const listeners = useRef(new Set<LiveListener>());
  const sessionEndedRef = useRef(onSessionEnded);
  useEffect(() => {
    sessionEndedRef.current = onSessionEnded;
  }, [onSessionEnded]);

  const subscribe = useCallback((listener: LiveListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  useEffect(() => {
    const store = lastEventStore(userId, sessionStorageOrNull());
    const socket = openLiveSocket({
      url: (since) => liveSocketUrl(window.location, since),
      lastEventId: store.get,
      onMessage: (text) => {
        const event = parseLiveEvent(text);
        if (!event) return;
        store.advance(event.id);
        for (const listener of listeners.current) {
          try {
            listener(event);
          } catch (error) {
            console.error('live event listener failed', error);
          }
        }
      },
      onStatus: setStatus,
      onSessionEnded: () => sessionEndedRef.current(),
    });
    return () => socket.close();
  }, [userId]);

  return <LiveChannelContext value={{ status, subscribe }}>{children}</LiveChannelContext>;
}
