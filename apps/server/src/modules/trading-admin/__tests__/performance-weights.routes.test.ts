import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryWindows, sentimentAggregates, traders, users, voteScores, windowScores, windowVotes } from '@myeai/db';
import { performanceWeightTenths, summarizeCounts, type Bias, type RoleHomeDataOf } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { expectAnonymous, openWindow, pairIds, POOL_EMAILS, vote } from '../../trading/__tests__/trading-helpers.ts';

const BACKTEST = '/api/admin/trading/performance-weights/backtest';
const HOUR = 3_600_000;
const FIXED_RULES = { mode: 'fixed', poolSize: 13, submissionWindow: null, performanceWeighting: false, assetSpecialization: false };
const AT_CLOSE = 100_000_000; // 1.0
const MOVE: Record<Bias, number> = { long: 101_000_000, short: 99_000_000, neutral: 100_000_000 }; // +100 bps, -100 bps, flat; band 10 bps

type StoredVote = { trader: string; bias: Bias; weight: number };

/**
 * A stored history built by hand (decision 072's example): every window, vote and score inserted as
 * the engine and the scoring would have stored them, so that the backtest's counts can be worked out
 * on paper. The demo's history is removed first.
 */
describe.each(testDatabaseKinds())('performance weights, the leaderboard and Verified on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, string>;
  let h1: { assetId: string; timeframeId: string };
  let d1: { assetId: string; timeframeId: string };
  let h4: { assetId: string; timeframeId: string };
  let now: number;

  async function storeWindow(pair: { assetId: string; timeframeId: string }, closedAt: number, minutes: number, confirmed: Bias | null, votes: StoredVote[], market: Bias | null) {
    const db = t.database.db;
    const castAt = new Date(closedAt - HOUR / 2);
    const [window] = await db
      .insert(entryWindows)
      .values({
        ...pair,
        openedAt: castAt,
        closesAt: new Date(closedAt),
        closedAt: new Date(closedAt),
        status: 'closed',
        closeReason: 'time',
        mode: 'fixed',
        poolSize: 13,
        rules: FIXED_RULES,
        voteCount: votes.length,
        confirmedBias: confirmed,
        resultBias: confirmed,
        confirmationThreshold: 55,
        exitThreshold: 45,
      })
      .returning({ id: entryWindows.id });
    const inserted = await db
      .insert(windowVotes)
      .values(votes.map((v) => ({ windowId: window!.id, traderId: ids[v.trader]!, bias: v.bias, confidence: 60, weightTenths: v.weight, createdAt: castAt })))
      .returning({ id: windowVotes.id, bias: windowVotes.bias });
    if (market === null) return window!.id;
    await db.insert(windowScores).values({
      windowId: window!.id,
      ...pair,
      closedAt: new Date(closedAt),
      horizonAt: new Date(closedAt + minutes * 60_000),
      bandBps: 10,
      confirmedBias: confirmed,
      priceAtClose: AT_CLOSE,
      priceAtCloseTime: new Date(closedAt),
      priceAtHorizon: MOVE[market],
      priceAtHorizonTime: new Date(closedAt + minutes * 60_000),
      changeHundredthsBps: { long: 10_000, short: -10_000, neutral: 0 }[market],
      outcome: confirmed === null ? null : confirmed === market ? 'hit' : 'miss',
      scoredAt: new Date(now),
    });
    await db.insert(voteScores).values(
      inserted.map((v) => ({ voteId: v.id, windowId: window!.id, outcome: v.bias === market ? 'hit' : 'miss', brierE4: (60 - (v.bias === market ? 100 : 0)) ** 2, scoredAt: new Date(now) })),
    );
    return window!.id;
  }

  /** `count` closed windows of one vote each by `trader`, the first `hits` of them hits (the market went long). */
  async function storeRecord(trader: string, hits: number, count: number, startHoursAgo: number) {
    const db = t.database.db;
    const closes = Array.from({ length: count }, (_, i) => now - (startHoursAgo + i * 4) * HOUR);
    const windows = await db
      .insert(entryWindows)
      .values(closes.map((closedAt) => ({ ...h4, openedAt: new Date(closedAt - HOUR), closesAt: new Date(closedAt), closedAt: new Date(closedAt), status: 'closed', closeReason: 'time', mode: 'fixed', poolSize: 13, rules: FIXED_RULES, voteCount: 1, confirmationThreshold: 55, exitThreshold: 45 })))
      .returning({ id: entryWindows.id });
    const votes = await db
      .insert(windowVotes)
      .values(windows.map((w, i) => ({ windowId: w.id, traderId: ids[trader]!, bias: i < hits ? 'long' : 'short', confidence: 60, weightTenths: 30, createdAt: new Date(closes[i]! - HOUR / 2) })))
      .returning({ id: windowVotes.id, windowId: windowVotes.windowId, bias: windowVotes.bias });
    await db.insert(voteScores).values(votes.map((v) => ({ voteId: v.id, windowId: v.windowId, outcome: v.bias === 'long' ? 'hit' : 'miss', brierE4: v.bias === 'long' ? 1600 : 3600, scoredAt: new Date(now) })));
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    const db = t.database.db;
    await db.delete(voteScores);
    await db.delete(windowScores);
    await db.delete(sentimentAggregates);
    await db.delete(entryWindows);
    await db.update(traders).set({ kycVerified: false });
    const pool = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, POOL_EMAILS));
    const byEmail = new Map(pool.map((u) => [u.email, u.id]));
    // A: a senior; B, X, Y, V, K: regulars (pool order: lead, three seniors, nine regulars).
    ids = { A: byEmail.get(POOL_EMAILS[1]!)!, B: byEmail.get(POOL_EMAILS[4]!)!, X: byEmail.get(POOL_EMAILS[5]!)!, Y: byEmail.get(POOL_EMAILS[6]!)!, V: byEmail.get(POOL_EMAILS[7]!)!, K: byEmail.get(POOL_EMAILS[8]!)! };
    h1 = await pairIds(t, 'EUR/USD', 'H1');
    d1 = await pairIds(t, 'EUR/USD', 'D1');
    h4 = await pairIds(t, 'GBP/USD', 'H4');
    now = t.clock.now().getTime();

    // H1: A (weight 10) long, B (weight 20) short; fixed weights confirm short (66.7 %) every time.
    for (const hoursAgo of [20, 16, 12, 8]) await storeWindow(h1, now - hoursAgo * HOUR, 60, 'short', [{ trader: 'A', bias: 'long', weight: 100 }, { trader: 'B', bias: 'short', weight: 200 }], 'long');
    await storeWindow(h1, now - 1 * HOUR, 60, 'short', [{ trader: 'A', bias: 'long', weight: 100 }, { trader: 'B', bias: 'short', weight: 200 }], null);
    // D1, 30 hours ago (horizon 6 hours ago): A short, B long; the market went long.
    await storeWindow(d1, now - 30 * HOUR, 1440, 'long', [{ trader: 'A', bias: 'short', weight: 100 }, { trader: 'B', bias: 'long', weight: 200 }], 'long');
  });
  afterAll(() => t.close());

  it('the backtest re-derives every window under both weightings, with no look-ahead, as worked out by hand', async () => {
    const response = await t.inject({ method: 'GET', url: BACKTEST, cookie: admin });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ prior_weight: 20, performance_weight_enabled: false });
    /*
     * Performance weights, as known when each vote was cast (30 minutes before its window closed):
     * H1 20 h ago: no record -> 50.0 each, a tie, no call.  16 h ago: A 1/1 -> 52.4, B 0/1 -> 47.6: long 52.4 % < 55.
     * 12 h ago: A 2/2 -> 54.5 %: no call.  8 h ago: A 3/3 -> 56.5, B 0/3 -> 43.5: long 56.5 % confirms; the market went long: a hit.
     * (The D1 window's horizon, 6 h ago, had not passed then: counting it, A 3/4 and B 1/4, would give 54.2 %, no call.)
     * 1 h ago: A 4/5 (the D1 miss counts now) -> 56.0, B 1/5 -> 44.0: long, awaiting prices.  D1 30 h ago: a tie, no call.
     */
    const h1Row = body.timeframes.find((row: { timeframe: { id: string } }) => row.timeframe.id === h1.timeframeId);
    expect(h1Row).toMatchObject({ timeframe: { code: 'H1' }, windows: 5, changed_calls: 5, fixed: { calls: 5, summary: summarizeCounts(0, 4) }, performance: { calls: 2, summary: summarizeCounts(1, 1) } });
    const d1Row = body.timeframes.find((row: { timeframe: { id: string } }) => row.timeframe.id === d1.timeframeId);
    expect(d1Row).toMatchObject({ windows: 1, changed_calls: 1, fixed: { calls: 1, summary: summarizeCounts(1, 1) }, performance: { calls: 0, summary: summarizeCounts(0, 0) } });
    expect(body.timeframes).toHaveLength(2);
    expect(body.total).toEqual({ windows: 6, changed_calls: 6, fixed: { calls: 6, summary: summarizeCounts(1, 5) }, performance: { calls: 2, summary: summarizeCounts(1, 1) } });
    // Fixed weights reproduce the stored consensus: as many calls as windows that confirmed one.
    const stored = await t.database.db.select({ confirmed: entryWindows.confirmedBias }).from(entryWindows);
    expect(body.total.fixed.calls).toBe(stored.filter((w) => w.confirmed !== null).length);
    expect((await t.inject({ method: 'GET', url: BACKTEST, cookie: await t.signInAs('trader') })).statusCode).toBe(403);
  });

  it('with performance weighting on (open mode), a vote weighs the trader\'s shrunk market hit rate as known when cast', async () => {
    const settings = await t.inject({
      method: 'PUT',
      url: '/api/trading/admin/settings',
      cookie: admin,
      payload: { consensus_mode: 'open', performance_weight_enabled: true, submission_window_start: '00:00', submission_window_end: '23:59' },
    });
    expect(settings.statusCode).toBe(200);
    const [a, b] = [await t.signIn(POOL_EMAILS[1]!), await t.signIn(POOL_EMAILS[4]!)];
    const m5 = await pairIds(t, 'EUR/USD', 'M5');
    const opened = await openWindow(t, a, m5);
    expect(opened.statusCode).toBe(201);
    const windowId = (opened.json().window as { id: string }).id;
    expect((await vote(t, a, windowId, 'long')).statusCode).toBe(201);
    expect((await vote(t, b, windowId, 'short')).statusCode).toBe(201);
    const stored = await t.database.db.select({ traderId: windowVotes.traderId, weight: windowVotes.weightTenths }).from(windowVotes).where(eq(windowVotes.windowId, windowId));
    // A: 4 hits of 5 scored -> (4 + 10) / (5 + 20) = 56.0 %; B: 1 of 5 -> 44.0 %.
    expect(stored.find((v) => v.traderId === ids.A)!.weight).toBe(560);
    expect(stored.find((v) => v.traderId === ids.B)!.weight).toBe(440);
    expect(performanceWeightTenths({ hits: 4, scored: 5 })).toBe(560);
    await t.inject({ method: 'PUT', url: '/api/trading/admin/settings', cookie: admin, payload: { consensus_mode: 'fixed', performance_weight_enabled: false } });
    expect((await t.inject({ method: 'GET', url: BACKTEST, cookie: admin })).json().performance_weight_enabled).toBe(false);
  });

  it('the leaderboard ranks by the shrunk estimate: 3 of 3 below 200 of 300, with the market figures beside', async () => {
    await storeRecord('X', 200, 300, 40);
    await storeRecord('Y', 3, 3, 2000);
    const response = await t.inject({ method: 'GET', url: '/api/trading/admin/leaderboard', cookie: admin });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.prior_weight).toBe(20);
    expect(body.ranking_note).toContain('a prior of 20 votes at 50%');
    const order = body.rows.map((row: { trader_id: string }) => row.trader_id);
    // X 65.6 %, Y 56.5 %, A 56.0 % (4 of 5), B 44.0 % (1 of 5), then the traders without a scored vote.
    expect(order.slice(0, 4)).toEqual([ids.X, ids.Y, ids.A, ids.B]);
    expect(body.rows[4]).toMatchObject({ market_scored: 0, shrunk_hit_rate: 50 });
    expect(order.indexOf(ids.Y)).toBeGreaterThan(order.indexOf(ids.X));
    const x = body.rows[0];
    const summary = summarizeCounts(200, 300);
    expect(x).toMatchObject({ rank: 1, market_scored: 300, market_hits: 200, market_hit_rate: summary.hit_rate, market_ci_low: summary.ci_low, market_ci_high: summary.ci_high, shrunk_hit_rate: 65.6 });
    // Brier: 200 hits at 60 % (0.16) and 100 misses (0.36): 0.2267.
    expect(x.brier).toBeCloseTo(0.2267, 4);
    expect(body.rows[1]).toMatchObject({ rank: 2, market_scored: 3, market_hits: 3, market_hit_rate: 100, shrunk_hit_rate: 56.5 });
  });

  it('Verified for investors: KYC and at least 30 scored votes, counted per tier group, never named', async () => {
    const db = t.database.db;
    const investor = await t.signInAs('investor');
    const home = async () => ((await t.inject({ method: 'GET', url: '/api/dashboard/home', cookie: investor })).json() as RoleHomeDataOf<'investor'>).verified_traders;
    // Nobody has KYC: X's 300 scored votes alone do not verify.
    expect(await home()).toMatchObject({ min_scored_votes: 30, kyc_required: true, traders: 13, verified: 0 });
    await db.update(traders).set({ kycVerified: true }).where(inArray(traders.userId, [ids.X!, ids.V!, ids.A!]));
    await storeRecord('V', 10, 29, 3000);
    await storeRecord('K', 30, 30, 4000);
    // X verified; V has 29 scored votes, A 5; K has 30 but no KYC.
    let verified = await home();
    expect(verified.rule).toBe('Verified means KYC done and at least 30 votes scored against market prices.');
    expect(verified.verified).toBe(1);
    expect(verified.groups).toEqual([
      { label: 'Lead & Senior', traders: 4, verified: 0 },
      { label: 'Regular', traders: 9, verified: 1 },
    ]);
    // V's 30th scored vote verifies V.
    await storeRecord('V', 1, 1, 5000);
    verified = await home();
    expect(verified.verified).toBe(2);
    expect(verified.groups[1]).toEqual({ label: 'Regular', traders: 9, verified: 2 });
    expectAnonymous(JSON.stringify(verified));
  });
});
