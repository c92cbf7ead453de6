import { and, asc, eq, inArray } from 'drizzle-orm';
import { consensusEvents, tradingAlertDigestItems, tradingAlertFollows, tradingAssets, tradingTimeframes, users, type DbOrTx } from '@myeai/db';
import type { AssetRow, TimeframeRow } from '../trading/index.ts';

export type FollowRow = typeof tradingAlertFollows.$inferSelect;
type Cell = { assetId: string; timeframeId: string };

export async function rolesOfUser(db: DbOrTx, userId: string): Promise<string[] | undefined> {
  const [row] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.roles;
}

/** The user's followed cells with their asset and timeframe, by symbol then timeframe length. */
export async function followsWithCells(db: DbOrTx, userId: string): Promise<{ follow: FollowRow; asset: AssetRow; timeframe: TimeframeRow }[]> {
  return db
    .select({ follow: tradingAlertFollows, asset: tradingAssets, timeframe: tradingTimeframes })
    .from(tradingAlertFollows)
    .innerJoin(tradingAssets, eq(tradingAssets.id, tradingAlertFollows.assetId))
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, tradingAlertFollows.timeframeId))
    .where(eq(tradingAlertFollows.userId, userId))
    .orderBy(asc(tradingAssets.symbol), asc(tradingTimeframes.minutes));
}

export async function followsOf(db: DbOrTx, userId: string): Promise<FollowRow[]> {
  return db.select().from(tradingAlertFollows).where(eq(tradingAlertFollows.userId, userId));
}

/** Idempotent: following a followed cell changes nothing. */
export async function insertFollow(db: DbOrTx, follow: FollowRow): Promise<void> {
  await db.insert(tradingAlertFollows).values(follow).onConflictDoNothing();
}

export async function deleteFollow(db: DbOrTx, userId: string, cell: Cell): Promise<void> {
  await db
    .delete(tradingAlertFollows)
    .where(and(eq(tradingAlertFollows.userId, userId), eq(tradingAlertFollows.assetId, cell.assetId), eq(tradingAlertFollows.timeframeId, cell.timeframeId)));
}

export async function followersOfCell(db: DbOrTx, cell: Cell): Promise<string[]> {
  const rows = await db
    .select({ userId: tradingAlertFollows.userId })
    .from(tradingAlertFollows)
    .where(and(eq(tradingAlertFollows.assetId, cell.assetId), eq(tradingAlertFollows.timeframeId, cell.timeframeId)));
  return rows.map((row) => row.userId);
}

export type AlertEventRow = { id: number; eventType: string; confirmedBias: string | null; consensusTenths: number | null; createdAt: Date; assetId: string; timeframeId: string; symbol: string; timeframe: string };

/** Consensus events with their asset's symbol and timeframe's code, oldest first. */
export async function alertEvents(db: DbOrTx, eventIds: readonly number[]): Promise<AlertEventRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .select({
      id: consensusEvents.id,
      eventType: consensusEvents.eventType,
      confirmedBias: consensusEvents.confirmedBias,
      consensusTenths: consensusEvents.consensusTenths,
      createdAt: consensusEvents.createdAt,
      assetId: consensusEvents.assetId,
      timeframeId: consensusEvents.timeframeId,
      symbol: tradingAssets.symbol,
      timeframe: tradingTimeframes.code,
    })
    .from(consensusEvents)
    .innerJoin(tradingAssets, eq(tradingAssets.id, consensusEvents.assetId))
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, consensusEvents.timeframeId))
    .where(inArray(consensusEvents.id, [...eventIds]))
    .orderBy(asc(consensusEvents.createdAt), asc(consensusEvents.id));
}

/** Files an event for a follower's digest of that day, once. */
export async function fileDigestItem(tx: DbOrTx, item: typeof tradingAlertDigestItems.$inferInsert): Promise<void> {
  await tx.insert(tradingAlertDigestItems).values(item).onConflictDoNothing();
}

export async function digestEventIds(db: DbOrTx, userId: string, day: string): Promise<number[]> {
  const rows = await db
    .select({ eventId: tradingAlertDigestItems.eventId })
    .from(tradingAlertDigestItems)
    .where(and(eq(tradingAlertDigestItems.userId, userId), eq(tradingAlertDigestItems.digestDay, day)));
  return rows.map((row) => row.eventId);
}

/** The demo seed's read: every cell with alertable consensus events, busiest first, with its events (ids and times, oldest first). */
export async function alertCellsByActivity(db: DbOrTx): Promise<{ cell: Cell; events: { id: number; createdAt: Date }[] }[]> {
  const rows = await db
    .select({ id: consensusEvents.id, createdAt: consensusEvents.createdAt, assetId: consensusEvents.assetId, timeframeId: consensusEvents.timeframeId })
    .from(consensusEvents)
    .where(inArray(consensusEvents.eventType, ['consensus_confirmed', 'consensus_exit']))
    .orderBy(asc(consensusEvents.createdAt), asc(consensusEvents.id));
  const cells = new Map<string, { cell: Cell; events: { id: number; createdAt: Date }[] }>();
  for (const row of rows) {
    const key = `${row.assetId}:${row.timeframeId}`;
    const entry = cells.get(key) ?? { cell: { assetId: row.assetId, timeframeId: row.timeframeId }, events: [] };
    entry.events.push({ id: row.id, createdAt: row.createdAt });
    cells.set(key, entry);
  }
  // Ties go to the cell with the earliest event (ids follow the seed's order; asset ids are random).
  return [...cells.values()].sort((a, b) => b.events.length - a.events.length || a.events[0]!.id - b.events[0]!.id);
}
