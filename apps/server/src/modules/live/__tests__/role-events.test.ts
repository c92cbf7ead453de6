import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { users } from '@myeai/db';
import { LiveEventSchema, TRADING_LIVE_EVENT_SCHEMAS, type LiveEvent } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { expectAnonymous, openWindow, pairIds, signInPool, voteAll } from '../../trading/__tests__/trading-helpers.ts';
import { publishRoleEvent } from '../live-events.service.ts';

type Socket = { ws: WebSocket; events: LiveEvent[]; raw: string[]; next: (predicate: (e: LiveEvent) => boolean, ms?: number) => Promise<LiveEvent> };

function wsUrl(t: TestApp, query = ''): string {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}/ws${query}`;
}

function connect(url: string, cookie: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie } });
    const events: LiveEvent[] = [];
    const raw: string[] = [];
    const waiters: { predicate: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
    ws.on('message', (data) => {
      raw.push(String(data));
      const event = LiveEventSchema.parse(JSON.parse(String(data)));
      events.push(event);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    });
    ws.on('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        events,
        raw,
        next: (predicate, ms = 5000) =>
          new Promise((done, fail) => {
            const seen = events.find(predicate);
            if (seen) return done(seen);
            const timer = setTimeout(() => fail(new Error(`no matching live event within ${ms} ms`)), ms);
            waiters.push({ predicate, resolve: (e) => { clearTimeout(timer); done(e); } });
          }),
      }),
    );
  });
}

const TRADING_KINDS = TRADING_LIVE_EVENT_SCHEMAS.map((schema) => schema.shape.kind.value);

describe.each(testDatabaseKinds())('role events on the live socket on %s', (kind) => {
  let t: TestApp;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t.close();
  });
  const open = async (cookie: string, query = '') => {
    const socket = await connect(wsUrl(t, query), cookie);
    sockets.push(socket.ws);
    return socket;
  };

  it('stores one row per event and delivers it to every holder of the roles, nobody else', async () => {
    const admin = await open(await t.signInAs('admin'));
    const trader = await open(await t.signInAs('trader'));
    const affiliate = await open(await t.signInAs('affiliate'));
    const multi = await open(await t.signIn('multi@demo.myeai.local'));
    const payload = { reason: 'market_changed' as const, asset_id: null, asset_symbol: null, timeframe_id: null, timeframe_code: null, at: t.clock.now().toISOString() };
    const id = await publishRoleEvent(t.database.db, t.clock, { roles: ['trader', 'admin'], kind: 'trading_compass_update', payload });
    for (const socket of [admin, trader, multi]) expect((await socket.next((e) => e.id === id)).payload).toEqual(payload);
    // multi acts as affiliate but holds trader and admin: it receives it (held roles, not the active one).
    // Events reach a socket in id order, so once a later event for the affiliate has arrived, the
    // first would have arrived before it had it been sent there.
    const marker = await publishRoleEvent(t.database.db, t.clock, { roles: ['affiliate'], kind: 'trading_compass_update', payload: { ...payload, at: 'marker' } });
    await affiliate.next((e) => e.id === marker);
    expect(affiliate.events.some((e) => e.id === id)).toBe(false);
  });

  it('resumes a reconnecting client with the role events of its roles only, in id order', async () => {
    const cookie = await t.signInAs('subscriber_free');
    const first = await open(cookie);
    const marker = await publishRoleEvent(t.database.db, t.clock, { roles: ['subscriber_free'], kind: 'trading_compass_update', payload: { reason: 'vote', asset_id: null, asset_symbol: null, timeframe_id: null, timeframe_code: null, at: 'x' } });
    await first.next((e) => e.id === marker);
    first.ws.close(1000);
    const forAdmins = await publishRoleEvent(t.database.db, t.clock, { roles: ['admin'], kind: 'trading_compass_update', payload: { reason: 'vote', asset_id: null, asset_symbol: null, timeframe_id: null, timeframe_code: null, at: 'admins' } });
    const missed = await publishRoleEvent(t.database.db, t.clock, { roles: ['subscriber_free', 'newcomer'], kind: 'trading_compass_update', payload: { reason: 'vote', asset_id: null, asset_symbol: null, timeframe_id: null, timeframe_code: null, at: 'missed' } });
    const again = await open(cookie, `?since=${marker}`);
    await again.next((e) => e.id === missed);
    expect(again.events.map((e) => e.id)).toEqual([missed]);
    expect(again.events.some((e) => e.id === forAdmins)).toBe(false);
  });

  it('follows a role change at the next heartbeat check', async () => {
    const cookie = await t.signInAs('investor');
    const socket = await open(cookie);
    const investor = (await getUserByEmail(t.database.db, 'investor@demo.myeai.local'))!;
    await t.database.db.update(users).set({ roles: ['investor', 'trader'] }).where(eq(users.id, investor.id));
    await t.app.live.checkNow();
    const id = await publishRoleEvent(t.database.db, t.clock, { roles: ['trader'], kind: 'trading_compass_update', payload: { reason: 'vote', asset_id: null, asset_symbol: null, timeframe_id: null, timeframe_code: null, at: 'now a trader' } });
    await socket.next((e) => e.id === id);
    await t.database.db.update(users).set({ roles: ['investor'] }).where(eq(users.id, investor.id));
  });

  it('over a whole trading cycle: subscribers get anonymous compass events only, traders no identities, admin kinds reach admins only', async () => {
    const pool = await signInPool(t);
    const admin = await open(await t.signInAs('admin'));
    const trader = await open(pool[6]!);
    const subscriber = await open(await t.signInAs('subscriber'));
    const free = await open(await t.signInAs('subscriber_free'));
    const affiliate = await open(await t.signInAs('affiliate'));

    const pair = await pairIds(t, 'WTI', 'M15');
    const opened = await openWindow(t, pool[0]!, pair);
    expect(opened.statusCode).toBe(201);
    const windowId = opened.json().window.id as string;
    await voteAll(t, pool, windowId, 'LLLSSNNLLLLLS');
    const final = (e: LiveEvent) => e.kind === 'consensus_final_admin' && e.payload.window_id === windowId;
    await admin.next(final);
    await trader.next((e) => e.kind === 'consensus_final_trader' && e.payload.window_id === windowId);
    for (const socket of [subscriber, free, affiliate]) await socket.next((e) => e.kind === 'trading_compass_update' && e.payload.reason === 'window_closed');
    // A marker published after the cycle reaches every socket after anything the cycle sent it.
    const marker = await publishRoleEvent(t.database.db, t.clock, {
      roles: ['admin', 'trader', 'subscriber', 'subscriber_free', 'affiliate'],
      kind: 'trading_compass_update',
      payload: { reason: 'market_changed', asset_id: null, asset_symbol: null, timeframe_id: null, timeframe_code: null, at: 'marker' },
    });
    for (const socket of [admin, trader, subscriber, free, affiliate]) await socket.next((e) => e.id === marker);

    const kinds = (socket: Socket) => new Set(socket.events.filter((e) => TRADING_KINDS.includes(e.kind as never)).map((e) => e.kind));
    expect(kinds(admin)).toEqual(new Set(['position_initiated', 'vote_update_admin', 'consensus_final_admin', 'vote_update_subscriber', 'trading_compass_update']));
    expect(kinds(trader)).toEqual(new Set(['position_initiated', 'vote_update_trader', 'consensus_final_trader', 'vote_update_subscriber', 'trading_compass_update']));
    for (const socket of [subscriber, free, affiliate]) expect(kinds(socket)).toEqual(new Set(['vote_update_subscriber', 'trading_compass_update']));
    expect(admin.events.filter((e) => e.kind === 'vote_update_admin' && e.payload.window_id === windowId)).toHaveLength(13);

    // Nothing identifying or weighted reaches a non-admin socket, byte for byte (the trader's own
    // notification of the window included).
    for (const socket of [trader, subscriber, free, affiliate]) for (const message of socket.raw) expectAnonymous(message);
    // Payloads are strict: a subscriber's are exactly the documented anonymous shapes.
    for (const event of subscriber.events) expect(() => LiveEventSchema.parse(event)).not.toThrow();
    const adminVote = admin.events.find((e) => e.kind === 'vote_update_admin');
    expect(adminVote?.kind === 'vote_update_admin' && adminVote.payload.voter).toMatchObject({ trader_email_local: 'trader', weight: 46 });
  });
});
