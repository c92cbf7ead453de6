import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@myeai/db';
import { COMMISSION_STATUSES, defaultNeutralBandBps, GOAL_STATUSES, LEAD_STAGES, LEARNING_ACCESS_LEVELS, trackRecordHeadline, type TrackRecordSummary } from '@myeai/domain';
import { createSession, SESSION_COOKIE } from '../../modules/auth/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { seedDemoData } from '../demo-seed.ts';

type Json = Record<string, unknown>;

/** The tables the demo seed writes to; a second run must leave every one of them as it was. */
const SEEDED_TABLES = {
  users: schema.users,
  referral_attributions: schema.referralAttributions,
  link_clicks: schema.linkClicks,
  conversions: schema.conversions,
  commissions: schema.commissions,
  commission_cells: schema.commissionCells,
  commission_cell_members: schema.commissionCellMembers,
  commission_revenue_runs: schema.commissionRevenueRuns,
  goals: schema.goals,
  goal_check_ins: schema.goalCheckIns,
  leads: schema.leads,
  learning_categories: schema.learningCategories,
  learning_modules: schema.learningModules,
  learning_uploads: schema.learningUploads,
  notifications: schema.notifications,
  audit_log: schema.auditLog,
  billing_payments: schema.billingPayments,
  billing_refunds: schema.billingRefunds,
  market_prices: schema.marketPrices,
  window_scores: schema.windowScores,
  vote_scores: schema.voteScores,
};

describe.each(testDatabaseKinds())('the demo seed on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = async (email: string, url: string): Promise<Json> => {
    const response = await t.inject({ method: 'GET', url, cookie: await t.signIn(email) });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as Json;
  };

  /**
   * The price at an instant, by hand from the stored candles: the close of the latest candle at or
   * before it and no older than one timeframe (decision 062); undefined when there is none.
   */
  const handPriceAt = async () => {
    const candles = new Map<string, { time: number; close: number }[]>();
    for (const row of await t.database.db.select().from(schema.marketPrices)) {
      const list = candles.get(row.assetId) ?? [];
      list.push({ time: row.time.getTime(), close: row.close });
      candles.set(row.assetId, list);
    }
    return (assetId: string, at: number, minutes: number): number | undefined => {
      const before = candles.get(assetId)!.filter((candle) => candle.time <= at && candle.time >= at - minutes * 60_000);
      return before.sort((a, b) => b.time - a.time)[0]?.close;
    };
  };

  it('has a parent and a child commission cell with seats filled and one processed revenue run each', async () => {
    const { cells } = (await get('admin@demo.myeai.local', '/api/admin/commission/cells')) as { cells: { id: string; name: string; parent_cell_id: string | null; fill_count: number }[] };
    const parent = cells.find((cell) => cell.name === 'Growth Circle')!;
    const child = cells.find((cell) => cell.name === 'Launch Team')!;
    expect(parent).toMatchObject({ parent_cell_id: null, fill_count: 13 });
    expect(child).toMatchObject({ parent_cell_id: parent.id, fill_count: 5 });

    const runs = await t.database.db.select().from(schema.commissionRevenueRuns);
    expect(runs.map((run) => run.cellId).sort()).toEqual([parent.id, child.id].sort());
    // Each run's ledger lines and its unallocated remainder add up to the revenue, to the cent.
    const lines = await t.database.db.select().from(schema.commissions);
    for (const run of runs) {
      const paid = lines.filter((line) => line.cellRunId === run.id).reduce((sum, line) => sum + line.amountCents, 0);
      expect(paid + run.unallocatedCents).toBe(run.amountCents);
    }
  });

  it('has learning modules at every access level, the uploaded WebM and PDF served from their file route', async () => {
    const hub = (await get('admin@demo.myeai.local', '/api/learning/modules?limit=100')) as { modules: { id: string; access_level: string; content_type: string }[] };
    expect(new Set(hub.modules.map((module) => module.access_level))).toEqual(new Set(LEARNING_ACCESS_LEVELS));
    const uploaded = hub.modules.filter((module) => module.content_type === 'uploaded_video' || module.content_type === 'pdf_upload');
    expect(new Set(uploaded.map((module) => module.content_type))).toEqual(new Set(['uploaded_video', 'pdf_upload']));
    const assets = { 'video/webm': 'learning-clip.webm', 'application/pdf': 'learning-guide.pdf' } as Record<string, string>;
    for (const module of uploaded) {
      const { source } = (await get('admin@demo.myeai.local', `/api/learning/modules/${module.id}`)) as { source: { kind: string; url: string; mime_type: string } };
      expect(source.kind).toBe('file');
      const file = await t.inject({ method: 'GET', url: source.url, cookie: await t.signIn('admin@demo.myeai.local') });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(readFileSync(join(import.meta.dirname, '..', 'assets', assets[source.mime_type]!)))).toBe(true);
    }
  });

  it('gives the demo affiliate 30+ leads over all seven stages', async () => {
    const { total, stats } = (await get('affiliate@demo.myeai.local', '/api/leads?page_size=100')) as { total: number; stats: { by_stage: { stage: string; count: number }[] } };
    expect(total).toBeGreaterThanOrEqual(30);
    for (const stage of LEAD_STAGES) expect(stats.by_stage.find((row) => row.stage === stage)?.count, stage).toBeGreaterThan(0);
  });

  it('has demo goals in every lifecycle state a review or a check-in reaches', async () => {
    const statuses = new Set<string>();
    for (const email of ['affiliate', 'newcomer', 'trader', 'investor', 'subscriber', 'free', 'multi', 'admin'].map((name) => `${name}@demo.myeai.local`)) {
      const { items } = (await get(email, '/api/goals/mine')) as { items: { status: string }[] };
      expect(items.length, email).toBeGreaterThan(0);
      for (const goal of items) statuses.add(goal.status);
    }
    const reachable = GOAL_STATUSES.filter((status) => status !== 'active' && status !== 'withdrawn');
    expect([...statuses].sort()).toEqual([...reachable].sort());
  });

  it('gives the demo affiliate commissions in every status, one on hold, and referral commission from their team', async () => {
    const { items } = (await get('affiliate@demo.myeai.local', '/api/commissions?limit=100')) as { items: { status: string; on_hold: boolean }[] };
    expect(new Set(items.map((item) => item.status))).toEqual(new Set(COMMISSION_STATUSES));
    expect(items.some((item) => item.on_hold)).toBe(true);
    const team = (await get('affiliate@demo.myeai.local', '/api/rbac/my-team')) as { total_members: number; total_commission_cents: number };
    expect(team.total_members).toBeGreaterThanOrEqual(10);
    expect(team.total_commission_cents).toBeGreaterThan(0);
  });

  it('has one refunded payment for the billing screens: a third of a member’s 4-week payment, settled, the member told (decision 065)', async () => {
    const [omar] = await t.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, 'omar.farouk@example.com'));
    const { items } = (await get('admin@demo.myeai.local', `/api/admin/billing/users/${omar!.id}/payments`)) as { items: { amount_cents: number; refunded_cents: number; remaining_cents: number; refunds: { status: string; reason: string; requested_by: { name: string } | null }[] }[] };
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ amount_cents: 6900, refunded_cents: 2300, remaining_cents: 4600 });
    expect(items[0]!.refunds).toEqual([expect.objectContaining({ status: 'succeeded', reason: 'technical_fault', requested_by: expect.objectContaining({ name: 'Ada Admin' }) })]);
    const { items: subscriberPayments } = (await get('subscriber@demo.myeai.local', '/api/subscriptions/payments')) as { items: { amount_cents: number; plan: string }[] };
    expect(subscriberPayments).toEqual([expect.objectContaining({ amount_cents: 59900, plan: '52weeks' })]);
  });

  it('ships a week of prices, imported as an admin would, that score the seeded calls and votes as the prices say (decision 068)', async () => {
    const db = t.database.db;
    const [prices] = await db.select({ n: count() }).from(schema.marketPrices).where(eq(schema.marketPrices.source, 'demo'));
    const assets = await db.select({ id: schema.tradingAssets.id }).from(schema.tradingAssets);
    expect(prices!.n).toBe(assets.length * (8 * 288 + 1));
    const imports = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'market.prices.import'));
    expect(imports).toHaveLength(1);

    // Every scored call, checked by hand: the close of the latest candle at or before the close and
    // the horizon (no older than one timeframe), the change against the band, the verdict.
    const scores = await db
      .select({ score: schema.windowScores, closedAt: schema.entryWindows.closedAt, assetId: schema.entryWindows.assetId, minutes: schema.tradingTimeframes.minutes })
      .from(schema.windowScores)
      .innerJoin(schema.entryWindows, eq(schema.entryWindows.id, schema.windowScores.windowId))
      .innerJoin(schema.tradingTimeframes, eq(schema.tradingTimeframes.id, schema.entryWindows.timeframeId));
    const scored = scores.filter((row) => row.score.outcome === 'hit' || row.score.outcome === 'miss');
    expect(scored.length).toBeGreaterThan(100);
    const priceAt = await handPriceAt();
    for (const { score, closedAt, assetId, minutes } of scored) {
      const from = priceAt(assetId, closedAt!.getTime(), minutes)!;
      const to = priceAt(assetId, closedAt!.getTime() + minutes * 60_000, minutes)!;
      expect([score.priceAtClose, score.priceAtHorizon]).toEqual([from, to]);
      const moveBps = ((to - from) / from) * 10_000;
      const market = moveBps > score.bandBps ? 'long' : moveBps < -score.bandBps ? 'short' : 'neutral';
      expect(score.outcome).toBe(market === score.confirmedBias ? 'hit' : 'miss');
    }

    // The lead trader reads a market record with its interval; the compass a scored call.
    const trader = await t.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, 'trader@demo.myeai.local'));
    const record = (await get('trader@demo.myeai.local', `/api/trading/traders/${trader[0]!.id}/track-record`)) as { summary: { scored: number; ci_low: number | null; ci_high: number | null; enough_to_judge: boolean } };
    expect(record.summary.scored).toBeGreaterThanOrEqual(20);
    expect(record.summary).toMatchObject({ enough_to_judge: true, ci_low: expect.any(Number), ci_high: expect.any(Number) });
  });

  it('gives EUR/USD H1 a real record: 20+ scored calls, recounted by hand from the stored candles, the same for the 52- and 4-week plans', async () => {
    const db = t.database.db;
    const [asset] = await db.select().from(schema.tradingAssets).where(eq(schema.tradingAssets.symbol, 'EUR/USD'));
    const [timeframe] = await db.select().from(schema.tradingTimeframes).where(eq(schema.tradingTimeframes.code, 'H1'));
    // Every confirmed call of the pair, from the windows themselves (not from the stored scores).
    const calls = await db
      .select({ closedAt: schema.entryWindows.closedAt, bias: schema.entryWindows.confirmedBias })
      .from(schema.entryWindows)
      .where(and(eq(schema.entryWindows.assetId, asset!.id), eq(schema.entryWindows.timeframeId, timeframe!.id), eq(schema.entryWindows.status, 'closed'), isNotNull(schema.entryWindows.confirmedBias)));
    const priceAt = await handPriceAt();
    const band = defaultNeutralBandBps('forex', 60); // 3 bps: no admin band is set in the demo
    const now = t.clock.now().getTime();
    let scored = 0;
    let hits = 0;
    for (const call of calls) {
      const close = call.closedAt!.getTime();
      const horizon = close + 60 * 60_000;
      if (horizon > now) continue;
      const from = priceAt(asset!.id, close, 60);
      const to = priceAt(asset!.id, horizon, 60);
      expect([from, to], 'the demo prices cover every call of the pair').not.toContain(undefined);
      const moveBps = ((to! - from!) / from!) * 10_000;
      const market = moveBps > band ? 'long' : moveBps < -band ? 'short' : 'neutral';
      scored += 1;
      if (market === call.bias) hits += 1;
    }
    expect(scored).toBeGreaterThanOrEqual(20);

    const query = `/api/trading/track-record?asset_id=${asset!.id}&timeframe_id=${timeframe!.id}&limit=5`;
    // Omar, a member the seed signed up on the 4 Weeks plan (6 assets, 30 days of history, no pick yet: the first six), has no demo sign-in.
    const [omar] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, 'omar.farouk@example.com'));
    const { token } = await createSession(db, t.clock, { userId: omar!.id, method: 'password', userAgent: undefined, ttlDays: 1 });
    const viewers = { 'subscriber@demo.myeai.local (52 Weeks)': await t.signIn('subscriber@demo.myeai.local'), 'omar.farouk@example.com (4 Weeks)': `${SESSION_COOKIE}=${token}` };
    for (const [email, cookie] of Object.entries(viewers)) {
      const response = await t.inject({ method: 'GET', url: query, cookie });
      expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
      const record = response.json() as { locked: boolean; summary: TrackRecordSummary };
      expect(record.locked, email).toBe(false);
      expect(record.summary, email).toMatchObject({ scored, hits, enough_to_judge: true });
      expect(trackRecordHeadline(record.summary), email).toMatch(/^\d+% of \d+ calls, \d+–\d+%$/);
    }
  });

  it('changes nothing when it runs again', async () => {
    const counts = async () => Object.fromEntries(await Promise.all(Object.entries(SEEDED_TABLES).map(async ([name, table]) => [name, (await t.database.db.select({ n: count() }).from(table))[0]!.n])));
    const before = await counts();
    await seedDemoData(t.database.db, t.clock, t.app.deps.config);
    expect(await counts()).toEqual(before);
  });
});
