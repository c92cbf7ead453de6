import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consensusEvents, entryWindows, jobs, sentimentAggregates, windowVotes } from '@myeai/db';
import type { EntryWindow } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { closeWindow } from '../windows.service.ts';
import { emptyPairIds, openWindow, signInPool, vote, voteAll } from './trading-helpers.ts';

describe.each(testDatabaseKinds())('trading engine on %s', (kind) => {
  let first: TestApp;
  let pool: string[];

  beforeAll(async () => {
    first = await createTestApp(kind);
    pool = await signInPool(first);
  });
  afterAll(() => first.close());

  it('closes a window at closes_at through the job queue after a restart, exactly once', async () => {
    const pair = await emptyPairIds(first, 'TSLA', 'M15');
    const window = (await openWindow(first, pool[0]!, pair)).json().window as EntryWindow;
    await voteAll(first, pool, window.id, 'SSLS---------');
    // The server stops with the window open (sessions and database stay).
    await first.app.close();

    const second = await createTestApp(kind, {}, { database: first.database });
    try {
      second.clock.set(new Date(Date.parse(window.closes_at) - 1));
      // Only the e-mails of the position_initiated notifications are due yet.
      await second.runJobs();
      const [stillOpen] = await second.database.db.select().from(entryWindows).where(eq(entryWindows.id, window.id));
      expect(stillOpen!.status).toBe('open');

      second.clock.set(new Date(Date.parse(window.closes_at)));
      expect(await second.runJobs()).toBeGreaterThanOrEqual(1);
      const [closed] = await second.database.db.select().from(entryWindows).where(eq(entryWindows.id, window.id));
      // Lead S 46, senior S 9, senior L 9, senior S 9: short 64 / 73 = 87.7 %.
      expect(closed).toMatchObject({ status: 'closed', closeReason: 'time', voteCount: 4, shortTenths: 877, longTenths: 123, confirmedBias: 'short' });
      expect(closed!.closedAt!.toISOString()).toBe(window.closes_at);
      const [job] = await second.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `close-window:${window.id}`));
      expect(job!.status).toBe('succeeded');

      // Running the close again (a duplicated or retried job) changes nothing.
      const eventsBefore = await second.database.db.select().from(consensusEvents).where(eq(consensusEvents.windowId, window.id));
      expect(await closeWindow(second.database.db, second.clock, window.id)).toBe('already_closed');
      expect(await second.database.db.select().from(consensusEvents).where(eq(consensusEvents.windowId, window.id))).toEqual(eventsBefore);

      // The grid of the new instance shows the result.
      const grid = (await second.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: await second.signInAs('admin') })).json();
      expect(grid.grid[pair.assetId][pair.timeframeId]).toMatchObject({ traffic_light: 'red', current_bias: 'short', top_percentage: 88, window_open: false, confirmed_bias: 'short' });
    } finally {
      await second.close();
    }
  });
});

describe.each(testDatabaseKinds())('consensus over several windows on %s', (kind) => {
  let t: TestApp;
  let pool: string[];
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    pool = await signInPool(t);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const closeNow = async (windowId: string) => {
    const [row] = await t.database.db.select().from(entryWindows).where(eq(entryWindows.id, windowId));
    t.clock.set(row!.closesAt);
    await t.runJobs();
  };

  it('holds a confirmed bias between the thresholds (hysteresis) and records the exit below 47 %', async () => {
    const pair = await emptyPairIds(t, 'AAPL', 'M5');
    const events = async () => (await t.database.db.select().from(consensusEvents).where(and(eq(consensusEvents.assetId, pair.assetId), eq(consensusEvents.timeframeId, pair.timeframeId)))).map((e) => `${e.eventType}:${e.confirmedBias ?? ''}:${e.consensusTenths ?? ''}`);
    const standing = async () => (await t.database.db.select().from(sentimentAggregates).where(and(eq(sentimentAggregates.assetId, pair.assetId), eq(sentimentAggregates.timeframeId, pair.timeframeId))))[0]?.confirmedBias;

    // 1. Lead + senior long (55 %): confirmed long.
    let w = (await openWindow(t, pool[0]!, pair)).json().window as EntryWindow;
    await voteAll(t, pool, w.id, 'LLSSSSSSSSSSS');
    expect(await standing()).toBe('long');
    // 2. Long 48.x %: below confirmation, above exit: long holds, no event.
    t.clock.advance(60_000);
    w = (await openWindow(t, pool[0]!, pair)).json().window as EntryWindow;
    // lead 46 + 2 regulars 6 = 52 of 100? use lead + 1 regular = 49 % long.
    await voteAll(t, pool, w.id, 'LSSSLSSSSSSSN');
    expect(await standing()).toBe('long');
    // 3. Long 46 %: below exit 47: consensus_exit long.
    t.clock.advance(60_000);
    w = (await openWindow(t, pool[0]!, pair)).json().window as EntryWindow;
    await voteAll(t, pool, w.id, 'LSSSSSSSSNNNN');
    expect(await standing()).toBeNull();
    expect((await events()).filter((e) => !e.startsWith('window_opened'))).toEqual(['consensus_confirmed:long:550', 'consensus_exit:long:460']);
    const grid = (await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: admin })).json();
    // The last window's shares: short 9x3 + 3x5 = 42, neutral 12, long 46 -> long is still the top share (grey would be a tie).
    expect(grid.grid[pair.assetId][pair.timeframeId]).toMatchObject({ current_bias: 'long', confirmed_bias: null, result_confirmed_bias: null, long_percentage: 46 });
  });

  it('a window nobody voted in closes at closes_at and changes nothing', async () => {
    const pair = await emptyPairIds(t, 'AAPL', 'M15');
    const w = (await openWindow(t, pool[1]!, pair)).json().window as EntryWindow;
    await closeNow(w.id);
    const [row] = await t.database.db.select().from(entryWindows).where(eq(entryWindows.id, w.id));
    expect(row).toMatchObject({ status: 'closed', voteCount: 0, confirmedBias: null, resultBias: null });
    const grid = (await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: admin })).json();
    expect(grid.grid[pair.assetId][pair.timeframeId]).toMatchObject({ has_data: false, traffic_light: 'grey' });
  });

  it('reopening a pair whose window is overdue closes the old one first', async () => {
    const pair = await emptyPairIds(t, 'TSLA', 'M5');
    const old = (await openWindow(t, pool[0]!, pair)).json().window as EntryWindow;
    await vote(t, pool[1]!, old.id, 'long');
    t.clock.set(new Date(Date.parse(old.closes_at) + 1000));
    const fresh = await openWindow(t, pool[2]!, pair);
    expect(fresh.statusCode).toBe(201);
    const [oldRow] = await t.database.db.select().from(entryWindows).where(eq(entryWindows.id, old.id));
    expect(oldRow).toMatchObject({ status: 'closed', closeReason: 'time', confirmedBias: 'long' });
    await t.runJobs();
  });

  it('open mode: only the first N submissions inside 06:00-08:00 New York count; the window closes at N', async () => {
    expect((await t.inject({ method: 'PUT', url: '/api/trading/admin/settings', cookie: admin, payload: { consensus_mode: 'open', max_consensus_size: 3 } })).statusCode).toBe(200);
    const pair = await emptyPairIds(t, 'GER40', 'M5');
    // 2026-11-24 09:00 UTC is 04:00 in New York (EST): outside the window.
    t.clock.set(new Date('2026-11-24T09:00:00Z'));
    let w = (await openWindow(t, pool[0]!, pair)).json().window as EntryWindow;
    expect(w).toMatchObject({ mode: 'open', pool_size: 3 });
    const outside = await vote(t, pool[0]!, w.id, 'long');
    expect(outside.statusCode).toBe(409);
    expect(outside.json().error.message).toBe('Open mode accepts submissions only inside the daily submission window.');
    await closeNow(w.id);

    // 11:30 UTC is 06:30 EST: inside. Every submission counts one (no performance weighting).
    t.clock.set(new Date('2026-11-24T11:30:00Z'));
    w = (await openWindow(t, pool[0]!, pair)).json().window as EntryWindow;
    expect((await vote(t, pool[0]!, w.id, 'short')).statusCode).toBe(201);
    expect((await vote(t, pool[5]!, w.id, 'long')).statusCode).toBe(201);
    const third = await vote(t, pool[6]!, w.id, 'long');
    expect(third.json()).toMatchObject({ closed_window: true, window: { status: 'closed', total_votes: 3 } });
    const [row] = await t.database.db.select().from(entryWindows).where(eq(entryWindows.id, w.id));
    // Two of three long, the lead's weight does not count in open mode.
    expect(row).toMatchObject({ longTenths: 667, shortTenths: 333, confirmedBias: 'long' });
    const votes = await t.database.db.select().from(windowVotes).where(eq(windowVotes.windowId, w.id));
    expect(votes.map((v) => v.weightTenths)).toEqual([10, 10, 10]);
    expect((await t.inject({ method: 'PUT', url: '/api/trading/admin/settings', cookie: admin, payload: { consensus_mode: 'fixed' } })).statusCode).toBe(200);
    expect(TEST_NOW.getTime()).toBeLessThan(t.clock.now().getTime());
  });
});
