import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entryWindows, marketNeutralBands, marketPrices, marketProviderState, notifications, tradingAssets, tradingTimeframes, users, voteScores, windowScores, windowVotes } from '@myeai/db';
import { defaultNeutralBandBps, PRICE_SCALE, PROVIDER_ALERT_AFTER_FAILURES } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { ensureMarketDataPoll } from '../index.ts';
import { closeAt, startKlinesStandIn, type KlinesStandIn } from './binance-stand-in.ts';

const PROVIDER = '/api/admin/market/provider';
const BANDS = '/api/admin/market/bands';
const STEP = 5 * 60_000;
const MINUTE = 60_000;

/** The price at instant T from the stand-in's series: the close of the kline that closed at or before T (stamped at its close instant). */
const priceAt = (symbol: string, at: Date) => Math.round(Number(closeAt(symbol, Math.floor(at.getTime() / STEP) - 1)) * 100) * (PRICE_SCALE / 100);

describe.each(testDatabaseKinds())('the market data provider (Binance klines, local stand-in) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let standIn: KlinesStandIn;
  let crypto: { id: string; symbol: string }[];
  const T0 = () => t.clock.now();

  beforeAll(async () => {
    standIn = await startKlinesStandIn(new Date(0));
    t = await createTestApp(kind, { marketData: { provider: 'binance', baseUrl: standIn.url, apiKey: 'stand-in-key', timeoutMs: 3000 } });
    admin = await t.signInAs('admin');
    const db = t.database.db;
    // Start from no prices and no scores (the demo seed ships its own series, decision 068).
    await db.delete(voteScores);
    await db.delete(windowScores);
    await db.delete(marketPrices);
    await t.clearQueues();
    crypto = await db.select({ id: tradingAssets.id, symbol: tradingAssets.symbol }).from(tradingAssets).where(eq(tradingAssets.assetClass, 'crypto'));
    expect(crypto.map((asset) => asset.symbol).sort()).toEqual(['BTC/USD', 'ETH/USD']);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const state = async () => (await t.inject({ method: 'GET', url: PROVIDER, cookie: admin })).json();
  const candleCount = async () => Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(marketPrices))[0]!.n);
  const alerts = async () => t.database.db.select().from(notifications).where(eq(notifications.title, 'Market data provider is failing'));
  const poll = async (advanceMs: number) => {
    t.clock.advance(advanceMs);
    standIn.serveUntil = new Date(T0().getTime() + 15 * MINUTE);
    await t.runJobs();
  };

  it('shows the configured provider and which catalogue assets it prices (the others are skipped)', async () => {
    const body = await state();
    expect(body).toMatchObject({ provider: 'binance', base_url: standIn.url, last_poll_at: null, last_success_at: null, consecutive_failures: 0, alert_after: PROVIDER_ALERT_AFTER_FAILURES });
    const symbols = Object.fromEntries(body.assets.map((asset: { symbol: string; provider_symbol: string | null }) => [asset.symbol, asset.provider_symbol]));
    expect(symbols).toMatchObject({ 'BTC/USD': 'BTCUSDT', 'ETH/USD': 'ETHUSDT', 'EUR/USD': null, US500: null, 'XAU/USD': null, AAPL: null });
  });

  it('good data: one page of 5-minute candles per crypto asset is stored (source binance) and the windows they price are scored as the prices say', async () => {
    const now = T0();
    const slot = await ensureMarketDataPoll(t.database.db, t.clock, t.app.deps.config);
    expect(slot?.toISOString()).toBe(now.toISOString());
    standIn.serveUntil = new Date(now.getTime() + 15 * MINUTE);
    await t.runJobs();
    expect((await state()).last_error).toBeNull();

    // Asked from one page back (1,000 klines), with the key, for the two crypto assets only.
    expect(standIn.requests.map((request) => request.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    for (const request of standIn.requests) expect(request).toMatchObject({ interval: '5m', limit: 1000, startTime: now.getTime() - 1000 * STEP, apiKey: 'stand-in-key' });
    const db = t.database.db;
    const rows = await db.select().from(marketPrices);
    expect(rows).toHaveLength(2000);
    expect(new Set(rows.map((row) => row.source))).toEqual(new Set(['binance']));
    expect(rows.every((row) => row.time.getTime() <= now.getTime())).toBe(true);
    expect(new Set(rows.map((row) => row.assetId))).toEqual(new Set(crypto.map((asset) => asset.id)));
    const btc = crypto.find((asset) => asset.symbol === 'BTC/USD')!;
    const [latest] = await db.select().from(marketPrices).where(and(eq(marketPrices.assetId, btc.id), eq(marketPrices.time, now)));
    expect(latest!.close).toBe(priceAt('BTCUSDT', now));

    // By hand: a window is scorable when its close lies in the stored span and its horizon has
    // passed; the series climbs 10 bps every 5 minutes, above every crypto band, so the market
    // was long and a call hits exactly when it said long.
    const first = now.getTime() - 999 * STEP;
    const windows = await db
      .select({ id: entryWindows.id, assetId: entryWindows.assetId, closedAt: entryWindows.closedAt, bias: entryWindows.confirmedBias, minutes: tradingTimeframes.minutes })
      .from(entryWindows)
      .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, entryWindows.timeframeId))
      .where(and(inArray(entryWindows.assetId, crypto.map((asset) => asset.id)), eq(entryWindows.status, 'closed'), gt(entryWindows.voteCount, 0)));
    const scorable = windows.filter((window) => window.closedAt!.getTime() >= first && window.closedAt!.getTime() + window.minutes * MINUTE <= now.getTime());
    expect(scorable.length).toBeGreaterThan(0);
    const scores = new Map((await db.select().from(windowScores)).map((row) => [row.windowId, row]));
    for (const window of scorable) {
      const score = scores.get(window.id)!;
      const symbol = window.assetId === btc.id ? 'BTCUSDT' : 'ETHUSDT';
      const horizon = new Date(window.closedAt!.getTime() + window.minutes * MINUTE);
      expect(score).toMatchObject({ priceAtClose: priceAt(symbol, window.closedAt!), priceAtHorizon: priceAt(symbol, horizon) });
      expect(score.changeHundredthsBps!).toBeGreaterThan(defaultNeutralBandBps('crypto', window.minutes) * 100);
      expect(score.outcome).toBe(window.bias === null ? null : window.bias === 'long' ? 'hit' : 'miss');
    }
    const votes = await db.select({ bias: windowVotes.bias, outcome: voteScores.outcome }).from(voteScores).innerJoin(windowVotes, eq(windowVotes.id, voteScores.voteId)).where(inArray(voteScores.windowId, scorable.map((window) => window.id)));
    expect(votes.length).toBeGreaterThan(0);
    for (const vote of votes) expect(vote.outcome).toBe(vote.bias === 'long' ? 'hit' : 'miss');

    const body = await state();
    expect(body).toMatchObject({ last_poll_at: now.toISOString(), last_success_at: now.toISOString(), consecutive_failures: 0, last_error: null, next_poll_at: new Date(now.getTime() + 5 * MINUTE).toISOString() });
  });

  it('garbage (an error object, an HTML page, a short kline) stores nothing, counts failures and backs off; a timeout too; admins are alerted at the third failure, once', async () => {
    const before = await candleCount();
    const scoredBefore = await t.database.db.select().from(windowScores);
    const admins = await t.database.db.select({ id: users.id }).from(users).where(and(sql`'admin' = any(${users.roles})`, eq(users.status, 'active')));

    standIn.mode = 'error_object';
    await poll(5 * MINUTE);
    let body = await state();
    expect(body).toMatchObject({ consecutive_failures: 1, last_success_at: new Date(T0().getTime() - 5 * MINUTE).toISOString(), last_poll_at: T0().toISOString(), next_poll_at: new Date(T0().getTime() + 10 * MINUTE).toISOString() });
    expect(body.last_error).toContain('did not answer a list of klines');
    expect(await candleCount()).toBe(before);
    expect(await alerts()).toHaveLength(0);

    // Not due yet: the back-off holds.
    const requests = standIn.requests.length;
    await poll(5 * MINUTE);
    expect(standIn.requests.length).toBe(requests);

    standIn.mode = 'hang';
    await poll(5 * MINUTE);
    body = await state();
    expect(body).toMatchObject({ consecutive_failures: 2, next_poll_at: new Date(T0().getTime() + 20 * MINUTE).toISOString() });
    expect(body.last_error).toContain('no answer within 3000 ms');
    expect(await alerts()).toHaveLength(0);

    standIn.mode = 'html';
    await poll(20 * MINUTE);
    body = await state();
    expect(body).toMatchObject({ consecutive_failures: 3, next_poll_at: new Date(T0().getTime() + 40 * MINUTE).toISOString() });
    expect(body.last_error).toContain('not JSON');
    const sent = await alerts();
    expect(sent.map((alert) => alert.userId).sort()).toEqual(admins.map((row) => row.id).sort());
    expect(sent[0]!.message).toContain('3 polls in a row');

    standIn.mode = 'short_kline';
    await poll(40 * MINUTE);
    standIn.mode = 'down';
    await poll(60 * MINUTE);
    body = await state();
    expect(body).toMatchObject({ consecutive_failures: 5, next_poll_at: new Date(T0().getTime() + 60 * MINUTE).toISOString() });
    expect(body.last_error).toContain('HTTP 503');
    expect(await alerts()).toHaveLength(sent.length);

    // Nothing stored, nothing re-scored from a failed poll: the calls stay as they were.
    expect(await candleCount()).toBe(before);
    const scoredAfter = await t.database.db.select().from(windowScores).where(inArray(windowScores.windowId, scoredBefore.map((row) => row.windowId)));
    expect(scoredAfter.map((row) => [row.windowId, row.outcome, row.priceAtHorizon]).sort()).toEqual(scoredBefore.map((row) => [row.windowId, row.outcome, row.priceAtHorizon]).sort());
  });

  it('recovery: the next good poll continues from the last stored candle up to now (no future kline) and resets the failures', async () => {
    const lastStored = new Date((await t.database.db.select({ last: sql<string>`max(${marketPrices.time})` }).from(marketPrices))[0]!.last);
    const before = await candleCount();
    standIn.mode = 'good';
    standIn.requests.length = 0;
    await poll(60 * MINUTE);
    const now = T0();
    for (const request of standIn.requests) expect(request.startTime).toBe(lastStored.getTime());
    const steps = (now.getTime() - lastStored.getTime()) / STEP;
    expect(await candleCount()).toBe(before + 2 * steps);
    const [newest] = await t.database.db.select({ last: sql<string>`max(${marketPrices.time})` }).from(marketPrices);
    expect(new Date(newest!.last).getTime()).toBe(now.getTime());
    const body = await state();
    expect(body).toMatchObject({ consecutive_failures: 0, last_error: null, last_success_at: now.toISOString() });
    const [row] = await t.database.db.select().from(marketProviderState);
    expect(row!.alertedAt).toBeNull();
  });

  it('bands: an admin reads the defaults, sets one, and exactly the calls and votes scored with the old band are re-scored, audited, idempotent; back to the default clears it', async () => {
    const db = t.database.db;
    const initial = (await t.inject({ method: 'GET', url: BANDS, cookie: admin })).json();
    const timeframes = await db.select().from(tradingTimeframes);
    expect(initial.bands).toHaveLength(5 * timeframes.length);
    expect(initial.bands.every((band: { band_bps: number; default_bps: number; custom: boolean }) => band.band_bps === band.default_bps && !band.custom)).toBe(true);

    // The crypto timeframe with the most scored windows (hits and misses).
    const scored = await db
      .select({ windowId: windowScores.windowId, timeframeId: windowScores.timeframeId, outcome: windowScores.outcome, change: windowScores.changeHundredthsBps })
      .from(windowScores)
      .innerJoin(tradingAssets, eq(tradingAssets.id, windowScores.assetId))
      .where(eq(tradingAssets.assetClass, 'crypto'));
    const byTimeframe = new Map<string, typeof scored>();
    for (const row of scored) byTimeframe.set(row.timeframeId, [...(byTimeframe.get(row.timeframeId) ?? []), row]);
    const [timeframeId, rows] = [...byTimeframe.entries()].sort((a, b) => b[1].filter((row) => row.change !== null).length - a[1].filter((row) => row.change !== null).length)[0]!;
    const timeframe = timeframes.find((candidate) => candidate.id === timeframeId)!;
    const priced = rows.filter((row) => row.change !== null);
    expect(priced.length).toBeGreaterThan(0);
    // By hand: with a 50 % band every move of this series (at most 33 % over a day) is inside it, so
    // each priced window's market turns neutral: long votes turn from hit to miss, neutral ones from
    // miss to hit, short ones stay misses; every stored score of the pair records the new band.
    const pricedVotes = await db.select({ bias: windowVotes.bias }).from(windowVotes).where(inArray(windowVotes.windowId, priced.map((row) => row.windowId)));
    const flipped = pricedVotes.filter((vote) => vote.bias !== 'short').length;
    const auditsBefore = (await db.select().from(auditLog).where(eq(auditLog.action, 'market.band.update'))).length;

    const put = (band: number) => t.inject({ method: 'PUT', url: BANDS, cookie: admin, payload: { bands: [{ asset_class: 'crypto', timeframe_id: timeframeId, band_bps: band }] } });
    const set = await put(5000);
    expect(set.statusCode).toBe(200);
    expect(set.json().rescored).toEqual({ windows: rows.length, votes: flipped });
    expect(set.json().bands.find((band: { asset_class: string; timeframe: { id: string } }) => band.asset_class === 'crypto' && band.timeframe.id === timeframeId)).toMatchObject({ band_bps: 5000, custom: true, default_bps: defaultNeutralBandBps('crypto', timeframe.minutes) });
    const after = await db.select().from(windowScores).where(inArray(windowScores.windowId, rows.map((row) => row.windowId)));
    expect(after.every((row) => row.bandBps === 5000)).toBe(true);
    const [confirmedNeutral] = await db.select({ n: sql<number>`count(*)::int` }).from(windowScores).where(and(inArray(windowScores.windowId, priced.map((row) => row.windowId)), eq(windowScores.outcome, 'hit')));
    const neutralCalls = await db.select({ id: entryWindows.id }).from(entryWindows).where(and(inArray(entryWindows.id, priced.map((row) => row.windowId)), eq(entryWindows.confirmedBias, 'neutral')));
    expect(Number(confirmedNeutral!.n)).toBe(neutralCalls.length);
    // Another timeframe's scores are untouched.
    const others = scored.filter((row) => row.timeframeId !== timeframeId);
    if (others.length > 0) {
      const untouched = await db.select().from(windowScores).where(inArray(windowScores.windowId, others.map((row) => row.windowId)));
      expect(untouched.every((row) => row.bandBps !== 5000)).toBe(true);
    }

    // The same band again: nothing changes, nothing is audited.
    const again = await put(5000);
    expect(again.json().rescored).toEqual({ windows: 0, votes: 0 });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'market.band.update'));
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)!.details).toMatchObject({ before_bps: defaultNeutralBandBps('crypto', timeframe.minutes), after_bps: 5000 });

    // Back to the default: the override goes and the scores are as before.
    const back = await put(defaultNeutralBandBps('crypto', timeframe.minutes));
    expect(back.json().rescored).toEqual({ windows: rows.length, votes: flipped });
    expect(await db.select().from(marketNeutralBands)).toHaveLength(0);
    const restored = await db.select().from(windowScores).where(inArray(windowScores.windowId, rows.map((row) => row.windowId)));
    expect(restored.map((row) => [row.windowId, row.outcome]).sort()).toEqual(rows.map((row) => [row.windowId, row.outcome]).sort());
  });

  it('refuses a band out of bounds, an unknown timeframe and a pair listed twice', async () => {
    const [timeframe] = await t.database.db.select().from(tradingTimeframes).limit(1);
    const put = (bands: unknown[]) => t.inject({ method: 'PUT', url: BANDS, cookie: admin, payload: { bands } });
    expect((await put([{ asset_class: 'crypto', timeframe_id: timeframe!.id, band_bps: 0 }])).statusCode).toBe(400);
    expect((await put([{ asset_class: 'crypto', timeframe_id: timeframe!.id, band_bps: 5001 }])).statusCode).toBe(400);
    expect((await put([{ asset_class: 'metals', timeframe_id: timeframe!.id, band_bps: 10 }])).statusCode).toBe(400);
    expect((await put([{ asset_class: 'crypto', timeframe_id: '00000000-0000-4000-8000-000000000000', band_bps: 10 }])).statusCode).toBe(400);
    const twice = await put([
      { asset_class: 'crypto', timeframe_id: timeframe!.id, band_bps: 10 },
      { asset_class: 'crypto', timeframe_id: timeframe!.id, band_bps: 12 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(await t.database.db.select().from(marketNeutralBands)).toHaveLength(0);
  });
});
