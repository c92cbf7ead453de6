import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingAssetPicks, users } from '@myeai/db';
import {
  AssetPicksSchema,
  entitlementsOf,
  PLANS,
  planFeatureLines,
  SentimentGridSchema,
  TraderBreakdownSchema,
  type EntryWindow,
  type PlanId,
  type SentimentGrid,
} from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { seedDemoSubscription } from '../../subscriptions/index.ts';
import { completeGoals, registerNewcomer } from '../../trials/__tests__/newcomer-helpers.ts';
import { BREAKDOWN_NEEDS_PLAN_MESSAGE } from '../compass.service.ts';
import { pickedAssetIds } from '../index.ts';
import { emptyPairIds, expectAnonymous, openWindow, pairIds, signInPool, voteAll } from './trading-helpers.ts';

type Pair = { assetId: string; timeframeId: string };
type Member = { cookie: string; id: string };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The plan cards are contracts (DESIGN.md decisions 27, 36, 37; decision 019): each plan's
 * subscriber gets exactly the assets, history depth and trader breakdown its card lists, and the
 * weekly plan's 4 assets are the ones the subscriber picked, changed at most once per 24 hours.
 */
describe.each(testDatabaseKinds())('plan features on the compass on %s', (kind) => {
  let t: TestApp;
  let pool: string[];
  let aapl: Pair;
  let assetIds: string[];
  /** Windows of AAPL M5 closed this many days before TEST_NOW, by age. */
  const windowsByAge = new Map<number, string>();
  const members = new Map<PlanId, Member>();

  const get = async <T>(member: Member, url: string, status = 200): Promise<T> => {
    const response = await t.inject({ method: 'GET', url, cookie: member.cookie });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    return response.json() as T;
  };
  const grid = async (member: Member) => SentimentGridSchema.parse(await get(member, '/api/trading/sentiment/grid')) as SentimentGrid;
  const openRows = (g: SentimentGrid) => g.assets.filter((asset) => Object.values(g.grid[asset.id]!).some((cell) => !cell.locked)).map((asset) => asset.id);
  const pick = (member: Member, ids: string[]) => t.inject({ method: 'PUT', url: '/api/trading/asset-picks', cookie: member.cookie, payload: { asset_ids: ids } });
  const cell = (pair: Pair) => `asset_id=${pair.assetId}&timeframe_id=${pair.timeframeId}`;

  const subscriber = async (name: string, plan: PlanId): Promise<Member> => {
    const member = await registerNewcomer(t, name);
    const [user] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
    await seedDemoSubscription(t.database.db, t.clock, { email: user!.email, plan });
    return member;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    pool = await signInPool(t);
    aapl = await emptyPairIds(t, 'AAPL', 'M5');
    // AAPL M5 windows closed 91, 31, 8 and 2 days ago: each plan's history depth cuts between them.
    for (const age of [91, 31, 8, 2]) {
      t.clock.set(new Date(TEST_NOW.getTime() - age * DAY));
      const opened = await openWindow(t, pool[0]!, aapl);
      expect(opened.statusCode, opened.body).toBe(201);
      const window = opened.json().window as EntryWindow;
      await voteAll(t, pool, window.id, 'LSLLSLLLNLLLL');
      windowsByAge.set(age, window.id);
    }
    t.clock.set(TEST_NOW);
    for (const plan of PLANS) members.set(plan.id, await subscriber(`Plan ${plan.name}`, plan.id));
    assetIds = (await get<{ assets: { id: string }[] }>(members.get('weekly')!, '/api/trading/assets')).assets.map((asset) => asset.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('weekly: the first 4 assets until a pick, then exactly the 4 picked; the rest locked in grid, detail, history and events', async () => {
    const weekly = members.get('weekly')!;
    const before = await grid(weekly);
    expect(before.access).toMatchObject({ level: 'subscriber', plan_id: 'weekly', asset_limit: 4, history_hours: 7 * 24, picked_asset_ids: assetIds.slice(0, 4), trader_breakdown: false });
    expect(before.assets.map((asset) => asset.id)).toEqual(assetIds);
    expect(openRows(before)).toEqual(assetIds.slice(0, 4));
    expect(AssetPicksSchema.parse(await get(weekly, '/api/trading/asset-picks'))).toEqual({ asset_limit: 4, picked_asset_ids: assetIds.slice(0, 4), chosen: false, beyond_limit_asset_ids: [], changed_at: null, next_change_at: null });

    const tooMany = await pick(weekly, assetIds.slice(0, 5));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: { code: 'VALIDATION', message: 'Your plan includes 4 assets: pick at most 4.' } });
    expect(await t.database.db.select().from(tradingAssetPicks).where(eq(tradingAssetPicks.userId, weekly.id))).toEqual([]);

    const chosen = [aapl.assetId, assetIds[4]!, assetIds[8]!, assetIds[1]!];
    const saved = await pick(weekly, chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ asset_limit: 4, picked_asset_ids: chosen, chosen: true, beyond_limit_asset_ids: [], changed_at: TEST_NOW.toISOString(), next_change_at: new Date(TEST_NOW.getTime() + DAY).toISOString() });

    const after = await grid(weekly);
    expect(after.access.picked_asset_ids).toEqual(chosen);
    expect(new Set(openRows(after))).toEqual(new Set(chosen));
    for (const id of assetIds.filter((candidate) => !chosen.includes(candidate))) {
      expect(Object.values(after.grid[id]!).every((c) => JSON.stringify(c) === '{"locked":true}')).toBe(true);
    }
    expect(await pickedAssetIds(t.database.db, weekly.id)).toEqual(chosen);

    const unpicked = { assetId: assetIds[0]!, timeframeId: aapl.timeframeId };
    expect((await get<{ cell: unknown }>(weekly, `/api/trading/sentiment/detail?${cell(unpicked)}`)).cell).toEqual({ locked: true });
    expect(await get(weekly, `/api/trading/history?${cell(unpicked)}`)).toMatchObject({ locked: true, points: [] });
    expect((await get<{ events: unknown[] }>(weekly, `/api/trading/events?asset_id=${unpicked.assetId}&limit=50`)).events).toEqual([]);
    const events = await get<{ events: { asset: { id: string } }[] }>(weekly, '/api/trading/events?limit=50');
    expect(events.events.every((event) => chosen.includes(event.asset.id))).toBe(true);
    expect((await get<{ cell: { locked: boolean } }>(weekly, `/api/trading/sentiment/detail?${cell(aapl)}`)).cell.locked).toBe(false);
  });

  it('a pick changes at most once per 24 hours (injected clock); adding to free places and the same pick are not changes', async () => {
    const member = await subscriber('Pick Changer', 'weekly');
    const first = assetIds.slice(4, 8);
    expect((await pick(member, first.slice(0, 3))).statusCode).toBe(200);
    // Filling the fourth place is allowed at once and keeps the 24 hours counting from the first pick.
    expect((await pick(member, first)).json()).toMatchObject({ picked_asset_ids: first, changed_at: TEST_NOW.toISOString() });
    t.clock.set(new Date(TEST_NOW.getTime() + DAY - 60_000));
    const early = await pick(member, [...first.slice(0, 3), assetIds[9]!]);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      error: { code: 'CONFLICT', message: 'You can change your assets once every 24 hours. Your next change is possible from 2026-11-24 12:00 UTC.' },
    });
    expect((await pick(member, first)).statusCode).toBe(200);
    expect(await pickedAssetIds(t.database.db, member.id)).toEqual(first);
    t.clock.set(new Date(TEST_NOW.getTime() + DAY));
    const allowed = await pick(member, [...first.slice(0, 3), assetIds[9]!]);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ changed_at: new Date(TEST_NOW.getTime() + DAY).toISOString(), next_change_at: new Date(TEST_NOW.getTime() + 2 * DAY).toISOString() });
    t.clock.set(TEST_NOW);
  });

  it('picks belong to plans with an asset limit: refused without a plan (403) and pointless with every asset (409)', async () => {
    const newcomer = await registerNewcomer(t, 'No Plan');
    expect((await pick(newcomer, assetIds.slice(0, 1))).statusCode).toBe(403);
    const yearly = members.get('52weeks')!;
    const response = await pick(yearly, assetIds.slice(0, 1));
    expect(response.statusCode).toBe(409);
    expect(await get(yearly, '/api/trading/asset-picks')).toMatchObject({ asset_limit: null });
    expect(await pickedAssetIds(t.database.db, yearly.id)).toBeNull();
  });

  it.each(PLANS.map((plan) => [plan.id] as const))('%s: every line of the card is what the API does', async (planId) => {
    const plan = PLANS.find((candidate) => candidate.id === planId)!;
    const member = await subscriber(`Card ${plan.name}`, planId);
    const lines = planFeatureLines(plan);
    const limit = plan.features.assets_unlocked;
    if (limit !== 'all') {
      expect(lines).toContain(`${limit} assets`);
      expect((await pick(member, [aapl.assetId, ...assetIds.filter((id) => id !== aapl.assetId).slice(0, limit - 1)])).statusCode).toBe(200);
      expect((await pick(member, assetIds.slice(0, limit + 1))).statusCode).toBe(400);
    } else {
      expect(lines).toContain('All assets');
    }
    const g = await grid(member);
    expect(openRows(g)).toHaveLength(limit === 'all' ? assetIds.length : limit);

    const depth = plan.features.history_depth_days;
    expect(lines).toContain(depth === null ? 'Unlimited history' : `${depth} days history`);
    expect(g.access.history_hours).toBe(depth === null ? null : depth * 24);
    const visibleAges = [91, 31, 8, 2].filter((age) => depth === null || age < depth);
    const history = await get<{ points: { window_id: string }[] }>(member, `/api/trading/history?${cell(aapl)}&limit=100`);
    const shown = history.points.map((point) => point.window_id).filter((id) => [...windowsByAge.values()].includes(id));
    expect(shown).toEqual(visibleAges.map((age) => windowsByAge.get(age)));
    const events = await get<{ events: { window_id: string; timestamp: string }[] }>(member, `/api/trading/events?${cell(aapl)}&limit=50`);
    expect(events.events.length).toBeGreaterThan(0);
    if (depth !== null) expect(events.events.every((event) => Date.parse(event.timestamp) >= TEST_NOW.getTime() - depth * DAY)).toBe(true);
    const eventWindows = new Set(events.events.map((event) => event.window_id));
    for (const [age, windowId] of windowsByAge) expect(eventWindows.has(windowId), `window ${age} days old`).toBe(depth === null || age < depth);

    const breakdown = await t.inject({ method: 'GET', url: `/api/trading/breakdown?${cell(aapl)}`, cookie: member.cookie });
    if (lines.includes('Trader breakdown')) {
      expect(breakdown.statusCode, breakdown.body).toBe(200);
      expectAnonymous(breakdown.body);
      const body = TraderBreakdownSchema.parse(breakdown.json());
      expect(body.window?.id).toBe(windowsByAge.get(2));
      // LSLLSLLLNLLLL in pool order: the Lead (46.0) long; seniors (9.0 each) S L L; regulars (3.0 each) S L L L N L L L L.
      expect(body.groups).toEqual([
        { label: 'Lead & Senior', tiers: ['lead', 'senior'], voter_count: 4, weight_percentage: 73, long_percentage: 87.7, short_percentage: 12.3, neutral_percentage: 0 },
        { label: 'Regular', tiers: ['regular'], voter_count: 9, weight_percentage: 27, long_percentage: 77.8, short_percentage: 11.1, neutral_percentage: 11.1 },
      ]);
    } else {
      expect(breakdown.statusCode).toBe(403);
      expect(breakdown.json()).toEqual({ error: { code: 'FORBIDDEN', message: BREAKDOWN_NEEDS_PLAN_MESSAGE } });
    }
    expect(g.access.trader_breakdown).toBe(lines.includes('Trader breakdown'));

    // Alerts and support are served by their own modules; the card's words are entitlementsOf's.
    const entitled = entitlementsOf({ planId, isAdmin: false, trialDay: 0 });
    expect(lines).toContain(entitled.alert_frequency === 'daily' ? 'Daily alerts' : 'Immediate alerts');
    expect(lines.includes('Priority support')).toBe(entitled.priority_support);
  });

  it('a running trial gets the breakdown from its Full Access day (7) only, with the stage text before it', async () => {
    const newcomer = await registerNewcomer(t, 'Trial Breakdown');
    await completeGoals(t, newcomer.cookie);
    const activated = await t.inject({ method: 'POST', url: '/api/auth/activate-trial', cookie: newcomer.cookie });
    expect(activated.statusCode, activated.body).toBe(200);
    const startedAt = t.clock.now().getTime();
    // The trial's 24 hours: a window of the first 3 assets closed inside them.
    const eur = await pairIds(t, 'EUR/USD', 'M5');
    try {
      t.clock.set(new Date(startedAt + 6 * DAY - HOUR));
      expect((await grid(newcomer)).access).toMatchObject({ level: 'trial', trader_breakdown: false, picked_asset_ids: null });
      const early = await t.inject({ method: 'GET', url: `/api/trading/breakdown?${cell(eur)}`, cookie: newcomer.cookie });
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Trader Breakdown unlocks on day 7 of your trial.' } });
      t.clock.set(new Date(startedAt + 6 * DAY));
      const opened = await openWindow(t, pool[0]!, eur);
      expect(opened.statusCode, opened.body).toBe(201);
      await voteAll(t, pool, (opened.json().window as EntryWindow).id, 'LLLLLLLLLLLLL');
      expect((await grid(newcomer)).access.trader_breakdown).toBe(true);
      const given = TraderBreakdownSchema.parse(await get(newcomer, `/api/trading/breakdown?${cell(eur)}`));
      expect(given.window?.id).toBe((opened.json().window as EntryWindow).id);
      expect(given.groups.map((group) => group.label)).toEqual(['Lead & Senior', 'Regular']);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('the grid carries the stored thresholds, and the weekly mask leaves the shared grid of other viewers whole', async () => {
    const admin = await t.signIn('admin@demo.myeai.local');
    const yearlyMember = members.get('52weeks')!;
    await grid(yearlyMember);
    const saved = await t.inject({ method: 'PUT', url: '/api/trading/admin/settings', cookie: admin, payload: { confirmation_threshold: 62, exit_threshold: 41 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const yearly = await grid(yearlyMember);
    expect(yearly.thresholds).toEqual({ confirmation_percentage: 62, exit_percentage: 41 });
    expect(openRows(yearly)).toHaveLength(assetIds.length);
    expect(yearly.access).toMatchObject({ plan_id: '52weeks', picked_asset_ids: null, asset_limit: null, history_hours: null, trader_breakdown: true });
  });
});
