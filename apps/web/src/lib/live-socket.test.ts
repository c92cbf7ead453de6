import { describe, expect, test } from 'vitest';
import { liveSocketUrl, openLiveSocket, type LiveSocketStatus, type SocketLike } from './live-socket.ts';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  close(code?: number) {
    this.closedWith = code;
  }
}

function harness(random = 0) {
  const sockets: FakeSocket[] = [];
  const statuses: LiveSocketStatus[] = [];
  const messages: string[] = [];
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  let lastId: number | null = null;
  let sessionEnded = 0;
  const handle = openLiveSocket({
    url: (since) => liveSocketUrl({ protocol: 'http:', host: 'app.test' }, since),
    lastEventId: () => lastId,
    onMessage: (text) => {
      messages.push(text);
      lastId = (JSON.parse(text) as { id: number }).id;
    },
    onStatus: (status) => statuses.push(status),
    onSessionEnded: () => (sessionEnded += 1),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => random,
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  const last = () => sockets[sockets.length - 1]!;
  const runTimer = () => {
    const timer = timers[timers.length - 1]!;
    timer.callback();
    return timer.ms;
  };
  /** The socket opens and stays open long enough to count. */
  const open = () => {
    last().onopen?.({});
    expect(runTimer()).toBe(2_000);
  };
  return { handle, sockets, statuses, messages, timers, last, runTimer, open, sessionEnded: () => sessionEnded };
}

describe('liveSocketUrl', () => {
  test.each([
    { protocol: 'http:', host: 'localhost:3000', since: null, expected: 'ws://localhost:3000/ws' },
    { protocol: 'https:', host: 'myeai.example', since: null, expected: 'wss://myeai.example/ws' },
    { protocol: 'https:', host: 'myeai.example', since: 42, expected: 'wss://myeai.example/ws?since=42' },
  ])('$protocol//$host since $since -> $expected', ({ protocol, host, since, expected }) => {
    expect(liveSocketUrl({ protocol, host }, since)).toBe(expected);
  });
});

describe('openLiveSocket', () => {
  test('connects at once and reports open once the socket stayed open 2 s', () => {
    const h = harness();
    expect(h.sockets.map((s) => s.url)).toEqual(['ws://app.test/ws']);
    h.last().onopen?.({});
    expect(h.statuses).toEqual(['connecting']);
    h.runTimer();
    expect(h.statuses).toEqual(['connecting', 'open']);
  });

  test('a socket accepted and dropped at once never counts as open and keeps backing off', () => {
    const h = harness(0);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      h.last().onopen?.({});
      const stable = h.timers[h.timers.length - 1]!;
      h.last().onclose?.({ code: 1011 });
      expect(stable.cleared).toBe(true);
      waits.push(h.runTimer());
    }
    expect(waits).toEqual([3_000, 6_000, 12_000, 24_000]);
    expect(h.statuses).not.toContain('open');
  });

  test('after a drop it waits with backoff (3 s first, doubling, jittered) and resumes from the last event id', () => {
    const h = harness(0);
    h.open();
    h.last().onmessage?.({ data: JSON.stringify({ id: 7 }) });
    h.last().onclose?.({ code: 1006 });
    expect(h.statuses.at(-1)).toBe('down');
    expect(h.runTimer()).toBe(3_000);
    expect(h.last().url).toBe('ws://app.test/ws?since=7');
    // The retry fails before opening: the next wait doubles.
    h.last().onclose?.({ code: 1006 });
    expect(h.runTimer()).toBe(6_000);
    h.last().onclose?.({ code: 1006 });
    expect(h.runTimer()).toBe(12_000);
    // Once open again the schedule starts over.
    h.open();
    h.last().onclose?.({ code: 1011 });
    expect(h.runTimer()).toBe(3_000);
    expect(h.messages).toEqual(['{"id":7}']);
  });

  test('jitter comes from the random source', () => {
    const h = harness(0.5);
    h.last().onclose?.({ code: 1006 });
    expect(h.timers[0]!.ms).toBe(4_500);
  });

  test('a normal close (1000) is not retried', () => {
    const h = harness();
    h.open();
    h.last().onclose?.({ code: 1000 });
    expect(h.timers).toHaveLength(1);
    expect(h.statuses.at(-1)).toBe('closed');
    expect(h.sessionEnded()).toBe(0);
  });

  test('a session end (4401) is not retried and is reported', () => {
    const h = harness();
    h.open();
    h.last().onclose?.({ code: 4401 });
    expect(h.timers).toHaveLength(1);
    expect(h.statuses.at(-1)).toBe('closed');
    expect(h.sessionEnded()).toBe(1);
  });

  test('close() closes normally, cancels a pending retry and ignores late events', () => {
    const h = harness();
    h.open();
    const first = h.last();
    h.handle.close();
    expect(first.closedWith).toBe(1000);
    expect(h.sockets).toHaveLength(1);

    const g = harness();
    g.last().onclose?.({ code: 1006 });
    g.handle.close();
    expect(g.timers[0]!.cleared).toBe(true);
    g.timers[0]!.callback();
    expect(g.sockets).toHaveLength(1);
  });

  test('a socket that cannot even be created is retried like a drop', () => {
    let calls = 0;
    const timers: number[] = [];
    openLiveSocket({
      url: () => 'ws://app.test/ws',
      lastEventId: () => null,
      onMessage: () => {},
      onStatus: () => {},
      onSessionEnded: () => {},
      createSocket: () => {
        calls += 1;
        throw new Error('blocked');
      },
      random: () => 0,
      setTimer: (_callback, ms) => timers.push(ms),
      clearTimer: () => {},
    });
    expect(calls).toBe(1);
    expect(timers).toEqual([3_000]);
  });
});
