import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { jobs } from '@myeai/db';
import type { DashboardStats, LiveEvent, NotificationPage, SentimentGrid } from '@myeai/domain';
import { SESSION_ENDED_CLOSE_CODE } from '../../modules/live/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

/**
 * Two app instances on one PostgreSQL, as behind a load balancer without sticky sessions (issue
 * 15 item 5). The four properties, each proved here or in the test named:
 * - a notification made on one reaches a socket on the other: below, and live.test.ts
 *   "two server instances on one PostgreSQL";
 * - a job runs once: below for a real job claimed by both, and job-concurrency.test.ts
 *   "two runners on one PostgreSQL" for 120 jobs;
 * - a session revoked on one is refused by the other at once, its socket there closed: below,
 *   and user-changes.test.ts "cached reads across two instances" for the role switch;
 * - a cache on one is invalidated by a write through the other: below (the Business Hub figures,
 *   and the compass grid, shared by every viewer), and user-changes.test.ts for the lead list.
 */

type Socket = { closed: Promise<number>; events: LiveEvent[]; next: (predicate: (e: LiveEvent) => boolean) => Promise<LiveEvent>; close: () => void };

function connect(t: TestApp, cookie: string): Promise<Socket> {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the instance is not listening');
  const ws = new WebSocket(`ws://127.0.0.1:${address.port}/ws`, { headers: { cookie } });
  const events: LiveEvent[] = [];
  const waiters: { predicate: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
  ws.on('message', (data) => {
    const event = JSON.parse(String(data)) as LiveEvent;
    events.push(event);
    for (const waiter of waiters.filter((w) => w.predicate(event))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  });
  const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        closed,
        events,
        close: () => ws.terminate(),
        next: (predicate) =>
          new Promise((done, fail) => {
            const seen = events.find(predicate);
            if (seen) return done(seen);
            const timer = setTimeout(() => fail(new Error('no live event within 5 s')), 5000);
            waiters.push({ predicate, resolve: (e) => (clearTimeout(timer), done(e)) });
          }),
      }),
    );
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp('postgres');
    two = await createTestApp('postgres', {}, { database: one.database });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
    await one.clearQueues();
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const notificationTitles = async (t: TestApp, cookie: string) =>
    ((await t.inject({ method: 'GET', url: '/api/notifications', cookie })).json() as NotificationPage).items.map((n) => n.title);

  it('a notification sent through instance 1 and fanned out by both instances’ runners at once reaches the socket on instance 2, once', async () => {
    const affiliate = await two.signIn('affiliate@demo.myeai.local');
    const socket = await connect(two, affiliate);
    // The bell's first page, now cached on instance 2.
    expect(await notificationTitles(two, affiliate)).not.toContain('Two instances, one job');

    const admin = await one.signIn('admin@demo.myeai.local');
    const sent = await one.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      cookie: admin,
      payload: { title: 'Two instances, one job', message: 'Sent through instance 1', audience: { kind: 'role', role: 'affiliate' } },
    });
    expect(sent.statusCode).toBe(202);
    const [ranOne, ranTwo] = await Promise.all([one.runJobs(), two.runJobs()]);
    expect(ranOne + ranTwo).toBeGreaterThan(0);

    const event = await socket.next((e) => e.kind === 'notification.created' && (e.payload as { title?: string }).title === 'Two instances, one job');
    expect(event.payload).toMatchObject({ message: 'Sent through instance 1' });
    // One job row per enqueued job, each run once; one notification for the affiliate, shown by
    // instance 2's cache, which the write through the other instance emptied.
    const rows = await one.database.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
    expect((await notificationTitles(two, affiliate)).filter((title) => title === 'Two instances, one job')).toHaveLength(1);
    expect(socket.events.filter((e) => (e.payload as { title?: string }).title === 'Two instances, one job')).toHaveLength(1);
    socket.close();
  });

  it('a logout through instance 1 is refused by instance 2 at once, and closes the session’s socket there', async () => {
    const cookie = await one.signIn('trader@demo.myeai.local');
    const otherSession = await one.signIn('trader@demo.myeai.local');
    const socket = await connect(two, cookie);
    const otherSocket = await connect(two, otherSession);
    expect((await two.inject({ method: 'GET', url: '/api/auth/profile', cookie })).statusCode).toBe(200);

    expect((await one.inject({ method: 'POST', url: '/api/auth/logout', cookie })).statusCode).toBeLessThan(300);

    expect((await two.inject({ method: 'GET', url: '/api/auth/profile', cookie })).statusCode).toBe(401);
    expect((await two.inject({ method: 'GET', url: '/api/notifications', cookie })).statusCode).toBe(401);
    await expect(socket.closed).resolves.toBe(SESSION_ENDED_CLOSE_CODE);
    // The same user's other session lives on, on both instances.
    expect((await two.inject({ method: 'GET', url: '/api/auth/profile', cookie: otherSession })).statusCode).toBe(200);
    expect((await one.inject({ method: 'GET', url: '/api/auth/profile', cookie: otherSession })).statusCode).toBe(200);
    const stillOpen = await Promise.race([otherSocket.closed.then(() => false), two.inject({ method: 'GET', url: '/api/health' }).then(() => true)]);
    expect(stillOpen).toBe(true);
    otherSocket.close();
  });

  it('the Business Hub figures cached on instance 2 follow a lead written through instance 1', async () => {
    const cookie = await one.signIn('affiliate@demo.myeai.local');
    const activeLeads = async () => ((await two.inject({ method: 'GET', url: '/api/dashboard/stats', cookie })).json() as DashboardStats).active_leads;
    const before = await activeLeads();
    expect(await activeLeads()).toBe(before);
    const created = await one.inject({ method: 'POST', url: '/api/leads', cookie, payload: { name: 'Figures Across Instances', email: 'figures-across@example.com' } });
    expect(created.statusCode).toBe(201);
    expect(await activeLeads()).toBe(before + 1);
  });

  it('the compass grid cached on instance 2 follows a vote cast through instance 1', async () => {
    const admin = await two.signIn('admin@demo.myeai.local');
    const grid = (etag?: string) => two.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: admin, headers: etag ? { 'if-none-match': etag } : {} });
    const first = await grid();
    const etag = first.headers.etag as string;
    expect((await grid(etag)).statusCode).toBe(304);

    const [asset, timeframe] = [(first.json() as SentimentGrid).assets.at(-1)!, (first.json() as SentimentGrid).timeframes[0]!];
    const opened = await one.inject({ method: 'POST', url: '/api/trading/windows/open', cookie: await one.signIn('trader@demo.myeai.local'), payload: { asset_id: asset.id, timeframe_id: timeframe.id } });
    expect(opened.statusCode, opened.body).toBe(201);
    const voted = await one.inject({ method: 'POST', url: `/api/trading/windows/${opened.json().window.id}/vote`, cookie: await one.signIn('trader2@demo.myeai.local'), payload: { bias: 'long', confidence: 60 } });
    expect(voted.statusCode, voted.body).toBe(201);

    const after = await grid(etag);
    expect(after.statusCode).toBe(200);
    expect((after.json() as SentimentGrid).grid[asset.id]![timeframe.id]).toMatchObject({ window_open: true, open_votes: 1 });
  });
});
