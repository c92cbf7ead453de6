import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_DATA_DELAY_MS, SentimentGridSchema, type EntryWindow, type GridCell, type SentimentGrid } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { completeGoals, registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';
import { emptyPairIds, openWindow, signInPool, vote, voteAll } from './trading-helpers.ts';

type Pair = { assetId: string; timeframeId: string };
type Detail = { access: { level: string; delay_minutes: number }; cell: GridCell; open_window: { id: string } | null };
type Events = { access: { level: string }; events: { window_id: string; timestamp: string }[] };

/**
 * The compass's delay follows the platform access level (GET /api/user/access-level): preview and
 * expired-trial users see the compass 2 hours behind, trial and plan holders live; the grid cache
 * shared per level never hands one level's data to another.
 */
describe.each(testDatabaseKinds())('compass access from the access level on %s', (kind) => {
  let t: TestApp;
  let pool: string[];
  let subscriber: string;
  let newcomer: { cookie: string; id: string };
  let closedPair: Pair;
  let openPair: Pair;
  let closedWindowId: string;
  let openWindowId: string;

  const get = async <T>(url: string, cookie: string) => {
    const response = await t.inject({ method: 'GET', url, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const grid = async (cookie: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return { grid: SentimentGridSchema.parse(response.json()) as SentimentGrid, etag: response.headers.etag as string };
  };
  const detail = (pair: Pair, cookie: string) => get<Detail>(`/api/trading/sentiment/detail?asset_id=${pair.assetId}&timeframe_id=${pair.timeframeId}`, cookie);
  const events = (cookie: string) => get<Events>('/api/trading/events?limit=50', cookie);
  const accessLevel = async (cookie: string) => (await get<{ access_level: string }>('/api/user/access-level', cookie)).access_level;
  const cellOf = (g: SentimentGrid, pair: Pair) => g.grid[pair.assetId]![pair.timeframeId]!;
  const cutoff = () => t.clock.now().getTime() - PREVIEW_DATA_DELAY_MS;

  /** Nothing in a delayed answer is newer than 2 hours: no open window, no figure updated since. */
  const expectDelayed = (g: SentimentGrid) => {
    expect(g.access).toMatchObject({ level: 'preview', delay_minutes: 120, data_as_of: expect.any(String) });
    expect(Date.parse(g.access.data_as_of)).toBeLessThanOrEqual(cutoff());
    for (const row of Object.values(g.grid)) {
      for (const cell of Object.values(row)) {
        if (cell.locked || !cell.has_data) continue;
        expect(cell.window_open).toBe(false);
        expect(Date.parse(cell.last_updated!)).toBeLessThanOrEqual(cutoff());
      }
    }
  };
  const expectLive = (g: SentimentGrid, level: 'trial' | 'subscriber') => {
    expect(g.access).toMatchObject({ level, delay_minutes: 0, data_as_of: t.clock.now().toISOString() });
    expect(cellOf(g, closedPair)).toMatchObject({ has_data: true, window_open: false, long_percentage: 70, last_updated: t.clock.now().toISOString() });
    // The open window's votes are counted, their shares never shown (decision 050).
    expect(cellOf(g, openPair)).toMatchObject({ has_data: false, window_open: true, open_votes: expect.any(Number), open_pool_size: 13, top_percentage: null, short_percentage: 0 });
  };
  const expectDetailDelayed = async (cookie: string) => {
    for (const pair of [closedPair, openPair]) {
      const answer = await detail(pair, cookie);
      expect(answer.access).toMatchObject({ level: 'preview', delay_minutes: 120 });
      expect(answer.open_window).toBeNull();
      if (!answer.cell.locked && answer.cell.has_data) expect(Date.parse(answer.cell.last_updated!)).toBeLessThanOrEqual(cutoff());
    }
    const recent = await events(cookie);
    expect(recent.events.length).toBeGreaterThan(0);
    expect(recent.events.every((event) => Date.parse(event.timestamp) <= cutoff())).toBe(true);
    expect(recent.events.some((event) => [closedWindowId, openWindowId].includes(event.window_id))).toBe(false);
  };
  const expectDetailLive = async (cookie: string, level: 'trial' | 'subscriber') => {
    expect((await detail(closedPair, cookie)).cell).toMatchObject({ long_percentage: 70, last_updated: t.clock.now().toISOString() });
    expect((await detail(openPair, cookie)).open_window).toMatchObject({ id: openWindowId });
    const recent = await events(cookie);
    expect(recent.access.level).toBe(level);
    expect(recent.events.filter((event) => event.window_id === closedWindowId).length).toBeGreaterThan(0);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    pool = await signInPool(t);
    subscriber = await t.signInAs('subscriber');
    newcomer = await registerNewcomer(t, 'Nina Newcomer');
    // Both pairs are among the trial's first three assets and outside the premium timeframes.
    closedPair = await emptyPairIds(t, 'EUR/USD', 'M5');
    openPair = await emptyPairIds(t, 'GBP/USD', 'M15');
    // Just now: one window closed by all 13 votes (long 70 %), one open with a single short vote.
    closedWindowId = ((await openWindow(t, pool[0]!, closedPair)).json().window as EntryWindow).id;
    expect((await voteAll(t, pool, closedWindowId, 'LLSSLLLLLSSSN')).at(-1)!.json()).toMatchObject({ closed_window: true });
    openWindowId = ((await openWindow(t, pool[0]!, openPair)).json().window as EntryWindow).id;
    expect((await vote(t, pool[1]!, openWindowId, 'short')).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('a newcomer who has not started the trial (access level preview) sees grid, detail and events 2 hours behind', async () => {
    expect(await accessLevel(newcomer.cookie)).toBe('preview');
    expectDelayed((await grid(newcomer.cookie)).grid);
    await expectDetailDelayed(newcomer.cookie);
  });

  it('the subscriber sees it live, whichever level warmed the shared grid cache first; neither level gets the other’s grid', async () => {
    // The preview built its cache entry first (previous test); a new vote invalidates both levels.
    expectLive((await grid(subscriber)).grid, 'subscriber');
    await expectDetailLive(subscriber, 'subscriber');
    const trader = pool[2]!;
    expect((await vote(t, trader, openWindowId, 'short')).statusCode).toBe(201);
    // The subscriber now warms the cache first; the preview that follows still sees nothing new.
    const live = await grid(subscriber);
    expect(cellOf(live.grid, openPair)).toMatchObject({ window_open: true, open_votes: 2 });
    const delayed = await grid(newcomer.cookie);
    expectDelayed(delayed.grid);
    expect(delayed.etag).not.toBe(live.etag);
    // A preview ETag never revalidates the subscriber's grid (or the other way round).
    expect((await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: subscriber, headers: { 'if-none-match': delayed.etag } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: newcomer.cookie, headers: { 'if-none-match': live.etag } })).statusCode).toBe(200);
  });

  it('once the newcomer starts the free trial (access level trial) the compass is live at once, limited to the trial’s 3 assets', async () => {
    await completeGoals(t, newcomer.cookie);
    const activated = await t.inject({ method: 'POST', url: '/api/auth/activate-trial', cookie: newcomer.cookie });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(await accessLevel(newcomer.cookie)).toBe('trial');

    const trial = (await grid(newcomer.cookie)).grid;
    expectLive(trial, 'trial');
    expect(trial.access).toMatchObject({ asset_limit: 3, history_hours: 24, premium_locked: true });
    expect(trial.assets.map((asset) => asset.symbol)).toEqual(['EUR/USD', 'GBP/USD', 'USD/JPY']);
    await expectDetailLive(newcomer.cookie, 'trial');
  });

  it('when the trial has ended (access level expired_trial) the compass is 2 hours behind again, on the clock', async () => {
    t.clock.advance(7 * 86_400_000 + 60_000);
    expect(await accessLevel(newcomer.cookie)).toBe('expired_trial');
    expectDelayed((await grid(newcomer.cookie)).grid);
    const access = await get<{ level: string; delay_minutes: number; data_as_of: string }>('/api/trading/access', newcomer.cookie);
    expect(access).toMatchObject({ level: 'preview', delay_minutes: 120, data_as_of: new Date(cutoff()).toISOString() });
  });
});
