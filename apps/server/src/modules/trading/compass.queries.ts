import { and, desc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { consensusEvents, entryWindows, sentimentAggregates, traders, tradingAssets, tradingTimeframes, windowVotes, type DbOrTx } from '@myeai/db';
import type { AssetRow, TimeframeRow, WindowRow } from './trading.queries.ts';
import type { AggregateRow } from './windows.queries.ts';

const pairKey = (row: { assetId: string; timeframeId: string }) => `${row.assetId}|${row.timeframeId}`;

/** Per pair (key `asset|timeframe`), the latest closed window with votes at or before `cutoff` (the delayed view). */
export async function closedWindowsAsOf(db: DbOrTx, assetIds: readonly string[], cutoff: Date): Promise<Map<string, WindowRow>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([entryWindows.assetId, entryWindows.timeframeId])
    .from(entryWindows)
    .where(and(inArray(entryWindows.assetId, [...assetIds]), eq(entryWindows.status, 'closed'), lte(entryWindows.closedAt, cutoff), sql`${entryWindows.voteCount} > 0`))
    .orderBy(entryWindows.assetId, entryWindows.timeframeId, desc(entryWindows.closedAt));
  return new Map(rows.map((row) => [pairKey(row), row]));
}

/**
 * An aggregate row with what the grid needs of its two windows: the bias the last closed window
 * confirmed (null: no consensus in it) and the open window's pool size (null: none open).
 */
export type CellSource = AggregateRow & { lastConfirmedBias: string | null; openPoolSize: number | null };

const lastWindow = alias(entryWindows, 'last_window');
const openWindow = alias(entryWindows, 'open_window');

/** The aggregate rows of these assets with their windows' facts, by `asset|timeframe`. */
export async function aggregatesOf(db: DbOrTx, assetIds: readonly string[]): Promise<Map<string, CellSource>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db
    .select({ aggregate: sentimentAggregates, lastConfirmedBias: lastWindow.confirmedBias, openPoolSize: openWindow.poolSize })
    .from(sentimentAggregates)
    .leftJoin(lastWindow, eq(lastWindow.id, sentimentAggregates.lastWindowId))
    .leftJoin(openWindow, and(eq(openWindow.id, sentimentAggregates.openWindowId), eq(openWindow.status, 'open')))
    .where(inArray(sentimentAggregates.assetId, [...assetIds]));
  return new Map(rows.map((row) => [pairKey(row.aggregate), { ...row.aggregate, lastConfirmedBias: row.lastConfirmedBias, openPoolSize: row.openPoolSize }]));
}

export type EventFilter = {
  assetIds: readonly string[];
  assetId?: string | undefined;
  timeframeId?: string | undefined;
  /** Timeframes whose events are left out (premium, while locked). */
  excludedTimeframeCodes: readonly string[];
  /** Nothing after (a delayed view's cutoff). */
  until: Date | null;
  /** Nothing before (a history floor). */
  since: Date | null;
  limit: number;
};

/** Consensus events of active timeframes, newest first, with their asset and timeframe. */
export async function listEvents(db: DbOrTx, filter: EventFilter): Promise<{ event: typeof consensusEvents.$inferSelect; asset: AssetRow; timeframe: TimeframeRow }[]> {
  const conditions: SQL[] = [eq(tradingTimeframes.isActive, true), inArray(consensusEvents.assetId, [...filter.assetIds])];
  if (filter.assetId) conditions.push(eq(consensusEvents.assetId, filter.assetId));
  if (filter.timeframeId) conditions.push(eq(consensusEvents.timeframeId, filter.timeframeId));
  if (filter.excludedTimeframeCodes.length > 0) conditions.push(notInArray(tradingTimeframes.code, [...filter.excludedTimeframeCodes]));
  if (filter.until) conditions.push(lte(consensusEvents.createdAt, filter.until));
  if (filter.since) conditions.push(gte(consensusEvents.createdAt, filter.since));
  return db
    .select({ event: consensusEvents, asset: tradingAssets, timeframe: tradingTimeframes })
    .from(consensusEvents)
    .innerJoin(tradingAssets, eq(tradingAssets.id, consensusEvents.assetId))
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, consensusEvents.timeframeId))
    .where(and(...conditions))
    .orderBy(desc(consensusEvents.createdAt), desc(consensusEvents.id))
    .limit(filter.limit);
}

/**
 * The closed windows with votes of one cell, newest first: closed up to `until` (a viewer's data
 * cutoff) and, with `since`, not before it (their history floor).
 */
export async function closedWindowsOfCell(db: DbOrTx, cell: { assetId: string; timeframeId: string; until: Date; since: Date | null }, limit: number): Promise<WindowRow[]> {
  const conditions: SQL[] = [
    eq(entryWindows.assetId, cell.assetId),
    eq(entryWindows.timeframeId, cell.timeframeId),
    eq(entryWindows.status, 'closed'),
    sql`${entryWindows.voteCount} > 0`,
    lte(entryWindows.closedAt, cell.until),
  ];
  if (cell.since) conditions.push(gte(entryWindows.closedAt, cell.since));
  return db.select().from(entryWindows).where(and(...conditions)).orderBy(desc(entryWindows.closedAt)).limit(limit);
}

/** A window's votes with the current weight of each voter (null: no profile any more). */
export async function votesWithTraderWeights(db: DbOrTx, windowId: string): Promise<{ bias: string; weightTenths: number; traderWeightTenths: number | null }[]> {
  return db
    .select({ bias: windowVotes.bias, weightTenths: windowVotes.weightTenths, traderWeightTenths: traders.weightTenths })
    .from(windowVotes)
    .leftJoin(traders, eq(traders.userId, windowVotes.traderId))
    .where(eq(windowVotes.windowId, windowId));
}
