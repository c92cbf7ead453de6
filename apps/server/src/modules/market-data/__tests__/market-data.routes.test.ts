import { and, asc, desc, eq, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entryWindows, marketPrices, tradingAssets, tradingTimeframes, users, voteScores, windowScores, windowVotes } from '@myeai/db';
import { PRICE_CSV_MESSAGES, type Bias, type EntryWindow } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { emptyPairIds, openWindow, signInPool, voteAll } from '../../trading/__tests__/trading-helpers.ts';
import { IMPORT_MESSAGES } from '../market-data.service.ts';

const IMPORT = '/api/admin/market/prices/import';
const HEADER = 'asset,time,open,high,low,close';
const LEAD = 'trader@demo.myeai.local';

/**
 * The market each window's horizon saw, by its place in the pair's history (oldest first): up
 * 100 bps, down 100 bps, flat (0.09 bps). Every default forex band (1 to 66 bps) lies between, so
 * by hand: up is a long market, down a short one, flat a neutral one.
 */
const PLAN: readonly { direction: Bias; close: string }[] = [
  { direction: 'long', close: '1.111' },
  { direction: 'short', close: '1.089' },
  { direction: 'neutral', close: '1.10001' },
];
const AT_CLOSE = '1.1';

const candle = (time: Date, close: string) => {
  const [low, high] = Number(close) < 1.1 ? [close, AT_CLOSE] : [AT_CLOSE, close];
  return `EUR/USD,${time.toISOString()},${AT_CLOSE},${high},${low},${close}`;
};

describe.each(testDatabaseKinds())('market prices and the track record on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let pair: { assetId: string; timeframeId: string; minutes: number };
  let windows: { id: string; closedAt: Date; confirmedBias: string | null; direction: Bias; horizon: Date; scorable: boolean }[];
  let csv: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    const db = t.database.db;
    // The demo seed ships a price series scored against its history (decision 068): these tests
    // start from no prices and no scores, so that every count below is the file's alone.
    await db.delete(voteScores);
    await db.delete(windowScores);
    await db.delete(marketPrices);
    // EUR/USD is always filled by the demo history; take its timeframe of at most 4 hours with the
    // most closed windows (the history spans a week, so longer horizons have mostly not passed).
    const [asset] = await db.select().from(tradingAssets).where(eq(tradingAssets.symbol, 'EUR/USD'));
    const closed = await db
      .select({ timeframeId: entryWindows.timeframeId, minutes: tradingTimeframes.minutes, id: entryWindows.id })
      .from(entryWindows)
      .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, entryWindows.timeframeId))
      .where(and(eq(entryWindows.assetId, asset!.id), eq(entryWindows.status, 'closed'), lte(tradingTimeframes.minutes, 240)));
    const counts = new Map<string, number>();
    for (const row of closed) counts.set(row.timeframeId, (counts.get(row.timeframeId) ?? 0) + 1);
    const [timeframeId] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    pair = { assetId: asset!.id, timeframeId, minutes: closed.find((row) => row.timeframeId === timeframeId)!.minutes };
    // EUR/USD prices are the price of every EUR/USD timeframe: the other timeframes' history is
    // cleared so that the counts below are this pair's alone.
    await db.delete(entryWindows).where(and(eq(entryWindows.assetId, pair.assetId), ne(entryWindows.timeframeId, pair.timeframeId)));

    const rows = await db
      .select({ id: entryWindows.id, closedAt: entryWindows.closedAt, confirmedBias: entryWindows.confirmedBias })
      .from(entryWindows)
      .where(and(eq(entryWindows.assetId, pair.assetId), eq(entryWindows.timeframeId, pair.timeframeId), eq(entryWindows.status, 'closed'), isNotNull(entryWindows.closedAt)))
      .orderBy(asc(entryWindows.closedAt));
    const now = t.clock.now().getTime();
    windows = rows.map((row, index) => {
      const horizon = new Date(row.closedAt!.getTime() + pair.minutes * 60_000);
      return { ...row, closedAt: row.closedAt!, direction: PLAN[index % PLAN.length]!.direction, horizon, scorable: horizon.getTime() <= now };
    });
    expect(windows.filter((window) => window.scorable).length).toBeGreaterThanOrEqual(2);
    // A price exactly at each close, and at each horizon that has passed (a later one would be a future price).
    const lines = [HEADER];
    for (const [index, window] of windows.entries()) {
      lines.push(candle(window.closedAt, AT_CLOSE));
      if (window.scorable) lines.push(candle(window.horizon, PLAN[index % PLAN.length]!.close));
    }
    csv = lines.join('\n');
  });
  afterAll(() => t.close());

  const importCsv = (body: Record<string, unknown>) => t.inject({ method: 'POST', url: IMPORT, cookie: admin, payload: body });
  const trackRecord = (cookie: string, limit = 200) => t.inject({ method: 'GET', url: `/api/trading/track-record?asset_id=${pair.assetId}&timeframe_id=${pair.timeframeId}&limit=${limit}`, cookie });

  it('a preview stores nothing; the commit stores the candles and scores every call and vote as the prices say', async () => {
    const preview = await importCsv({ csv, mode: 'preview' });
    expect(preview.statusCode).toBe(200);
    const candles = csv.split('\n').length - 1;
    expect(preview.json()).toMatchObject({ committed: false, rows_read: candles, counts: { new: candles, changed: 0, unchanged: 0, invalid: 0 } });
    expect(await t.database.db.select().from(marketPrices)).toHaveLength(0);

    const commit = await importCsv({ csv, mode: 'commit' });
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toMatchObject({ committed: true, counts: { new: candles } });
    expect(await t.database.db.select().from(marketPrices)).toHaveLength(candles);

    // By hand: a call hits when its confirmed bias is the direction planned for its window.
    const calls = windows.filter((window) => window.confirmedBias !== null);
    const scored = calls.filter((window) => window.scorable);
    const hits = scored.filter((window) => window.confirmedBias === window.direction).length;
    const body = (await trackRecord(admin)).json();
    expect(body.locked).toBe(false);
    expect(body.summary).toMatchObject({ scored: scored.length, hits, enough_to_judge: scored.length >= 20 });
    expect(body.calls).toHaveLength(calls.length);
    for (const call of body.calls) {
      const window = windows.find((candidate) => candidate.id === call.window_id)!;
      expect(call.bias).toBe(window.confirmedBias);
      expect(call.horizon_at).toBe(window.horizon.toISOString());
      if (!window.scorable) {
        expect(call).toMatchObject({ outcome: 'awaiting_prices', price_at_close: AT_CLOSE, price_at_horizon: null, change_bps: null });
        continue;
      }
      const planned = PLAN[windows.indexOf(window) % PLAN.length]!;
      expect(call).toMatchObject({ outcome: window.confirmedBias === window.direction ? 'hit' : 'miss', price_at_close: AT_CLOSE, price_at_horizon: planned.close });
      expect(call.change_bps).toBe({ long: 100, short: -100, neutral: 0.09 }[window.direction]);
    }

    // Every vote of every window, calls or not, with its Brier score: (confidence - 100 x hit)^2.
    const votes = await t.database.db
      .select({ id: windowVotes.id, windowId: windowVotes.windowId, bias: windowVotes.bias, confidence: windowVotes.confidence, traderId: windowVotes.traderId })
      .from(windowVotes)
      .where(inArray(windowVotes.windowId, windows.map((window) => window.id)));
    const scores = new Map((await t.database.db.select().from(voteScores)).map((row) => [row.voteId, row]));
    for (const vote of votes) {
      const window = windows.find((candidate) => candidate.id === vote.windowId)!;
      const hit = vote.bias === window.direction;
      expect(scores.get(vote.id)).toMatchObject(window.scorable ? { outcome: hit ? 'hit' : 'miss', brierE4: (vote.confidence - (hit ? 100 : 0)) ** 2 } : { outcome: 'awaiting_prices', brierE4: null });
    }

    // The lead trader's record: only this pair has prices, so its scored votes are the lead's here.
    const [lead] = await t.database.db.select().from(users).where(eq(users.email, LEAD));
    const leadVotes = votes.filter((vote) => vote.traderId === lead!.id && windows.find((window) => window.id === vote.windowId)!.scorable);
    const leadHits = leadVotes.filter((vote) => vote.bias === windows.find((window) => window.id === vote.windowId)!.direction);
    const record = await t.inject({ method: 'GET', url: `/api/trading/traders/${lead!.id}/track-record`, cookie: await t.signIn(LEAD) });
    expect(record.statusCode).toBe(200);
    expect(record.json().summary).toMatchObject({ scored: leadVotes.length, hits: leadHits.length });
    const meanBrier = leadVotes.reduce((sum, vote) => sum + (vote.confidence - (leadHits.includes(vote) ? 100 : 0)) ** 2, 0) / leadVotes.length;
    expect(record.json().brier).toBeCloseTo(Math.round(meanBrier) / 10_000, 6);
    expect(record.json().shrunk_hit_rate).toBeCloseTo(Math.round(((leadHits.length + 10) / (leadVotes.length + 20)) * 1000) / 10, 6);
  });

  it('importing the same file again changes and re-scores nothing', async () => {
    const before = await t.database.db.select().from(windowScores);
    t.clock.advance(60_000);
    const again = (await importCsv({ csv, mode: 'commit' })).json();
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: csv.split('\n').length - 1 });
    expect(again.rescored).toEqual({ windows: 0, votes: 0 });
    expect(await t.database.db.select().from(windowScores)).toEqual(before);
  });

  it('a price correction replaces the candle with an audit entry and re-scores exactly the calls it touches', async () => {
    const index = windows.findIndex((window) => window.scorable && window.direction === 'long');
    const target = windows[index]!;
    const othersBefore = await t.database.db.select().from(windowScores);
    t.clock.advance(60_000);
    // The market went down after all: its long votes now miss and its short votes hit.
    const response = await importCsv({ csv: `${HEADER}\n${candle(target.horizon, '1.089')}`, mode: 'commit' });
    expect(response.statusCode).toBe(200);
    const votes = await t.database.db.select().from(windowVotes).where(eq(windowVotes.windowId, target.id));
    expect(response.json()).toMatchObject({
      counts: { new: 0, changed: 1 },
      changes: [{ line: 2, asset: 'EUR/USD', time: target.horizon.toISOString(), old_close: '1.111', new_close: '1.089' }],
      rescored: { windows: 1, votes: votes.filter((vote) => vote.bias !== 'neutral').length },
    });
    const after = await t.database.db.select().from(windowScores);
    for (const row of after) {
      const previous = othersBefore.find((candidate) => candidate.windowId === row.windowId)!;
      if (row.windowId === target.id) {
        expect(row).toMatchObject({ priceAtHorizon: 108_900_000, changeHundredthsBps: -10_000, outcome: target.confirmedBias === null ? null : target.confirmedBias === 'short' ? 'hit' : 'miss' });
      } else {
        expect(row).toEqual(previous);
      }
    }
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'market.price.correct')).orderBy(desc(auditLog.createdAt));
    expect(audit).toMatchObject({ target: `EUR/USD ${target.horizon.toISOString()}`, details: { before: { close: '1.111' }, after: { close: '1.089' } } });
  });

  it('bad rows are reported with their line numbers; the admin imports the valid rows or nothing', async () => {
    const time = new Date(t.clock.now().getTime() - 3 * 86_400_000).toISOString();
    const bad = [
      HEADER,
      `EUR/USD,${time},1.2,1.2,1.2,1.2`,
      `NOPE/USD,${time},1,1,1,1`,
      `EUR/USD,yesterday,1,1,1,1`,
      `GBP/USD,${time},1.3,1.3,1.3,-1`,
      `GBP/USD,${time},1.3,1.3,1.3,abc`,
    ].join('\n');
    const errors = [
      { line: 3, message: PRICE_CSV_MESSAGES.unknownAsset('NOPE/USD') },
      { line: 4, message: PRICE_CSV_MESSAGES.badTime },
      { line: 5, message: PRICE_CSV_MESSAGES.badPrice('close') },
      { line: 6, message: PRICE_CSV_MESSAGES.badPrice('close') },
    ];
    const preview = await importCsv({ csv: bad, mode: 'preview' });
    expect(preview.json()).toMatchObject({ counts: { new: 1, invalid: 4 }, errors });

    const countBefore = (await t.database.db.select().from(marketPrices)).length;
    const refused = await importCsv({ csv: bad, mode: 'commit', on_errors: 'import_nothing' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ message: IMPORT_MESSAGES.rowsWithErrors(4), details: errors.map((error) => ({ path: `line ${error.line}`, message: error.message })) });
    expect(await t.database.db.select().from(marketPrices)).toHaveLength(countBefore);

    const partial = await importCsv({ csv: bad, mode: 'commit', on_errors: 'import_valid_rows' });
    expect(partial.json()).toMatchObject({ committed: true, counts: { new: 1, invalid: 4 } });
    expect(await t.database.db.select().from(marketPrices)).toHaveLength(countBefore + 1);

    const wrongHeader = await importCsv({ csv: 'symbol,close\nEUR/USD,1', mode: 'preview' });
    expect(wrongHeader.statusCode).toBe(400);
    expect(wrongHeader.json().error.message).toBe(PRICE_CSV_MESSAGES.header);
  });

  it('the track record follows the compass access; a trader reads only their own record', async () => {
    const none = (await trackRecord(await t.signInAs('investor'))).json();
    expect(none).toMatchObject({ locked: true, calls: [], summary: { scored: 0 } });
    const [lead] = await t.database.db.select().from(users).where(eq(users.email, LEAD));
    const other = await t.inject({ method: 'GET', url: `/api/trading/traders/${lead!.id}/track-record`, cookie: await t.signIn('trader2@demo.myeai.local') });
    expect(other.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/trading/traders/${lead!.id}/track-record`, cookie: admin })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/trading/traders/${windows[0]!.id}/track-record`, cookie: admin })).statusCode).toBe(404);
    // A trader without a seat in the pool (the demo's multi-role account) has cast no vote: their own record is empty, not missing.
    const [multi] = await t.database.db.select().from(users).where(eq(users.email, 'multi@demo.myeai.local'));
    const multiCookie = await t.signIn('multi@demo.myeai.local');
    expect((await t.inject({ method: 'POST', url: '/api/rbac/switch-role', cookie: multiCookie, payload: { role: 'trader' } })).statusCode).toBe(200);
    const own = await t.inject({ method: 'GET', url: `/api/trading/traders/${multi!.id}/track-record`, cookie: multiCookie });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ trader_id: multi!.id, summary: { scored: 0, hits: 0 }, brier: null, agreement_with_consensus: null, by_market: [] });
  });

  it('a window closed by the engine is scored by the job at its horizon', async () => {
    const fresh = await emptyPairIds(t, 'GBP/USD', 'M15');
    const pool = await signInPool(t);
    const window = (await openWindow(t, pool[0]!, fresh)).json().window as EntryWindow;
    await voteAll(t, pool, window.id, 'LLLL---------');
    t.clock.set(new Date(window.closes_at));
    await t.runJobs();
    const [closed] = await t.database.db.select().from(entryWindows).where(eq(entryWindows.id, window.id));
    expect(closed).toMatchObject({ status: 'closed', confirmedBias: 'long' });
    const closedAt = closed!.closedAt!;
    const horizon = new Date(closedAt.getTime() + 15 * 60_000);
    // Prices as a provider would store them: one at the close, one at the horizon (+50 bps, band 1 bp).
    const at = (time: Date, close: number) => ({ assetId: fresh.assetId, time, open: close, high: close, low: close, close, source: 'test', receivedAt: time });
    await t.database.db.insert(marketPrices).values([at(new Date(closedAt.getTime() - 60_000), 130_000_000), at(horizon, 130_650_000)]);
    t.clock.set(new Date(horizon.getTime() - 1));
    await t.runJobs();
    expect(await t.database.db.select().from(windowScores).where(eq(windowScores.windowId, window.id))).toHaveLength(0);
    t.clock.set(horizon);
    await t.runJobs();
    const [score] = await t.database.db.select().from(windowScores).where(eq(windowScores.windowId, window.id));
    expect(score).toMatchObject({ outcome: 'hit', priceAtClose: 130_000_000, priceAtHorizon: 130_650_000, changeHundredthsBps: 5000 });
    const votes = await t.database.db.select().from(voteScores).where(eq(voteScores.windowId, window.id));
    expect(votes.map((vote) => vote.outcome)).toEqual(['hit', 'hit', 'hit', 'hit']);
    const [timeframe] = await t.database.db.select().from(tradingTimeframes).where(eq(tradingTimeframes.id, fresh.timeframeId));
    expect(timeframe!.minutes).toBe(15);
  });
});
