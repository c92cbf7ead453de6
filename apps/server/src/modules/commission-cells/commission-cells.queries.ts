import { asc, eq, inArray, sql } from 'drizzle-orm';
import { commissionCellMembers, commissionCells, commissionConfig, commissionRevenueRuns, type DbOrTx } from '@myeai/db';
import type { CellSeatHolder, UplineCell } from '@myeai/domain';

export type CommissionCellRow = typeof commissionCells.$inferSelect;
export type RevenueRunRow = typeof commissionRevenueRuns.$inferSelect;
export type NewRevenueRunRow = typeof commissionRevenueRuns.$inferInsert;

export async function selectCell(db: DbOrTx, id: string): Promise<CommissionCellRow | undefined> {
  const [row] = await db.select().from(commissionCells).where(eq(commissionCells.id, id)).limit(1);
  return row;
}

/** The cell, locked until the transaction ends: seat changes and runs on one cell go one at a time. */
export async function selectCellForUpdate(db: DbOrTx, id: string): Promise<CommissionCellRow | undefined> {
  const [row] = await db.select().from(commissionCells).where(eq(commissionCells.id, id)).for('update').limit(1);
  return row;
}

/**
 * Locks these cells in id order until the transaction ends: a chunk of a batch takes all its cells
 * up front, in one order every chunk and run agrees on, so two batches never deadlock.
 */
export async function lockCells(db: DbOrTx, ids: readonly string[]): Promise<CommissionCellRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(commissionCells).where(inArray(commissionCells.id, [...ids])).orderBy(asc(commissionCells.id)).for('update');
}

/** The seat holders of these cells, by position. */
export async function selectSeatsOfCells(db: DbOrTx, cellIds: readonly string[]): Promise<Array<CellSeatHolder & { cell_id: string }>> {
  if (cellIds.length === 0) return [];
  return db
    .select({ cell_id: commissionCellMembers.cellId, position: commissionCellMembers.position, user_id: commissionCellMembers.userId })
    .from(commissionCellMembers)
    .where(inArray(commissionCellMembers.cellId, [...cellIds]))
    .orderBy(asc(commissionCellMembers.cellId), asc(commissionCellMembers.position));
}

export async function selectRunsByReferences(db: DbOrTx, references: readonly string[]): Promise<RevenueRunRow[]> {
  if (references.length === 0) return [];
  return db.select().from(commissionRevenueRuns).where(inArray(commissionRevenueRuns.sourceReferenceId, [...references]));
}

/**
 * Inserts the runs in one statement, skipping each whose reference exists (a concurrent run's: waits
 * for it to commit); the ids and references inserted (the caller holds the rest, and reading back
 * every run's result JSON would cost a batch as much as writing it).
 */
export async function insertRunsOnce(db: DbOrTx, rows: NewRevenueRunRow[]): Promise<Array<Pick<RevenueRunRow, 'id' | 'sourceReferenceId'>>> {
  if (rows.length === 0) return [];
  return db
    .insert(commissionRevenueRuns)
    .values(rows)
    .onConflictDoNothing({ target: commissionRevenueRuns.sourceReferenceId })
    .returning({ id: commissionRevenueRuns.id, sourceReferenceId: commissionRevenueRuns.sourceReferenceId });
}

export async function selectCellSeats(db: DbOrTx, cellId: string): Promise<CellSeatHolder[]> {
  return db
    .select({ position: commissionCellMembers.position, user_id: commissionCellMembers.userId })
    .from(commissionCellMembers)
    .where(eq(commissionCellMembers.cellId, cellId))
    .orderBy(asc(commissionCellMembers.position));
}

/**
 * The ancestors of a cell along parent_cell_id, parent first, each with the user in its LEAD seat
 * (null when empty), at most `depth` of them: levels beyond the configuration pay nothing.
 */
export async function selectUplineCells(db: DbOrTx, cellId: string, depth: number): Promise<UplineCell[]> {
  if (depth === 0) return [];
  const result = await db.execute(sql`
    with recursive up(id, depth) as (
      select ${commissionCells.parentCellId}, 1 from ${commissionCells} where ${commissionCells.id} = ${cellId}
      union all
      select c.parent_cell_id, up.depth + 1 from commission_cells c join up on c.id = up.id where up.depth < ${depth}
    )
    select up.id as cell_id, m.user_id as lead_user_id
    from up left join commission_cell_members m on m.cell_id = up.id and m.position = 0
    where up.id is not null
    order by up.depth`);
  // node-postgres and PGlite both answer { rows }; Drizzle types a raw statement's result per driver.
  return (result as unknown as { rows: UplineCell[] }).rows.map((row) => ({ cell_id: row.cell_id, lead_user_id: row.lead_user_id ?? null }));
}

export async function selectCommissionConfig(db: DbOrTx) {
  const [row] = await db.select().from(commissionConfig).where(eq(commissionConfig.id, 1)).limit(1);
  return row;
}

export async function selectRunByReference(db: DbOrTx, sourceReferenceId: string): Promise<RevenueRunRow | undefined> {
  const [row] = await db.select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.sourceReferenceId, sourceReferenceId)).limit(1);
  return row;
}

/** Inserts the run unless its reference exists (a concurrent run waits here for the first to commit). */
export async function insertRunOnce(db: DbOrTx, row: NewRevenueRunRow): Promise<RevenueRunRow | undefined> {
  const [inserted] = await db.insert(commissionRevenueRuns).values(row).onConflictDoNothing({ target: commissionRevenueRuns.sourceReferenceId }).returning();
  return inserted;
}
