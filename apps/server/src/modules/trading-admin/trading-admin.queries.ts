import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { consensusEvents, entryWindows, liveEvents, traders, tradingAssets, tradingTimeframes, windowVotes, type DbOrTx } from '@myeai/db';
import type { AssetRow, TimeframeRow, TraderRow, WindowRow } from '../trading/index.ts';

// ------------------------------------------------------------------ market (assets, timeframes)

export async function assetWithSymbol(db: DbOrTx, symbol: string): Promise<{ id: string; isActive: boolean } | undefined> {
  const [row] = await db.select({ id: tradingAssets.id, isActive: tradingAssets.isActive }).from(tradingAssets).where(eq(tradingAssets.symbol, symbol)).limit(1);
  return row;
}

/** The new asset; undefined when the symbol was taken meanwhile. */
export async function insertAsset(tx: DbOrTx, values: typeof tradingAssets.$inferInsert): Promise<AssetRow | undefined> {
  const [row] = await tx.insert(tradingAssets).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateAssetRow(tx: DbOrTx, id: string, set: Partial<typeof tradingAssets.$inferInsert>): Promise<AssetRow | undefined> {
  const [row] = await tx.update(tradingAssets).set(set).where(eq(tradingAssets.id, id)).returning();
  return row;
}

export async function timeframeWithCode(db: DbOrTx, code: string): Promise<{ id: string; isActive: boolean } | undefined> {
  const [row] = await db.select({ id: tradingTimeframes.id, isActive: tradingTimeframes.isActive }).from(tradingTimeframes).where(eq(tradingTimeframes.code, code)).limit(1);
  return row;
}

/** The new timeframe; undefined when the code was taken meanwhile. */
export async function insertTimeframe(tx: DbOrTx, values: typeof tradingTimeframes.$inferInsert): Promise<TimeframeRow | undefined> {
  const [row] = await tx.insert(tradingTimeframes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateTimeframeRow(tx: DbOrTx, id: string, set: Partial<typeof tradingTimeframes.$inferInsert>): Promise<TimeframeRow | undefined> {
  const [row] = await tx.update(tradingTimeframes).set(set).where(eq(tradingTimeframes.id, id)).returning();
  return row;
}

export async function countActiveAssets(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tradingAssets).where(eq(tradingAssets.isActive, true));
  return row?.n ?? 0;
}

// ------------------------------------------------------------------ the pool

export async function listTraderProfiles(db: DbOrTx, options: { activeOnly: boolean }): Promise<TraderRow[]> {
  return db.select().from(traders).where(options.activeOnly ? eq(traders.isActive, true) : undefined);
}

/** Serialises pool changes until the caller's transaction ends, so two admins cannot both fill the 13th seat. */
export async function lockPoolChanges(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7245007)`);
}

export async function countActiveTraders(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(traders).where(eq(traders.isActive, true));
  return row?.n ?? 0;
}

export async function upsertTraderProfile(tx: DbOrTx, userId: string, values: Omit<typeof traders.$inferInsert, 'userId' | 'createdAt'>, createdAt: Date): Promise<TraderRow | undefined> {
  const [row] = await tx
    .insert(traders)
    .values({ userId, ...values, createdAt })
    .onConflictDoUpdate({ target: traders.userId, set: values })
    .returning();
  return row;
}

/** Whether each of the trader's latest votes in windows that confirmed a consensus agreed with it, newest first. */
export async function recentAgreement(db: DbOrTx, traderId: string, limit: number): Promise<boolean[]> {
  const rows = await db
    .select({ agreed: sql<boolean>`${windowVotes.bias} = ${entryWindows.confirmedBias}` })
    .from(windowVotes)
    .innerJoin(entryWindows, eq(entryWindows.id, windowVotes.windowId))
    .where(and(eq(windowVotes.traderId, traderId), isNotNull(entryWindows.confirmedBias)))
    .orderBy(desc(windowVotes.createdAt))
    .limit(limit);
  return rows.map((row) => row.agreed);
}

// ------------------------------------------------------------------ one day's consensus (admin status)

/** The day's figures between two instants: windows opened (and their seats), votes and closes per asset, the latest confirmed consensus per asset. */
export async function consensusDayFigures(db: DbOrTx, dayStart: Date, dayEnd: Date) {
  const within = (column: typeof windowVotes.createdAt | typeof entryWindows.openedAt | typeof entryWindows.closedAt): SQL => and(gte(column, dayStart), lt(column, dayEnd))!;
  const [windows, votesByAsset, closedByAsset, latestConfirmed] = await Promise.all([
    db.select({ n: count(), seats: sql<number>`coalesce(sum(${entryWindows.poolSize}), 0)::int` }).from(entryWindows).where(within(entryWindows.openedAt)),
    db
      .select({ assetId: entryWindows.assetId, n: count(), confidence: sql<number | null>`avg(${windowVotes.confidence})::float` })
      .from(windowVotes)
      .innerJoin(entryWindows, eq(entryWindows.id, windowVotes.windowId))
      .where(within(windowVotes.createdAt))
      .groupBy(entryWindows.assetId),
    db.select({ assetId: entryWindows.assetId, n: count() }).from(entryWindows).where(within(entryWindows.closedAt)).groupBy(entryWindows.assetId),
    db
      .selectDistinctOn([entryWindows.assetId], { assetId: entryWindows.assetId, bias: entryWindows.confirmedBias, tenths: entryWindows.consensusTenths })
      .from(entryWindows)
      .where(and(within(entryWindows.closedAt), isNotNull(entryWindows.confirmedBias)))
      .orderBy(entryWindows.assetId, desc(entryWindows.closedAt)),
  ]);
  return { windowsOpened: windows[0]?.n ?? 0, seats: windows[0]?.seats ?? 0, votesByAsset, closedByAsset, latestConfirmed };
}

// ------------------------------------------------------------------ flow chart

/** Rows per bucket of `bucketMs` since `since`, oldest first; a row at the very end of the range counts in the last bucket. */
async function bucketCounts(db: DbOrTx, table: typeof entryWindows | typeof windowVotes, column: typeof entryWindows.openedAt | typeof windowVotes.createdAt, since: Date, bucketMs: number, buckets: number): Promise<number[]> {
  const bucket = sql<number>`floor(extract(epoch from (${column} - ${since.toISOString()}::timestamptz)) * 1000 / ${bucketMs})::int`;
  // GROUP BY the first column: the bucket expression carries parameters, so repeating it would not match.
  const rows = await db.select({ bucket, n: count() }).from(table).where(gte(column, since)).groupBy(sql`1`);
  const counts = Array.from({ length: buckets }, () => 0);
  for (const row of rows) counts[Math.min(buckets - 1, Math.max(0, Number(row.bucket)))]! += row.n;
  return counts;
}

/** The activity since an instant: windows opened and votes cast (in all and per bucket), votes per trader, consensus events per type. */
export async function activitySince(db: DbOrTx, since: Date, bucketMs: number, buckets: number) {
  const [votesPerTrader, [windowsOpened], [votesCast], eventCounts, windowBuckets, voteBuckets] = await Promise.all([
    db.select({ traderId: windowVotes.traderId, n: count() }).from(windowVotes).where(gte(windowVotes.createdAt, since)).groupBy(windowVotes.traderId),
    db.select({ n: count() }).from(entryWindows).where(gte(entryWindows.openedAt, since)),
    db.select({ n: count() }).from(windowVotes).where(gte(windowVotes.createdAt, since)),
    db.select({ type: consensusEvents.eventType, n: count() }).from(consensusEvents).where(gte(consensusEvents.createdAt, since)).groupBy(consensusEvents.eventType),
    bucketCounts(db, entryWindows, entryWindows.openedAt, since, bucketMs, buckets),
    bucketCounts(db, windowVotes, windowVotes.createdAt, since, bucketMs, buckets),
  ]);
  return { votesPerTrader, windowsOpened: windowsOpened?.n ?? 0, votesCast: votesCast?.n ?? 0, eventCounts, windowBuckets, voteBuckets };
}

/** The latest windows with their asset and timeframe, newest first. */
export async function latestWindows(db: DbOrTx, limit: number): Promise<{ window: WindowRow; asset: AssetRow; timeframe: TimeframeRow }[]> {
  return db
    .select({ window: entryWindows, asset: tradingAssets, timeframe: tradingTimeframes })
    .from(entryWindows)
    .innerJoin(tradingAssets, eq(tradingAssets.id, entryWindows.assetId))
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, entryWindows.timeframeId))
    .orderBy(desc(entryWindows.openedAt), desc(entryWindows.id))
    .limit(limit);
}

/** The votes of these windows in the order they were cast. */
export async function votesOfWindows(db: DbOrTx, windowIds: readonly string[]): Promise<(typeof windowVotes.$inferSelect)[]> {
  if (windowIds.length === 0) return [];
  return db
    .select()
    .from(windowVotes)
    .where(inArray(windowVotes.windowId, [...windowIds]))
    .orderBy(windowVotes.createdAt, windowVotes.id);
}

/** Role events (not addressed to one user) of these kinds as stored, newest first. */
export async function latestRoleEvents(db: DbOrTx, kinds: readonly string[], limit: number): Promise<(typeof liveEvents.$inferSelect)[]> {
  return db
    .select()
    .from(liveEvents)
    .where(and(isNull(liveEvents.userId), inArray(liveEvents.kind, [...kinds])))
    .orderBy(desc(liveEvents.id))
    .limit(limit);
}
