import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  calibrationBins,
  dataCutoff,
  formatPrice,
  historyFloor,
  horizonOf,
  neutralBandBps,
  readPriceCsv,
  shrunkHitRate,
  summarizeCounts,
  summarizeOutcomes,
  traderScores,
  type AssetClass,
  type Bias,
  type CallOutcome,
  type PriceImportInput,
  type PriceCoverage,
  type PriceImportResponse,
  type TraderTrackRecord,
  type TrackRecord,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit, recordAudits } from '../audit/index.ts';
import type { TableCache } from '../changes/index.ts';
import { toAssetRef, toTimeframeRef, visiblePair, type CompassView } from '../trading/index.ts';
import {
  countPairCalls,
  selectAssetSymbols,
  selectCallCountsByAsset,
  selectPriceCoverage,
  selectCandlesAt,
  selectPairCalls,
  selectPairVoteOutcomes,
  selectTraderRow,
  selectTraderVotes,
  selectWindowsTouchedBy,
  upsertCandles,
  type StoredCandle,
} from './market-data.queries.ts';
import { selectBandOverrides } from './bands.queries.ts';
import { scoreWindows, type RescoreCount } from './scoring.service.ts';
import { TIME_BOUND_RECORD_TTL_MS, UNBOUNDED_RECORD_TTL_MS } from './track-record-cache.ts';

/** The import lists at most this many changed candles (the counts are complete). */
const CHANGES_LISTED = 200;
/** A refused commit names at most this many bad lines in `details`. */
const ERRORS_IN_DETAILS = 50;

export const IMPORT_MESSAGES = {
  rowsWithErrors: (count: number) => `${count} row${count === 1 ? ' has' : 's have'} errors; nothing was imported. Fix them, or choose to import the valid rows.`,
} as const;

const samePrices = (a: StoredCandle, b: StoredCandle) => a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close;

/**
 * The candle CSV import (decision 062). Preview reads the file and compares it with the stored
 * prices, writing nothing. Commit stores new candles and replaces changed ones in one
 * transaction, audits the import and every replaced price (before and after), and re-scores
 * exactly the windows whose price at close or at the horizon those candles can be.
 */
export async function importPrices(db: DbOrTx, clock: Clock, actorId: string, input: PriceImportInput): Promise<PriceImportResponse> {
  const now = clock.now();
  const assets = await selectAssetSymbols(db);
  const symbolOf = new Map(assets.map((asset) => [asset.id, asset.symbol]));
  const read = readPriceCsv(input.csv, new Map(assets.map((asset) => [asset.symbol.toUpperCase(), asset.id])), now);
  if (!read.ok) throw new AppError('VALIDATION', read.message, [{ path: 'csv', message: read.message }]);

  const { fresh, changed, unchanged } = await compareWithStored(db, read.candles);

  const response = (committed: boolean, rescored: RescoreCount): PriceImportResponse => ({
    mode: input.mode,
    committed,
    rows_read: read.rowsRead,
    counts: { new: fresh.length, changed: changed.length, unchanged, invalid: read.errors.length, duplicate: read.duplicates.length },
    errors: read.errors,
    duplicates: read.duplicates,
    changes: changed.slice(0, CHANGES_LISTED).map(({ line, before, after }) => ({
      line,
      asset: symbolOf.get(after.assetId) ?? after.assetId,
      time: after.time.toISOString(),
      old_close: formatPrice(before.close),
      new_close: formatPrice(after.close),
    })),
    rescored,
  });
  if (input.mode === 'preview') return response(false, { windows: 0, votes: 0 });
  if (read.errors.length > 0 && input.on_errors === 'import_nothing') {
    throw new AppError(
      'VALIDATION',
      IMPORT_MESSAGES.rowsWithErrors(read.errors.length),
      read.errors.slice(0, ERRORS_IN_DETAILS).map((error) => ({ path: `line ${error.line}`, message: error.message })),
    );
  }

  const rescored = await db.transaction((tx) =>
    storeCandles(tx, clock, {
      actorId,
      source: input.source,
      fresh,
      changed,
      importAudit: { rows_read: read.rowsRead, new: fresh.length, changed: changed.length, unchanged, invalid: read.errors.length },
    }),
  );
  return response(true, rescored);
}

type ChangedCandle = { line: number; before: StoredCandle; after: StoredCandle };

/** Candles against the stored ones at the same asset and time: new, changed (with the stored one), unchanged. */
export async function compareWithStored(db: DbOrTx, candles: readonly (StoredCandle & { line: number })[]): Promise<{ fresh: StoredCandle[]; changed: ChangedCandle[]; unchanged: number }> {
  const fresh: StoredCandle[] = [];
  const changed: ChangedCandle[] = [];
  let unchanged = 0;
  const byAsset = new Map<string, (StoredCandle & { line: number })[]>();
  for (const candle of candles) {
    const list = byAsset.get(candle.assetId);
    if (list) list.push(candle);
    else byAsset.set(candle.assetId, [candle]);
  }
  for (const [assetId, list] of byAsset) {
    const stored = new Map((await selectCandlesAt(db, assetId, list.map((candle) => candle.time))).map((row) => [row.time.getTime(), row]));
    for (const { line, assetId: id, time, open, high, low, close } of list) {
      const after = { assetId: id, time, open, high, low, close };
      const before = stored.get(time.getTime());
      if (!before) fresh.push(after);
      else if (samePrices(before, after)) unchanged += 1;
      else changed.push({ line, before, after });
    }
  }
  return { fresh, changed, unchanged };
}

/**
 * The one way candles are stored (the admin's import and the provider's poll, decision 071), in
 * the caller's transaction: new candles inserted, changed ones replaced with a
 * `market.price.correct` audit entry each (before and after), an optional `market.prices.import`
 * entry, and exactly the windows the written candles can price re-scored.
 */
export async function storeCandles(
  tx: DbOrTx,
  clock: Clock,
  input: { actorId: string | null; source: string; fresh: readonly StoredCandle[]; changed: readonly ChangedCandle[]; importAudit?: Record<string, unknown> },
): Promise<RescoreCount> {
  const { actorId, source, fresh, changed } = input;
  const written = [...fresh, ...changed.map((change) => change.after)];
  if (written.length > 0) await upsertCandles(tx, written, source, clock.now());
  if (input.importAudit) await recordAudit(tx, clock, { actorId, action: 'market.prices.import', target: 'market prices', details: { source, ...input.importAudit } });
  if (changed.length > 0) {
    const symbolOf = new Map((await selectAssetSymbols(tx)).map((asset) => [asset.id, asset.symbol]));
    await recordAudits(
      tx,
      clock,
      changed.map(({ before, after }) => ({
        actorId,
        action: 'market.price.correct',
        target: `${symbolOf.get(after.assetId) ?? after.assetId} ${after.time.toISOString()}`,
        details: { before: candleText(before), after: candleText(after), source },
      })),
    );
  }
  const windowIds: string[] = [];
  const touched = new Map<string, Date[]>();
  for (const candle of written) {
    const times = touched.get(candle.assetId);
    if (times) times.push(candle.time);
    else touched.set(candle.assetId, [candle.time]);
  }
  for (const [assetId, times] of touched) windowIds.push(...(await selectWindowsTouchedBy(tx, assetId, times)));
  return scoreWindows(tx, clock, windowIds);
}

function candleText(candle: StoredCandle) {
  return { open: formatPrice(candle.open), high: formatPrice(candle.high), low: formatPrice(candle.low), close: formatPrice(candle.close) };
}

/**
 * The consensus's record on one asset and timeframe, within what the caller's access shows (the
 * compass's history floor and data cutoff, decision 014): the counts of every scored call, and
 * the last `limit` calls with their prices. A locked pair answers `locked` with nothing in it.
 */
export async function getConsensusTrackRecord(
  db: DbOrTx,
  view: CompassView,
  query: { asset_id: string; timeframe_id: string; limit: number },
  now: Date,
  cache: TableCache<TrackRecord>,
): Promise<TrackRecord> {
  const { asset, timeframe, locked } = await visiblePair(db, view, query.asset_id, query.timeframe_id);
  if (locked) {
    const since = historyFloor(view.access, now);
    return { asset: toAssetRef(asset), timeframe: toTimeframeRef(timeframe), since: since?.toISOString() ?? null, locked: true, summary: summarizeCounts(0, 0), calls: [], calibration: [] };
  }
  // The same record for every viewer whose view has the same bounds: the pair, the number of calls,
  // the history depth and the delay (the plan's, the preview's), whoever asks.
  const { historyMs, delayMs } = view.access;
  const key = `${asset.id}|${timeframe.id}|${query.limit}|${historyMs ?? 'all'}|${delayMs}`;
  const ttlMs = historyMs !== null || delayMs > 0 ? TIME_BOUND_RECORD_TTL_MS : UNBOUNDED_RECORD_TTL_MS;
  return cache.get(key, now, ttlMs, () => buildConsensusTrackRecord(db, view, asset, timeframe, query.limit, now));
}

/** The record of a pair the viewer may see, as its view bounds it (history floor, data cutoff). */
async function buildConsensusTrackRecord(
  db: DbOrTx,
  view: CompassView,
  asset: Awaited<ReturnType<typeof visiblePair>>['asset'],
  timeframe: Awaited<ReturnType<typeof visiblePair>>['timeframe'],
  limit: number,
  now: Date,
): Promise<TrackRecord> {
  const since = historyFloor(view.access, now);
  const base = { asset: toAssetRef(asset), timeframe: toTimeframeRef(timeframe), since: since?.toISOString() ?? null };
  const span = { assetId: asset.id, timeframeId: timeframe.id, since, until: dataCutoff(view.access, now) };
  const [counts, rows, votes] = await Promise.all([countPairCalls(db, span), selectPairCalls(db, span, limit), selectPairVoteOutcomes(db, span)]);
  const band = neutralBandBps(await selectBandOverrides(db), asset.assetClass as AssetClass, timeframe);
  return {
    ...base,
    locked: false,
    summary: summarizeCounts(counts.hits, counts.scored),
    calibration: calibrationBins(votes.map((vote) => ({ confidence: vote.confidence, outcome: vote.outcome as CallOutcome, count: vote.count }))),
    calls: rows.map(({ windowId, bias, closedAt, score }) => {
      const closed = closedAt as Date;
      return {
        window_id: windowId,
        bias: bias as Bias,
        closed_at: closed.toISOString(),
        horizon_at: horizonOf(closed, timeframe.minutes).toISOString(),
        price_at_close: score?.priceAtClose == null ? null : formatPrice(score.priceAtClose),
        price_at_horizon: score?.priceAtHorizon == null ? null : formatPrice(score.priceAtHorizon),
        change_bps: score?.changeHundredthsBps == null ? null : score.changeHundredthsBps / 100,
        band_bps: score?.bandBps ?? band,
        outcome: (score?.outcome as CallOutcome | null | undefined) ?? 'awaiting_prices',
      };
    }),
  };
}

/**
 * One trader's record against the market: every vote in a closed window, its hit rate with the
 * interval, the mean Brier score, the shrunk estimate, calibration and a split per asset class and
 * timeframe, with the agreement figure beside it. A trader reads their own; an admin anyone's.
 */
export async function getTraderTrackRecord(db: DbOrTx, viewer: { id: string; activeRole: string }, traderId: string): Promise<TraderTrackRecord> {
  if (viewer.activeRole !== 'admin' && viewer.id !== traderId) throw new AppError('FORBIDDEN', 'You can only see your own track record.');
  const trader = await selectTraderRow(db, traderId);
  // A trader not (yet) seated in the pool has cast no vote: their own record is empty, not missing.
  if (!trader && viewer.id !== traderId) throw new AppError('NOT_FOUND', 'No trader with this id.');
  const votes = (await selectTraderVotes(db, traderId)).map((vote) => ({ ...vote, outcome: (vote.outcome as CallOutcome | null) ?? 'awaiting_prices' }));
  const summary = summarizeOutcomes(votes.map((vote) => vote.outcome));
  const briers = votes.flatMap((vote) => (vote.brierE4 === null ? [] : [vote.brierE4]));
  const markets = new Map<string, { asset_class: string; timeframe: (typeof votes)[number]['timeframe']; outcomes: CallOutcome[] }>();
  for (const vote of votes) {
    const key = `${vote.assetClass}|${vote.timeframe.id}`;
    const market = markets.get(key) ?? { asset_class: vote.assetClass, timeframe: vote.timeframe, outcomes: [] };
    market.outcomes.push(vote.outcome);
    markets.set(key, market);
  }
  return {
    trader_id: traderId,
    summary,
    brier: briers.length === 0 ? null : Math.round(briers.reduce((sum, value) => sum + value, 0) / briers.length) / 10_000,
    shrunk_hit_rate: Math.round(shrunkHitRate(summary.hits, summary.scored) * 1000) / 10,
    agreement_with_consensus: trader ? traderScores(trader).accuracy : null,
    calibration: calibrationBins(votes),
    by_market: [...markets.values()]
      .sort((a, b) => a.asset_class.localeCompare(b.asset_class) || a.timeframe.minutes - b.timeframe.minutes)
      .map((market) => ({ asset_class: market.asset_class, timeframe: market.timeframe, summary: summarizeOutcomes(market.outcomes) })),
  };
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * What the price store holds per catalogue asset (the import screen, decision 068): the candles,
 * their first and last time and sources, and how many of the asset's confirmed calls are scored
 * or still awaiting prices.
 */
export async function getPriceCoverage(db: DbOrTx): Promise<PriceCoverage> {
  const [rows, calls] = await Promise.all([selectPriceCoverage(db), selectCallCountsByAsset(db)]);
  return {
    assets: rows.map((row) => ({
      asset: { id: row.asset.id, symbol: row.asset.symbol, name: row.asset.name, asset_class: row.asset.assetClass as AssetClass },
      candles: Number(row.candles),
      first_time: isoOrNull(row.firstTime),
      last_time: isoOrNull(row.lastTime),
      sources: [...(row.sources ?? [])].sort(),
      last_received_at: isoOrNull(row.lastReceivedAt),
      scored_calls: calls.get(row.asset.id)?.scored ?? 0,
      awaiting_calls: calls.get(row.asset.id)?.awaiting ?? 0,
    })),
  };
}
