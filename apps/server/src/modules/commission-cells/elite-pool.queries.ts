import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { commissionCellMembers, commissionCells, traders, users, type DbOrTx } from '@myeai/db';

export type TraderProfileRow = typeof traders.$inferSelect;

/**
 * The pool lock: the same advisory lock the System Command Center's trader save takes
 * (trading-admin.queries.ts lockPoolChanges), so pool saves from both screens go one at a time.
 */
export async function lockElitePool(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7245007)`);
}

/** Active holders of the trader role with their profile (null when they have none yet). */
export async function selectTraderCandidates(db: DbOrTx) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, weightTenths: traders.weightTenths, isActive: traders.isActive })
    .from(users)
    .leftJoin(traders, eq(traders.userId, users.id))
    .where(and(eq(users.status, 'active'), sql`'trader' = any(${users.roles})`))
    .orderBy(asc(users.email));
}

/** The active pool: user and weight of every active trader profile. */
export async function selectActivePool(db: DbOrTx): Promise<{ userId: string; weightTenths: number }[]> {
  return db.select({ userId: traders.userId, weightTenths: traders.weightTenths }).from(traders).where(eq(traders.isActive, true)).orderBy(asc(traders.createdAt), asc(traders.userId));
}

/** Puts a trader in the pool with a weight (a profile is created when missing). */
export async function activateTrader(tx: DbOrTx, userId: string, weightTenths: number, now: Date): Promise<void> {
  await tx
    .insert(traders)
    .values({ userId, weightTenths, isActive: true, kycVerified: false, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: traders.userId, set: { weightTenths, isActive: true, updatedAt: now } });
}

/** Takes every trader not listed out of the pool. */
export async function deactivateOtherTraders(tx: DbOrTx, keep: string[], now: Date): Promise<void> {
  await tx
    .update(traders)
    .set({ isActive: false, updatedAt: now })
    .where(and(eq(traders.isActive, true), keep.length === 0 ? undefined : notInArray(traders.userId, keep)));
}

export async function selectCellRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(commissionCells).where(eq(commissionCells.id, id)).for('update').limit(1);
  return row;
}

export async function insertEliteCell(tx: DbOrTx, now: Date) {
  const [row] = await tx
    .insert(commissionCells)
    .values({ name: 'Elite Pool', description: 'Mirrors the Elite Pool of the System Command Center by tier: the Lead in seat 0, the Seniors in seats 1-3, the Regulars in seats 4-12.', createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function selectSeats(db: DbOrTx, cellId: string): Promise<{ user_id: string; position: number }[]> {
  return db.select({ user_id: commissionCellMembers.userId, position: commissionCellMembers.position }).from(commissionCellMembers).where(eq(commissionCellMembers.cellId, cellId)).orderBy(asc(commissionCellMembers.position));
}

/** Seats the listed users hold in cells other than `cellId` (a user holds at most one seat). */
export async function selectSeatsElsewhere(db: DbOrTx, cellId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: commissionCellMembers.userId, email: users.email, cellName: commissionCells.name })
    .from(commissionCellMembers)
    .innerJoin(commissionCells, eq(commissionCells.id, commissionCellMembers.cellId))
    .innerJoin(users, eq(users.id, commissionCellMembers.userId))
    .where(and(ne(commissionCellMembers.cellId, cellId), inArray(commissionCellMembers.userId, userIds)));
}

/** Applies the seat changes of a mirror (removals first, so a position can change hands) and bumps the cell's version. */
export async function applySeatChanges(
  tx: DbOrTx,
  cellId: string,
  remove: { user_id: string; position: number }[],
  add: { user_id: string; position: number }[],
  now: Date,
): Promise<void> {
  if (remove.length > 0) {
    await tx.delete(commissionCellMembers).where(and(eq(commissionCellMembers.cellId, cellId), inArray(commissionCellMembers.userId, remove.map((seat) => seat.user_id))));
  }
  if (add.length > 0) {
    await tx.insert(commissionCellMembers).values(add.map((seat) => ({ cellId, userId: seat.user_id, position: seat.position, assignedAt: now })));
  }
  await tx.update(commissionCells).set({ version: sql`${commissionCells.version} + 1`, updatedAt: now }).where(eq(commissionCells.id, cellId));
}
