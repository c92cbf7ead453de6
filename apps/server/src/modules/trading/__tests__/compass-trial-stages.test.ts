import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_TIMEFRAME_CODES, SentimentGridSchema, type CompassAccessInfo, type EntryWindow, type SentimentGrid } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { completeGoals, registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';
import { openWindow, pairIds, signInPool, voteAll } from './trading-helpers.ts';

type Pair = { assetId: string; timeframeId: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MESSAGE = 'Premium Trading Compass unlocks on day 3 of your trial.';

/**
 * The premium compass follows the trial's staged unlocks (decision 011): a trial user sees the
 * premium timeframes locked, and is refused their detail, events and history with the feature
 * guard's 403, until trial day 3 (48 h after the start), then gets their figures. The day is read
 * at each request's time (the clock moves, nothing is written), and the shared grid cache keeps
 * the two trial stages apart.
 */
describe.each(testDatabaseKinds())('the premium compass on trial day 3 on %s', (kind) => {
  let t: TestApp;
  let pool: string[];
  let early: { cookie: string; id: string };
  let late: { cookie: string; id: string };
  let startedAt: number;
  let premium: Pair;
  let free: Pair;
  let premiumWindowId: string;

  const cellQuery = (pair: Pair) => `asset_id=${pair.assetId}&timeframe_id=${pair.timeframeId}`;
  const grid = async (cookie: string, etag?: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie, headers: etag ? { 'if-none-match': etag } : {} });
    expect(response.statusCode, response.body).toBe(200);
    return { grid: SentimentGridSchema.parse(response.json()) as SentimentGrid, etag: response.headers.etag as string, body: response.body };
  };
  const premiumCells = (g: SentimentGrid) => g.timeframes.filter((tf) => tf.premium).flatMap((tf) => g.assets.map((asset) => g.grid[asset.id]![tf.id]!));
  const refused = async (cookie: string, url: string) => {
    const response = await t.inject({ method: 'GET', url, cookie });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: MESSAGE } });
  };
  const ok = async <T>(cookie: string, url: string) => {
    const response = await t.inject({ method: 'GET', url, cookie });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as T;
  };
  const at = (offset: number) => t.clock.set(new Date(startedAt + offset));

  /** Premium locked with no figures, refused with the stage text; the free timeframes still answer. */
  const expectPremiumLocked = async (cookie: string) => {
    const { grid: g } = await grid(cookie);
    expect(g.access).toMatchObject({ level: 'trial', premium_locked: true, premium_unlocks_on_trial_day: 3, locked_timeframe_codes: [...PREMIUM_TIMEFRAME_CODES] });
    expect(g.timeframes.filter((tf) => tf.locked).map((tf) => tf.code).sort()).toEqual([...PREMIUM_TIMEFRAME_CODES].sort());
    expect(premiumCells(g).every((cell) => JSON.stringify(cell) === '{"locked":true}')).toBe(true);
    expect(await ok<CompassAccessInfo>(cookie, '/api/trading/access')).toMatchObject({ level: 'trial', premium_locked: true, premium_unlocks_on_trial_day: 3 });
    await refused(cookie, `/api/trading/sentiment/detail?${cellQuery(premium)}`);
    await refused(cookie, `/api/trading/history?${cellQuery(premium)}`);
    await refused(cookie, `/api/trading/events?${cellQuery(premium)}`);
    await refused(cookie, `/api/trading/events?timeframe_id=${premium.timeframeId}`);
    // The asset's events without a timeframe leave the premium ones out; a free timeframe answers.
    const events = await ok<{ events: { window_id: string }[] }>(cookie, `/api/trading/events?asset_id=${premium.assetId}&limit=50`);
    expect(events.events.some((event) => event.window_id === premiumWindowId)).toBe(false);
    expect((await ok<{ cell: { locked: boolean } }>(cookie, `/api/trading/sentiment/detail?${cellQuery(free)}`)).cell.locked).toBe(false);
    return g;
  };

  /** Premium open, with figures, within the trial's limits (3 assets, live). */
  const expectPremiumOpen = async (cookie: string) => {
    const { grid: g, etag } = await grid(cookie);
    expect(g.access).toMatchObject({ level: 'trial', premium_locked: false, premium_unlocks_on_trial_day: null, locked_timeframe_codes: [], asset_limit: 3, history_hours: 24, delay_minutes: 0 });
    expect(g.assets).toHaveLength(3);
    expect(g.timeframes.some((tf) => tf.locked)).toBe(false);
    expect(g.grid[premium.assetId]![premium.timeframeId]).toMatchObject({ locked: false, has_data: true, long_percentage: 70 });
    const detail = await ok<{ cell: { locked: boolean; long_percentage?: number } }>(cookie, `/api/trading/sentiment/detail?${cellQuery(premium)}`);
    expect(detail.cell).toMatchObject({ locked: false, long_percentage: 70 });
    const history = await ok<{ locked: boolean; points: { window_id: string }[] }>(cookie, `/api/trading/history?${cellQuery(premium)}`);
    expect(history.locked).toBe(false);
    expect(history.points.map((point) => point.window_id)).toContain(premiumWindowId);
    const events = await ok<{ events: { window_id: string }[] }>(cookie, `/api/trading/events?${cellQuery(premium)}`);
    expect(events.events.some((event) => event.window_id === premiumWindowId)).toBe(true);
    return { grid: g, etag };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    pool = await signInPool(t);
    premium = await pairIds(t, 'EUR/USD', 'H1');
    free = await pairIds(t, 'EUR/USD', 'M5');
    early = await registerNewcomer(t, 'Erin Early');
    await completeGoals(t, early.cookie);
    const activated = await t.inject({ method: 'POST', url: '/api/auth/activate-trial', cookie: early.cookie });
    expect(activated.statusCode, activated.body).toBe(200);
    startedAt = t.clock.now().getTime();
  });
  afterAll(() => t.close());

  it('on trial day 2 the premium cells are locked with no figures, and their detail, history and events are refused with the stage text', async () => {
    at(DAY + HOUR);
    // A premium window closes with votes (long 70 %) within the trial's last 24 hours of day 3.
    premiumWindowId = ((await openWindow(t, pool[0]!, premium)).json().window as EntryWindow).id;
    expect((await voteAll(t, pool, premiumWindowId, 'LLSSLLLLLSSSN')).at(-1)!.json()).toMatchObject({ closed_window: true });
    await expectPremiumLocked(early.cookie);
    // The feature guard's endpoint says the same, from the same text.
    await refused(early.cookie, '/api/rbac/analytics/feature-access/premium_trading_compass');
  });

  it('1 s before 48 h still locked; at 48 h the premium cells open with figures, with no write (the day is read per request)', async () => {
    at(2 * DAY - 1000);
    await expectPremiumLocked(early.cookie);
    at(2 * DAY);
    await expectPremiumOpen(early.cookie);
    expect((await t.inject({ method: 'GET', url: '/api/rbac/analytics/feature-access/premium_trading_compass', cookie: early.cookie })).statusCode).toBe(200);
  });

  it('a second trial user on day 1 still gets locked cells afterwards: the two stages never share a cached grid', async () => {
    late = await registerNewcomer(t, 'Lou Late');
    await completeGoals(t, late.cookie);
    expect((await t.inject({ method: 'POST', url: '/api/auth/activate-trial', cookie: late.cookie })).statusCode).toBe(200);
    at(2 * DAY + 1000);
    const open = await expectPremiumOpen(early.cookie);
    const locked = await expectPremiumLocked(late.cookie);
    expect(locked.access.premium_unlocks_on_trial_day).toBe(3);
    // The day-3 user's ETag never revalidates the day-1 user's grid.
    const revalidated = await grid(late.cookie, open.etag);
    expect(revalidated.body).not.toMatch(/"long_percentage":70/);
    expect(premiumCells(revalidated.grid).every((cell) => cell.locked)).toBe(true);
    // And the other order: the day-1 grid was built last, the day-3 user still gets figures.
    await expectPremiumOpen(early.cookie);
  });

  it('once the trial has ended the compass is the preview again: premium locked until a plan, nothing to wait for', async () => {
    at(7 * DAY + 60_000);
    const { grid: g } = await grid(early.cookie);
    expect(g.access).toMatchObject({ level: 'preview', delay_minutes: 120, premium_locked: true, premium_unlocks_on_trial_day: null });
    expect(premiumCells(g).every((cell) => cell.locked)).toBe(true);
    // Locked until a plan: the detail answers `locked: true` as before, not the stage's 403.
    const detail = await ok<{ cell: { locked: boolean } }>(early.cookie, `/api/trading/sentiment/detail?${cellQuery(premium)}`);
    expect(detail.cell).toEqual({ locked: true });
    // The later user is on day 6 of theirs: premium open.
    expect((await grid(late.cookie)).grid.access).toMatchObject({ level: 'trial', premium_locked: false });
  });
});
