import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { consensusEvents, entryWindows, sentimentAggregates, traders, tradingAssets, tradingTimeframes, voteScores, windowVotes, type DbOrTx } from '@myeai/db';
import type { AssetRow, TimeframeRow, TraderRow, WindowRow } from './trading.queries.ts';

export type VoteRow = typeof windowVotes.$inferSelect;
export type AggregateRow = typeof sentimentAggregates.$inferSelect;
/** Columns of the aggregate to write; `updatedAt` always, since every write moves it. */
type AggregateState = Partial<Omit<typeof sentimentAggregates.$inferInsert, 'assetId' | 'timeframeId' | 'updatedAt'>> & { updatedAt: Date };
type Pair = { assetId: string; timeframeId: string };

// ------------------------------------------------------------------ entry windows

export async function getWindow(db: DbOrTx, windowId: string): Promise<WindowRow | undefined> {
  const [row] = await db.select().from(entryWindows).where(eq(entryWindows.id, windowId)).limit(1);
  return row;
}

/** The window row locked for the caller's transaction (votes and closes of one window queue behind it). */
export async function lockWindow(tx: DbOrTx, windowId: string): Promise<WindowRow | undefined> {
  const [row] = await tx.select().from(entryWindows).where(eq(entryWindows.id, windowId)).limit(1).for('update');
  return row;
}

/** The open window of a pair, locked (there is at most one: a partial unique index). */
export async function lockOpenWindowOfPair(tx: DbOrTx, pair: Pair): Promise<WindowRow | undefined> {
  const [row] = await tx
    .select()
    .from(entryWindows)
    .where(and(eq(entryWindows.assetId, pair.assetId), eq(entryWindows.timeframeId, pair.timeframeId), eq(entryWindows.status, 'open')))
    .limit(1)
    .for('update');
  return row;
}

export async function openWindowIdOfPair(db: DbOrTx, pair: Pair): Promise<string | null> {
  const [row] = await db
    .select({ id: entryWindows.id })
    .from(entryWindows)
    .where(and(eq(entryWindows.assetId, pair.assetId), eq(entryWindows.timeframeId, pair.timeframeId), eq(entryWindows.status, 'open')))
    .limit(1);
  return row?.id ?? null;
}

/** A new window; undefined when another open window of the pair won the unique index. */
export async function insertWindow(tx: DbOrTx, values: typeof entryWindows.$inferInsert): Promise<WindowRow | undefined> {
  const [row] = await tx.insert(entryWindows).values(values).onConflictDoNothing().returning();
  return row;
}

export async function markWindowClosed(tx: DbOrTx, windowId: string, result: Partial<typeof entryWindows.$inferInsert>): Promise<void> {
  await tx.update(entryWindows).set(result).where(eq(entryWindows.id, windowId));
}

/** Every open window, soonest to close first. */
export async function listOpenWindows(db: DbOrTx): Promise<WindowRow[]> {
  return db.select().from(entryWindows).where(eq(entryWindows.status, 'open')).orderBy(asc(entryWindows.closesAt), asc(entryWindows.id));
}

export async function windowsByIds(db: DbOrTx, ids: readonly string[]): Promise<WindowRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(entryWindows).where(inArray(entryWindows.id, [...ids]));
}

/** The window's asset and timeframe, and with `traderId` that trader's profile, in one query. */
export async function selectPair(db: DbOrTx, window: Pair, traderId?: string): Promise<{ asset: AssetRow; timeframe: TimeframeRow; trader: TraderRow | null } | undefined> {
  const [row] = await db
    .select({ asset: tradingAssets, timeframe: tradingTimeframes, trader: traders })
    .from(tradingAssets)
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, window.timeframeId))
    .leftJoin(traders, eq(traders.userId, traderId ?? sql`null::uuid`))
    .where(eq(tradingAssets.id, window.assetId))
    .limit(1);
  return row;
}

export async function assetsByIds(db: DbOrTx, ids: readonly string[]): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(tradingAssets).where(inArray(tradingAssets.id, [...new Set(ids)]));
}

export async function timeframesByIds(db: DbOrTx, ids: readonly string[]): Promise<TimeframeRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(tradingTimeframes).where(inArray(tradingTimeframes.id, [...new Set(ids)]));
}

// ------------------------------------------------------------------ votes

/** The vote; undefined when the trader already voted in the window (unique (window, trader)). */
export async function insertVote(tx: DbOrTx, values: typeof windowVotes.$inferInsert): Promise<VoteRow | undefined> {
  const [row] = await tx.insert(windowVotes).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * One more vote on the window (the caller holds the window's lock). The trader's own counters move
 * when the window closes (addClosedVote), so engagement never counts a window still open.
 */
export async function countVote(tx: DbOrTx, windowId: string): Promise<void> {
  await tx.update(entryWindows).set({ voteCount: sql`${entryWindows.voteCount} + 1` }).where(eq(entryWindows.id, windowId));
}

/** A window's votes in the order they were cast (the order that decides which ones count). */
export async function votesOfWindow(db: DbOrTx, windowId: string): Promise<VoteRow[]> {
  return db.select().from(windowVotes).where(eq(windowVotes.windowId, windowId)).orderBy(asc(windowVotes.createdAt), asc(windowVotes.id));
}

/** The votes `viewerId` cast in any of these windows. */
export async function viewerVotesIn(db: DbOrTx, windowIds: readonly string[], viewerId: string): Promise<VoteRow[]> {
  if (windowIds.length === 0) return [];
  return db.select().from(windowVotes).where(and(inArray(windowVotes.windowId, [...windowIds]), eq(windowVotes.traderId, viewerId)));
}

/** Votes per window and bias. */
export async function biasCountsOf(db: DbOrTx, windowIds: readonly string[]): Promise<{ windowId: string; bias: string; n: number }[]> {
  if (windowIds.length === 0) return [];
  return db
    .select({ windowId: windowVotes.windowId, bias: windowVotes.bias, n: sql<number>`count(*)::int` })
    .from(windowVotes)
    .where(inArray(windowVotes.windowId, [...windowIds]))
    .groupBy(windowVotes.windowId, windowVotes.bias);
}

// ------------------------------------------------------------------ consensus events and the aggregate

/** Records an event once per (window, type); the new row's id, or undefined when it was recorded before. */
export async function insertConsensusEvent(tx: DbOrTx, values: typeof consensusEvents.$inferInsert): Promise<number | undefined> {
  const [row] = await tx.insert(consensusEvents).values(values).onConflictDoNothing().returning({ id: consensusEvents.id });
  return row?.id;
}

export async function lockAggregate(tx: DbOrTx, pair: Pair): Promise<AggregateRow | undefined> {
  const [row] = await tx
    .select()
    .from(sentimentAggregates)
    .where(and(eq(sentimentAggregates.assetId, pair.assetId), eq(sentimentAggregates.timeframeId, pair.timeframeId)))
    .limit(1)
    .for('update');
  return row;
}

/** Writes the pair's aggregate row, creating it on the pair's first window. */
export async function upsertAggregate(tx: DbOrTx, pair: Pair, state: AggregateState): Promise<void> {
  await tx
    .insert(sentimentAggregates)
    .values({ assetId: pair.assetId, timeframeId: pair.timeframeId, ...state })
    .onConflictDoUpdate({ target: [sentimentAggregates.assetId, sentimentAggregates.timeframeId], set: state });
}

/** The live shares of the pair's aggregate, while `windowId` is still its open window. */
export async function updateOpenShares(tx: DbOrTx, pair: Pair, windowId: string, state: AggregateState): Promise<void> {
  await tx
    .update(sentimentAggregates)
    .set(state)
    .where(and(eq(sentimentAggregates.assetId, pair.assetId), eq(sentimentAggregates.timeframeId, pair.timeframeId), eq(sentimentAggregates.openWindowId, windowId)));
}

// ------------------------------------------------------------------ trader score counters

/** Every active trader saw one more window close. */
export async function countWindowSeenByPool(tx: DbOrTx): Promise<void> {
  await tx.update(traders).set({ windowsSeen: sql`${traders.windowsSeen} + 1` }).where(eq(traders.isActive, true));
}

/** A counted vote of a window that just closed: one vote cast, its confidence, and its score when the window confirmed a bias. */
export async function addClosedVote(tx: DbOrTx, traderId: string, vote: { confidence: number; scoredVotes: number; agreedVotes: number; calibrationSum: number; at: Date }): Promise<void> {
  await tx
    .update(traders)
    .set({
      votesCast: sql`${traders.votesCast} + 1`,
      confidenceSum: sql`${traders.confidenceSum} + ${vote.confidence}`,
      scoredVotes: sql`${traders.scoredVotes} + ${vote.scoredVotes}`,
      agreedVotes: sql`${traders.agreedVotes} + ${vote.agreedVotes}`,
      calibrationSum: sql`${traders.calibrationSum} + ${vote.calibrationSum}`,
      updatedAt: vote.at,
    })
    .where(eq(traders.userId, traderId));
}

// ------------------------------------------------------------------ performance weights

/**
 * A trader's market record as known at `at` (decision 072): their votes scored hit or miss whose
 * horizon (the window's close plus one timeframe) is at or before `at`, the same cut the admin's
 * backtest applies with `marketRecordAt`. Read only when performance weighting is on.
 */
export async function marketRecordAt(db: DbOrTx, traderId: string, at: Date): Promise<{ hits: number; scored: number }> {
  const [row] = await db
    .select({ hits: sql<number>`count(*) filter (where ${voteScores.outcome} = 'hit')::int`, scored: sql<number>`count(*)::int` })
    .from(windowVotes)
    .innerJoin(voteScores, eq(voteScores.voteId, windowVotes.id))
    .innerJoin(entryWindows, eq(entryWindows.id, windowVotes.windowId))
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, entryWindows.timeframeId))
    .where(
      and(
        eq(windowVotes.traderId, traderId),
        inArray(voteScores.outcome, ['hit', 'miss']),
        sql`${entryWindows.closedAt} + ${tradingTimeframes.minutes} * interval '1 minute' <= ${at.toISOString()}::timestamptz`,
      ),
    );
  return { hits: Number(row?.hits ?? 0), scored: Number(row?.scored ?? 0) };
}
