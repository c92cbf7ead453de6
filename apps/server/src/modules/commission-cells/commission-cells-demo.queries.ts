import { and, eq, ne } from 'drizzle-orm';
import { commissionCells, type DbOrTx } from '@myeai/db';

/** The demo seed's read: a listed (not archived) cell of this name, which the seed made or an admin kept. */
export async function selectListedCellIdByName(db: DbOrTx, name: string): Promise<string | undefined> {
  const [row] = await db.select({ id: commissionCells.id }).from(commissionCells).where(and(eq(commissionCells.name, name), ne(commissionCells.status, 'archived'))).limit(1);
  return row?.id;
}
