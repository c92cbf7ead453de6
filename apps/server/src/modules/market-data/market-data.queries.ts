import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { entryWindows, marketPrices, traders, tradingAssets, tradingTimeframes, voteScores, windowScores, windowVotes, type DbOrTx } from '@myeai/db';

/** Statements take at most this many ids or rows at once (PostgreSQL's bind limit is 65,535 parameters). */
const CHUNK = 1000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type StoredCandle = { assetId: string; time: Date; open: number; high: number; low: number; close: number };

export async function selectAssetSymbols(db: DbOrTx) {
  return db.select({ id: tradingAssets.id, symbol: tradingAssets.symbol }).from(tradingAssets);
}

/** The stored candles of one asset at the given times. */
export async function selectCandlesAt(db: DbOrTx, assetId: string, times: readonly Date[]): Promise<StoredCandle[]> {
  const rows: StoredCandle[] = [];
  for (const part of chunks(times)) {
    rows.push(
      ...(await db
        .select({ assetId: marketPrices.assetId, time: marketPrices.time, open: marketPrices.open, high: marketPrices.high, low: marketPrices.low, close: marketPrices.close })
        .from(marketPrices)
        .where(and(eq(marketPrices.assetId, assetId), inArray(marketPrices.time, part)))),
    );
  }
  return rows;
}

/** Inserts candles, replacing the prices of an existing asset and time (the import's idempotence key). */
export async function upsertCandles(db: DbOrTx, candles: readonly StoredCandle[], source: string, receivedAt: Date): Promise<void> {
  for (const part of chunks(candles, 500)) {
    await db
      .insert(marketPrices)
      .values(part.map((candle) => ({ ...candle, source, receivedAt })))
      .onConflictDoUpdate({
        target: [marketPrices.assetId, marketPrices.time],
        set: { open: sql`excluded.open`, high: sql`excluded.high`, low: sql`excluded.low`, close: sql`excluded.close`, source: sql`excluded.source`, receivedAt: sql`excluded.received_at` },
      });
  }
}

/**
 * The closed windows with votes of one asset whose price at close or at the horizon a candle at
 * one of `times` can be: a candle at t is the price of every instant in [t, t + one timeframe].
 */
export async function selectWindowsTouchedBy(db: DbOrTx, assetId: string, times: readonly Date[]): Promise<string[]> {
  if (times.length === 0) return [];
  // A candle at t prices every instant in [t, t + tf]: the windows whose close or horizon lies there
  // are those closed in [t - tf, t + tf]. The asset's windows in the span of the candles are read
  // once by the (asset, timeframe, closed_at) index and matched to the sorted candle times by binary
  // search (decision 072's scoring bench: matching every window against every candle in SQL took
  // 20 s for 7,693 windows and as many candles).
  const sorted = times.map((time) => time.getTime()).sort((a, b) => a - b);
  const first = new Date(sorted[0]!).toISOString();
  const last = new Date(sorted.at(-1)!).toISOString();
  const rows = await db
    .select({ id: entryWindows.id, closedAt: entryWindows.closedAt, minutes: tradingTimeframes.minutes })
    .from(entryWindows)
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, entryWindows.timeframeId))
    .where(
      and(
        eq(entryWindows.assetId, assetId),
        eq(entryWindows.status, 'closed'),
        sql`${entryWindows.voteCount} > 0`,
        sql`${entryWindows.closedAt} between ${first}::timestamptz - make_interval(mins => ${tradingTimeframes.minutes}) and ${last}::timestamptz + make_interval(mins => ${tradingTimeframes.minutes})`,
      ),
    );
  return rows
    .filter((row) => {
      const closed = (row.closedAt as Date).getTime();
      const span = row.minutes * 60_000;
      // The first candle at or after closed - tf; touched when it is at or before closed + tf.
      let low = 0;
      let high = sorted.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (sorted[middle]! < closed - span) low = middle + 1;
        else high = middle;
      }
      return low < sorted.length && sorted[low]! <= closed + span;
    })
    .map((row) => row.id);
}

// ------------------------------------------------------------------ reading the records

type Span = { assetId: string; timeframeId: string; since: Date | null; until: Date };

function callsOfPair(span: Span) {
  return and(
    eq(entryWindows.assetId, span.assetId),
    eq(entryWindows.timeframeId, span.timeframeId),
    eq(entryWindows.status, 'closed'),
    isNotNull(entryWindows.confirmedBias),
    lte(entryWindows.closedAt, span.until),
    span.since ? gte(entryWindows.closedAt, span.since) : undefined,
  );
}

/** Hits and scored calls of a pair's confirmed windows in the span, counted by the database. */
export async function countPairCalls(db: DbOrTx, span: Span): Promise<{ hits: number; scored: number }> {
  const [row] = await db
    .select({
      hits: sql<number>`count(*) filter (where ${windowScores.outcome} = 'hit')::int`,
      scored: sql<number>`count(*) filter (where ${windowScores.outcome} in ('hit', 'miss'))::int`,
    })
    .from(entryWindows)
    .innerJoin(windowScores, eq(windowScores.windowId, entryWindows.id))
    .where(callsOfPair(span));
  return { hits: Number(row?.hits ?? 0), scored: Number(row?.scored ?? 0) };
}

/** The pair's last confirmed calls in the span, newest first, with their scores when there are any. */
export async function selectPairCalls(db: DbOrTx, span: Span, limit: number) {
  return db
    .select({ windowId: entryWindows.id, bias: entryWindows.confirmedBias, closedAt: entryWindows.closedAt, score: windowScores })
    .from(entryWindows)
    .leftJoin(windowScores, eq(windowScores.windowId, entryWindows.id))
    .where(callsOfPair(span))
    .orderBy(desc(entryWindows.closedAt))
    .limit(limit);
}

/** The confidence and market outcome of every vote in the pair's confirmed calls in the span (calibration). */
export async function selectPairVoteOutcomes(db: DbOrTx, span: Span) {
  // Counted per confidence and outcome by the database (at most 303 rows), not a row per vote:
  // 130,000 vote rows made a 10,000-call record answer in seconds (decision 072's bench).
  const rows = await db
    .select({ confidence: windowVotes.confidence, outcome: voteScores.outcome, count: sql<number>`count(*)::int` })
    .from(windowVotes)
    .innerJoin(entryWindows, eq(entryWindows.id, windowVotes.windowId))
    .innerJoin(voteScores, eq(voteScores.voteId, windowVotes.id))
    .where(callsOfPair(span))
    .groupBy(windowVotes.confidence, voteScores.outcome);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

export async function selectTraderRow(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(traders).where(eq(traders.userId, userId)).limit(1);
  return row;
}

/** Every vote of a trader in a closed window, with its market outcome (null: not scored yet). */
export async function selectTraderVotes(db: DbOrTx, traderId: string) {
  return db
    .select({
      confidence: windowVotes.confidence,
      outcome: voteScores.outcome,
      brierE4: voteScores.brierE4,
      assetClass: tradingAssets.assetClass,
      timeframe: { id: tradingTimeframes.id, code: tradingTimeframes.code, label: tradingTimeframes.label, minutes: tradingTimeframes.minutes },
    })
    .from(windowVotes)
    .innerJoin(entryWindows, eq(entryWindows.id, windowVotes.windowId))
    .innerJoin(tradingAssets, eq(tradingAssets.id, entryWindows.assetId))
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, entryWindows.timeframeId))
    .leftJoin(voteScores, eq(voteScores.voteId, windowVotes.id))
    .where(and(eq(windowVotes.traderId, traderId), eq(entryWindows.status, 'closed')));
}

// ------------------------------------------------------------------ coverage (the import screen)

/** Per catalogue asset: its stored candles (count, first and last time, sources, last received). */
export async function selectPriceCoverage(db: DbOrTx) {
  return db
    .select({
      asset: { id: tradingAssets.id, symbol: tradingAssets.symbol, name: tradingAssets.name, assetClass: tradingAssets.assetClass },
      candles: sql<number>`count(${marketPrices.id})::int`,
      firstTime: sql<Date | string | null>`min(${marketPrices.time})`,
      lastTime: sql<Date | string | null>`max(${marketPrices.time})`,
      lastReceivedAt: sql<Date | string | null>`max(${marketPrices.receivedAt})`,
      sources: sql<string[] | null>`array_agg(distinct ${marketPrices.source}) filter (where ${marketPrices.source} is not null)`,
    })
    .from(tradingAssets)
    .leftJoin(marketPrices, eq(marketPrices.assetId, tradingAssets.id))
    .groupBy(tradingAssets.id)
    .orderBy(asc(tradingAssets.symbol));
}

/** Per asset: its confirmed calls in closed windows, scored (hit or miss) and not (awaiting prices, or not scored yet). */
export async function selectCallCountsByAsset(db: DbOrTx): Promise<Map<string, { scored: number; awaiting: number }>> {
  const rows = await db
    .select({
      assetId: entryWindows.assetId,
      scored: sql<number>`count(*) filter (where ${windowScores.outcome} in ('hit', 'miss'))::int`,
      awaiting: sql<number>`count(*) filter (where ${windowScores.outcome} is null or ${windowScores.outcome} not in ('hit', 'miss'))::int`,
    })
    .from(entryWindows)
    .leftJoin(windowScores, eq(windowScores.windowId, entryWindows.id))
    .where(and(eq(entryWindows.status, 'closed'), isNotNull(entryWindows.confirmedBias)))
    .groupBy(entryWindows.assetId);
  return new Map(rows.map((row) => [row.assetId, { scored: Number(row.scored), awaiting: Number(row.awaiting) }]));
}

/** The catalogue's assets with their class (the demo's price series). */
export async function selectAssetClasses(db: DbOrTx) {
  return db.select({ id: tradingAssets.id, symbol: tradingAssets.symbol, assetClass: tradingAssets.assetClass }).from(tradingAssets).orderBy(asc(tradingAssets.symbol));
}

/** Whether any candle of this source is stored (the demo seed runs once). */
export async function hasPricesFrom(db: DbOrTx, source: string): Promise<boolean> {
  const [row] = await db.select({ id: marketPrices.id }).from(marketPrices).where(eq(marketPrices.source, source)).limit(1);
  return row !== undefined;
}
