import { count, eq, ne, sql } from 'drizzle-orm';
import { commissionCellMembers, commissionCells, commissionConfig, type DbOrTx } from '@myeai/db';
import type { CellPayoutConfig } from '@myeai/domain';

export type CommissionConfigRow = typeof commissionConfig.$inferSelect;

export async function selectConfigRow(db: DbOrTx): Promise<CommissionConfigRow | undefined> {
  const [row] = await db.select().from(commissionConfig).where(eq(commissionConfig.id, 1)).limit(1);
  return row;
}

/** The configuration row, locked until the transaction ends (two saves go one at a time). */
export async function selectConfigRowForUpdate(db: DbOrTx): Promise<CommissionConfigRow | undefined> {
  const [row] = await db.select().from(commissionConfig).where(eq(commissionConfig.id, 1)).for('update').limit(1);
  return row;
}

export async function upsertConfigRow(
  db: DbOrTx,
  values: { engineEnabled: boolean; elitePoolEnabled: boolean; payout: CellPayoutConfig; updatedAt: Date; updatedBy: string },
): Promise<CommissionConfigRow> {
  const [row] = await db
    .insert(commissionConfig)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: commissionConfig.id, set: values })
    .returning();
  return row!;
}

export async function setEliteCellId(db: DbOrTx, cellId: string): Promise<void> {
  await db.update(commissionConfig).set({ eliteCellId: cellId }).where(eq(commissionConfig.id, 1));
}

/** The cells that are not archived, each with its member count, oldest first. */
export async function selectCellsWithCounts(db: DbOrTx) {
  return db
    .select({
      id: commissionCells.id,
      name: commissionCells.name,
      description: commissionCells.description,
      status: commissionCells.status,
      parentCellId: commissionCells.parentCellId,
      createdAt: commissionCells.createdAt,
      memberCount: sql<number>`(select ${count()} from ${commissionCellMembers} where ${commissionCellMembers.cellId} = ${commissionCells.id})`.mapWith(Number),
    })
    .from(commissionCells)
    .where(ne(commissionCells.status, 'archived'))
    .orderBy(commissionCells.createdAt, commissionCells.name);
}
