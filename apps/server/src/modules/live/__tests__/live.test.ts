import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveEvent } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { createNotification } from '../../notifications/index.ts';
import { MAX_SOCKETS_PER_SESSION, SESSION_ENDED_CLOSE_CODE, TOO_MANY_SOCKETS_CLOSE_CODE } from '../live-hub.ts';

type Socket = { ws: WebSocket; events: LiveEvent[]; closed: Promise<number>; next: (predicate?: (e: LiveEvent) => boolean) => Promise<LiveEvent> };

function wsUrl(t: TestApp, query = ''): string {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}/ws${query}`;
}

/** Opens a socket and resolves once it is open, or rejects with the HTTP status of a refused upgrade. */
function connect(url: string, headers: Record<string, string>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const events: LiveEvent[] = [];
    const waiters: { predicate: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as LiveEvent;
      events.push(event);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    });
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
    ws.on('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        events,
        closed,
        next: (predicate = () => true) =>
          new Promise((done, fail) => {
            const seen = events.find(predicate);
            if (seen) return done(seen);
            const timer = setTimeout(() => fail(new Error('no live event within 5 s')), 5000);
            waiters.push({ predicate, resolve: (e) => { clearTimeout(timer); done(e); } });
          }),
      }),
    );
  });
}

describe.each(testDatabaseKinds())('live socket on %s', (kind) => {
  let t: TestApp;
  let affiliateId: string;
  let traderId: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    affiliateId = (await getUserByEmail(t.database.db, 'affiliate@demo.myeai.local'))!.id;
    traderId = (await getUserByEmail(t.database.db, 'trader@demo.myeai.local'))!.id;
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t.close();
  });

  const open = async (cookie: string, query = '', origin?: string) => {
    const socket = await connect(wsUrl(t, query), { cookie, ...(origin ? { origin } : {}) });
    sockets.push(socket.ws);
    return socket;
  };
  const notify = (userId: string, title: string) => createNotification(t.database.db, t.clock, { userId, type: 'system', title, message: 'm' });

  it('refuses an upgrade without a session cookie, from a foreign Origin, or with a revoked session', async () => {
    await expect(connect(wsUrl(t), {})).rejects.toThrow('HTTP 401');
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    await expect(connect(wsUrl(t), { cookie, origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    const own = await open(cookie, '', wsUrl(t).replace('ws://', 'http://').replace('/ws', ''));
    own.ws.close(1000);
    await t.inject({ method: 'POST', url: '/api/auth/logout', cookie });
    await expect(connect(wsUrl(t), { cookie })).rejects.toThrow('HTTP 401');
  });

  it(`lets one session hold at most ${MAX_SOCKETS_PER_SESSION} sockets: the next is refused (HTTP 429), another session is not affected`, async () => {
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    const held = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i += 1) held.push(await open(cookie));
    await expect(connect(wsUrl(t), { cookie })).rejects.toThrow('HTTP 429');
    const otherSession = await open(await t.signIn('affiliate@demo.myeai.local'));
    expect(otherSession.ws.readyState).toBe(WebSocket.OPEN);
    // The held sockets stay open (none is closed to make room), and closing one frees a place.
    expect(held.map((socket) => socket.ws.readyState)).toEqual(held.map(() => WebSocket.OPEN));
    held[0]!.ws.close(1000);
    await held[0]!.closed;
    const again = await open(cookie);
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
    await expect(connect(wsUrl(t), { cookie })).rejects.toThrow('HTTP 429');
  });

  it(`keeps the limit when many handshakes of one session race: ${MAX_SOCKETS_PER_SESSION} stay open`, async () => {
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    const attempts = await Promise.allSettled(Array.from({ length: 12 }, () => open(cookie)));
    const opened = attempts.filter((a): a is PromiseFulfilledResult<Socket> => a.status === 'fulfilled').map((a) => a.value);
    const refused = attempts.filter((a) => a.status === 'rejected');
    // A socket past the handshake check is closed at once with the policy code. A pong answers a
    // ping only on a socket the server keeps, and arrives after any close frame sent before it.
    const settled = (socket: Socket) =>
      socket.ws.readyState !== WebSocket.OPEN
        ? socket.closed
        : new Promise<number | null>((done) => {
            void socket.closed.then(done);
            socket.ws.once('pong', () => done(null));
            socket.ws.ping();
          });
    const stillOpen = [];
    for (const socket of opened) {
      const code = await settled(socket);
      if (code === null) stillOpen.push(socket);
      else expect(code).toBe(TOO_MANY_SOCKETS_CLOSE_CODE);
    }
    expect(stillOpen).toHaveLength(MAX_SOCKETS_PER_SESSION);
    for (const failure of refused) expect(String((failure as PromiseRejectedResult).reason)).toContain('HTTP 429');
  });

  it('pushes each user only their own events', async () => {
    const affiliate = await open(await t.signIn('affiliate@demo.myeai.local'));
    const trader = await open(await t.signIn('trader@demo.myeai.local'));
    await notify(traderId, 'For the trader');
    await notify(affiliateId, 'For the affiliate');
    const received = await affiliate.next((e) => e.kind === 'notification.created');
    expect(received).toMatchObject({ kind: 'notification.created', payload: { title: 'For the affiliate' } });
    await trader.next((e) => e.kind === 'notification.created');
    expect(affiliate.events.map((e) => (e.kind === 'notification.created' ? e.payload.title : e.kind))).toEqual(['For the affiliate']);
    expect(trader.events.map((e) => (e.kind === 'notification.created' ? e.payload.title : e.kind))).toEqual(['For the trader']);
  });

  it('closes the socket when its session ends (logout), with the session-ended code', async () => {
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    const socket = await open(cookie);
    const other = await open(await t.signIn('affiliate@demo.myeai.local'));
    await t.inject({ method: 'POST', url: '/api/auth/logout', cookie });
    await expect(socket.closed).resolves.toBe(SESSION_ENDED_CLOSE_CODE);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket whose session expired at the next check', async () => {
    const socket = await open(await t.signIn('trader@demo.myeai.local'));
    t.clock.advance(31 * 86_400_000);
    await t.app.live.checkNow();
    await expect(socket.closed).resolves.toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('sends a reconnecting client everything after the last event id it saw', async () => {
    const cookie = await t.signIn('affiliate@demo.myeai.local');
    const first = await open(cookie);
    await notify(affiliateId, 'Seen');
    const seen = await first.next((e) => e.kind === 'notification.created' && e.payload.title === 'Seen');
    first.ws.close(1000);
    await first.closed;
    await notify(affiliateId, 'Missed 1');
    await notify(affiliateId, 'Missed 2');
    const again = await open(cookie, `?since=${seen.id}`);
    await again.next((e) => e.kind === 'notification.created' && e.payload.title === 'Missed 2');
    const titles = again.events.map((e) => (e.kind === 'notification.created' ? e.payload.title : e.kind));
    expect(titles).toEqual(['Missed 1', 'Missed 2']);
    expect(again.events.map((e) => e.id)).toEqual([...again.events.map((e) => e.id)].sort((a, b) => a - b));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp('postgres');
    two = await createTestApp('postgres', {}, { database: one.database });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('delivers an event created through instance 1 to a socket connected to instance 2', async () => {
    const socket = await connect(wsUrl(two), { cookie: await two.signIn('affiliate@demo.myeai.local') });
    const admin = await one.signIn('admin@demo.myeai.local');
    const sent = await one.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      cookie: admin,
      payload: { title: 'Across instances', message: 'Hello from instance 1', audience: { kind: 'role', role: 'affiliate' } },
    });
    expect(sent.statusCode).toBe(202);
    await one.runJobs();
    const event = await socket.next((e) => e.kind === 'notification.created');
    expect(event).toMatchObject({ payload: { title: 'Across instances', message: 'Hello from instance 1' } });
    socket.ws.terminate();
  });
});
