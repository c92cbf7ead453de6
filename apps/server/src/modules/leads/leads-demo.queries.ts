import { eq } from 'drizzle-orm';
import { leads, type DbOrTx } from '@myeai/db';

/** The demo seed's read: whether the owner ever had a lead (then their list is theirs, not the seed's). */
export async function ownerHasLeads(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId)).limit(1);
  return row !== undefined;
}
