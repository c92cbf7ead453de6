import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { commissionCellMembers, commissionCells, commissions, conversions, users, type DbOrTx } from '@myeai/db';

export type MySeatRow = { cellId: string; cellName: string; cellStatus: string; position: number };

/** The seat the user holds (a user holds at most one), with its cell. */
export async function selectMySeat(db: DbOrTx, userId: string): Promise<MySeatRow | undefined> {
  const [row] = await db
    .select({ cellId: commissionCells.id, cellName: commissionCells.name, cellStatus: commissionCells.status, position: commissionCellMembers.position })
    .from(commissionCellMembers)
    .innerJoin(commissionCells, eq(commissionCells.id, commissionCellMembers.cellId))
    .where(eq(commissionCellMembers.userId, userId))
    .limit(1);
  return row;
}

/** The occupied seats of a cell with their holders' names, by position. */
export async function selectCellSeatNames(db: DbOrTx, cellId: string): Promise<{ position: number; userId: string; name: string }[]> {
  return db
    .select({ position: commissionCellMembers.position, userId: commissionCellMembers.userId, name: users.name })
    .from(commissionCellMembers)
    .innerJoin(users, eq(users.id, commissionCellMembers.userId))
    .where(eq(commissionCellMembers.cellId, cellId))
    .orderBy(asc(commissionCellMembers.position));
}

const cents = (expression: ReturnType<typeof sql>) => sql`coalesce(${expression}, 0)`.mapWith(Number);

/**
 * The user's ledger lines earned in [since, until], summed by kind: cell seat payouts, product
 * commissions (conversions), cell overrides and anything else (adjustments). Every status counts but
 * 'withheld' (decision 046).
 */
export async function selectLedgerSums(db: DbOrTx, userId: string, since: Date, until: Date) {
  const [row] = await db
    .select({
      seat: cents(sql`sum(${commissions.amountCents}) filter (where ${commissions.source} = 'cell' and ${commissions.cellSeatPosition} is not null)`),
      product: cents(sql`sum(${commissions.amountCents}) filter (where ${commissions.source} = 'conversion')`),
      override: cents(sql`sum(${commissions.amountCents}) filter (where ${commissions.source} = 'cell' and ${commissions.cellOverrideLevel} is not null)`),
      total: cents(sql`sum(${commissions.amountCents})`),
      // Reversals (negative lines, decision 066): their own figure, never an "adjustment".
      reversed: cents(sql`sum(${commissions.amountCents}) filter (where ${commissions.source} = 'reversal')`),
      lines: sql`count(*)`.mapWith(Number),
    })
    .from(commissions)
    .where(and(eq(commissions.userId, userId), gte(commissions.earnedAt, since), lte(commissions.earnedAt, until), ne(commissions.status, 'withheld')));
  return row ?? { seat: 0, product: 0, override: 0, total: 0, reversed: 0, lines: 0 };
}

/** What the user is owed now, of any period: pending and processing lines, reversals included (negative: a balance carried forward). */
export async function selectUnpaidBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: cents(sql`sum(${commissions.amountCents})`) })
    .from(commissions)
    .where(and(eq(commissions.userId, userId), inArray(commissions.status, ['pending', 'processing'])));
  return Number(row?.total ?? 0);
}

/** DESIGN.md decision 40: order amounts of the conversions credited to the user since `since`. */
export async function selectPersonalRevenue(db: DbOrTx, userId: string, since: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ total: cents(sql`sum(${conversions.amountCents})`) })
    .from(conversions)
    .where(and(eq(conversions.referrerId, userId), gte(conversions.createdAt, since), lte(conversions.createdAt, until)));
  return row?.total ?? 0;
}

/** DESIGN.md decision 40: the personal revenue (same window) of the users the user referred. */
export async function selectTeamVolume(db: DbOrTx, userId: string, since: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ total: cents(sql`sum(${conversions.amountCents})`) })
    .from(conversions)
    .innerJoin(users, eq(users.id, conversions.referrerId))
    .where(and(eq(users.referredBy, userId), gte(conversions.createdAt, since), lte(conversions.createdAt, until)));
  return row?.total ?? 0;
}

/** DESIGN.md decision 40: the users the user referred who signed in (made a request) since `since`. */
export async function countActiveRecruits(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(eq(users.referredBy, userId), gte(users.lastSeenAt, since)));
  return row?.count ?? 0;
}

/** selectPersonalRevenue for several users at once (the Network Manager's cell check): user id to cents. */
export async function selectPersonalRevenueByUser(db: DbOrTx, userIds: string[], since: Date, until: Date): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: conversions.referrerId, total: cents(sql`sum(${conversions.amountCents})`) })
    .from(conversions)
    .where(and(inArray(conversions.referrerId, userIds), gte(conversions.createdAt, since), lte(conversions.createdAt, until)))
    .groupBy(conversions.referrerId);
  return new Map(rows.map((row) => [row.userId!, row.total]));
}

/** selectTeamVolume for several users at once: referrer (the recruiter) id to cents. */
export async function selectTeamVolumeByUser(db: DbOrTx, userIds: string[], since: Date, until: Date): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.referredBy, total: cents(sql`sum(${conversions.amountCents})`) })
    .from(conversions)
    .innerJoin(users, eq(users.id, conversions.referrerId))
    .where(and(inArray(users.referredBy, userIds), gte(conversions.createdAt, since), lte(conversions.createdAt, until)))
    .groupBy(users.referredBy);
  return new Map(rows.map((row) => [row.userId!, row.total]));
}

/** countActiveRecruits for several users at once: recruiter id to count. */
export async function countActiveRecruitsByUser(db: DbOrTx, userIds: string[], since: Date): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.referredBy, count: sql`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(inArray(users.referredBy, userIds), gte(users.lastSeenAt, since)))
    .groupBy(users.referredBy);
  return new Map(rows.map((row) => [row.userId!, row.count]));
}
