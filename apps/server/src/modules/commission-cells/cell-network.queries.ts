import { and, asc, count, eq, ilike, inArray, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { commissionCellMembers, commissionCells, users, type DbOrTx } from '@myeai/db';
import type { CellListStatusFilter } from '@myeai/domain';
import type { CommissionCellRow } from './commission-cells.queries.ts';

export type CellMemberRow = { cellId: string; userId: string; position: number; assignedAt: Date; email: string; name: string };

/** `%` and `_` typed by the admin are matched as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The listed cells (never archived), oldest first, filtered by status and by a piece of the name or id. */
export async function selectListedCells(db: DbOrTx, filter: { search?: string; status: CellListStatusFilter }): Promise<CommissionCellRow[]> {
  const conditions: SQL[] = [ne(commissionCells.status, 'archived')];
  if (filter.status !== 'all') conditions.push(eq(commissionCells.status, filter.status));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(commissionCells.name, pattern), ilike(sql`${commissionCells.id}::text`, pattern))!);
  }
  return db
    .select()
    .from(commissionCells)
    .where(and(...conditions))
    .orderBy(asc(commissionCells.createdAt), asc(commissionCells.id));
}

export async function selectCellsByIds(db: DbOrTx, ids: string[]): Promise<Pick<CommissionCellRow, 'id' | 'name'>[]> {
  if (ids.length === 0) return [];
  return db.select({ id: commissionCells.id, name: commissionCells.name }).from(commissionCells).where(inArray(commissionCells.id, ids));
}

/** The members of these cells with their e-mail and name, by cell and seat. */
export async function selectMembersOfCells(db: DbOrTx, cellIds: string[]): Promise<CellMemberRow[]> {
  if (cellIds.length === 0) return [];
  return db
    .select({
      cellId: commissionCellMembers.cellId,
      userId: commissionCellMembers.userId,
      position: commissionCellMembers.position,
      assignedAt: commissionCellMembers.assignedAt,
      email: users.email,
      name: users.name,
    })
    .from(commissionCellMembers)
    .innerJoin(users, eq(users.id, commissionCellMembers.userId))
    .where(inArray(commissionCellMembers.cellId, cellIds))
    .orderBy(asc(commissionCellMembers.cellId), asc(commissionCellMembers.position));
}

/** Seats filled per listed (not archived) cell, including cells with none. */
export async function selectFillCounts(db: DbOrTx): Promise<{ status: string; fill: number }[]> {
  return db
    .select({ status: commissionCells.status, fill: sql<number>`count(${commissionCellMembers.userId})::int` })
    .from(commissionCells)
    .leftJoin(commissionCellMembers, eq(commissionCellMembers.cellId, commissionCells.id))
    .where(ne(commissionCells.status, 'archived'))
    .groupBy(commissionCells.id, commissionCells.status);
}

/** The filled seat positions of every listed (not archived) cell: the member distribution counts them by kind. */
export async function selectFilledPositions(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ position: commissionCellMembers.position })
    .from(commissionCellMembers)
    .innerJoin(commissionCells, eq(commissionCells.id, commissionCellMembers.cellId))
    .where(ne(commissionCells.status, 'archived'));
  return rows.map((row) => row.position);
}

/** Active users holding no seat (a seat in an archived cell cannot exist: only empty cells are archived). */
export async function countAvailableUsers(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.status, 'active'), notExists(db.select({ one: sql`1` }).from(commissionCellMembers).where(eq(commissionCellMembers.userId, users.id)))));
  return row?.value ?? 0;
}

export async function selectUserForSeat(db: DbOrTx, userId: string): Promise<{ id: string; email: string; status: string } | undefined> {
  const [row] = await db.select({ id: users.id, email: users.email, status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The seat a user holds, if any, with its cell's name. */
export async function selectSeatOfUser(db: DbOrTx, userId: string): Promise<{ cellId: string; cellName: string; position: number } | undefined> {
  const [row] = await db
    .select({ cellId: commissionCellMembers.cellId, cellName: commissionCells.name, position: commissionCellMembers.position })
    .from(commissionCellMembers)
    .innerJoin(commissionCells, eq(commissionCells.id, commissionCellMembers.cellId))
    .where(eq(commissionCellMembers.userId, userId))
    .limit(1);
  return row;
}

/** Users whose e-mail or id contains the text, case-insensitive, the first `limit` by e-mail, with the seat each holds. */
export async function searchSeatUsers(db: DbOrTx, text: string, limit: number) {
  const pattern = likePattern(text);
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      status: users.status,
      cellId: commissionCellMembers.cellId,
      cellName: commissionCells.name,
      position: commissionCellMembers.position,
    })
    .from(users)
    .leftJoin(commissionCellMembers, eq(commissionCellMembers.userId, users.id))
    .leftJoin(commissionCells, eq(commissionCells.id, commissionCellMembers.cellId))
    .where(text ? or(ilike(users.email, pattern), ilike(sql`${users.id}::text`, pattern)) : undefined)
    .orderBy(asc(users.email))
    .limit(limit);
}

export async function insertCell(db: DbOrTx, row: typeof commissionCells.$inferInsert): Promise<CommissionCellRow> {
  const [inserted] = await db.insert(commissionCells).values(row).returning();
  return inserted!;
}

/** Writes the changes and the next version; the caller holds the row lock and checked the version. */
export async function updateCell(db: DbOrTx, id: string, changes: Partial<Pick<CommissionCellRow, 'name' | 'description' | 'parentCellId' | 'status' | 'updatedAt'>>): Promise<void> {
  await db
    .update(commissionCells)
    .set({ ...changes, version: sql`${commissionCells.version} + 1` })
    .where(eq(commissionCells.id, id));
}

/** Hierarchy changes go one at a time, so two crossing parent changes cannot both pass the cycle check. */
export async function lockCellHierarchy(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('commission_cells_hierarchy'))`);
}

/** The cells above `cellId` along parent_cell_id, its parent first (stops after 1,000 in case of a damaged chain). */
export async function selectAncestorIds(db: DbOrTx, cellId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive up(id, depth) as (
      select ${commissionCells.parentCellId}, 1 from ${commissionCells} where ${commissionCells.id} = ${cellId}
      union all
      select c.parent_cell_id, up.depth + 1 from commission_cells c join up on c.id = up.id where up.depth < 1000
    )
    select id from up where id is not null order by depth`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

export async function countChildCells(db: DbOrTx, cellId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(commissionCells)
    .where(and(eq(commissionCells.parentCellId, cellId), ne(commissionCells.status, 'archived')));
  return row?.value ?? 0;
}

export async function insertMember(db: DbOrTx, row: typeof commissionCellMembers.$inferInsert): Promise<void> {
  await db.insert(commissionCellMembers).values(row);
}

export async function deleteMember(db: DbOrTx, cellId: string, userId: string): Promise<void> {
  await db.delete(commissionCellMembers).where(and(eq(commissionCellMembers.cellId, cellId), eq(commissionCellMembers.userId, userId)));
}

export async function updateMemberPosition(db: DbOrTx, cellId: string, userId: string, position: number): Promise<void> {
  await db
    .update(commissionCellMembers)
    .set({ position })
    .where(and(eq(commissionCellMembers.cellId, cellId), eq(commissionCellMembers.userId, userId)));
}

