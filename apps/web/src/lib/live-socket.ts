import { apiPath, livePaths, reconnectDelay } from '@myeai/domain';

/** connecting: an attempt under way (or open for less than LIVE_STABLE_AFTER_MS); open; down: waiting to retry; closed: for good. */
export type LiveSocketStatus = 'connecting' | 'open' | 'down' | 'closed';

/** Close codes of the live channel (server side in apps/server/src/modules/live). */
export const LIVE_CLOSE_NORMAL = 1000;
export const LIVE_CLOSE_SESSION_ENDED = 4401;

/**
 * A socket counts as open (polling stops, the backoff starts over) only once it stayed open this
 * long, so a connection that is accepted and dropped at once keeps the polling and backs off.
 */
export const LIVE_STABLE_AFTER_MS = 2_000;

/** The part of the browser's WebSocket this module uses (a fake one in the tests). */
export type SocketLike = {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close: (code?: number, reason?: string) => void;
};

export type LiveSocketOptions = {
  /** The address to connect to, given the last event id seen (null before the first). */
  url: (since: number | null) => string;
  lastEventId: () => number | null;
  onMessage: (text: string) => void;
  onStatus: (status: LiveSocketStatus) => void;
  /** The server closed with 4401: the session is over; we do not reconnect. */
  onSessionEnded: () => void;
  createSocket?: (url: string) => SocketLike;
  /** A number in [0, 1) for the reconnect jitter. */
  random?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export type LiveSocketHandle = { close: () => void };

/** A uniform draw in [0, 1) from the browser's cryptographic generator (Math.random is banned here). */
export function cryptoRandom(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
}

/** ws:// or wss:// on the page's own origin, path /ws, with ?since=<id> once an event was seen. */
export function liveSocketUrl(location: { protocol: string; host: string }, since: number | null): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = since === null ? '' : `?since=${encodeURIComponent(String(since))}`;
  return `${scheme}//${location.host}${apiPath(livePaths.socket)}${query}`;
}

/**
 * Keeps one live socket open: reconnects after an unexpected close with exponential backoff and
 * jitter (reconnectDelay, 3 s first, 60 s cap), resuming from the last event id; never after a
 * normal close (1000) or a session end (4401), nor after close() was called.
 */
export function openLiveSocket(options: LiveSocketOptions): LiveSocketHandle {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const random = options.random ?? cryptoRandom;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  let socket: SocketLike | null = null;
  let retryTimer: unknown = null;
  let stableTimer: unknown = null;
  let attempt = 0;
  let isDisposed = false;

  const connect = () => {
    retryTimer = null;
    if (isDisposed) return;
    options.onStatus('connecting');
    let current: SocketLike;
    try {
      current = createSocket(options.url(options.lastEventId()));
    } catch {
      scheduleRetry();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (isDisposed || socket !== current) return;
      stableTimer = setTimer(() => {
        stableTimer = null;
        if (isDisposed || socket !== current) return;
        attempt = 0;
        options.onStatus('open');
      }, LIVE_STABLE_AFTER_MS);
    };
    current.onmessage = (event) => {
      if (isDisposed || socket !== current) return;
      if (typeof event.data === 'string') options.onMessage(event.data);
    };
    current.onerror = () => {
      // A close event always follows; the decision is taken there.
    };
    current.onclose = (event) => {
      if (isDisposed || socket !== current) return;
      socket = null;
      if (stableTimer !== null) clearTimer(stableTimer);
      stableTimer = null;
      if (event.code === LIVE_CLOSE_SESSION_ENDED) {
        options.onStatus('closed');
        options.onSessionEnded();
        return;
      }
      if (event.code === LIVE_CLOSE_NORMAL) {
        options.onStatus('closed');
        return;
      }
      scheduleRetry();
    };
  };

  const scheduleRetry = () => {
    if (isDisposed) return;
    options.onStatus('down');
    const delay = reconnectDelay(attempt, random());
    attempt += 1;
    retryTimer = setTimer(connect, delay);
  };

  connect();

  return {
    close: () => {
      if (isDisposed) return;
      isDisposed = true;
      if (retryTimer !== null) clearTimer(retryTimer);
      if (stableTimer !== null) clearTimer(stableTimer);
      const current = socket;
      socket = null;
      if (current) {
        current.onopen = null;
        current.onmessage = null;
        current.onclose = null;
        current.onerror = null;
        current.close(LIVE_CLOSE_NORMAL);
      }
    },
  };
}
