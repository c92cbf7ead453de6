import { and, eq } from 'drizzle-orm';
import { subscriptionPlanChanges, type DbOrTx } from '@myeai/db';

export type PlanChangeRow = typeof subscriptionPlanChanges.$inferSelect;
export type NewPlanChangeRow = typeof subscriptionPlanChanges.$inferInsert;

/** The user's change scheduled for a later moment, if any (at most one: a partial unique index). */
export async function selectScheduledPlanChange(db: DbOrTx, userId: string): Promise<PlanChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionPlanChanges)
    .where(and(eq(subscriptionPlanChanges.userId, userId), eq(subscriptionPlanChanges.status, 'scheduled')))
    .limit(1);
  return row;
}

export async function selectPlanChange(db: DbOrTx, id: string): Promise<PlanChangeRow | undefined> {
  const [row] = await db.select().from(subscriptionPlanChanges).where(eq(subscriptionPlanChanges.id, id)).limit(1);
  return row;
}

/** The change, locked until the transaction ends. */
export async function selectPlanChangeForUpdate(db: DbOrTx, id: string): Promise<PlanChangeRow | undefined> {
  const [row] = await db.select().from(subscriptionPlanChanges).where(eq(subscriptionPlanChanges.id, id)).for('update').limit(1);
  return row;
}

export async function insertPlanChange(db: DbOrTx, row: NewPlanChangeRow): Promise<PlanChangeRow> {
  const [inserted] = await db.insert(subscriptionPlanChanges).values(row).returning();
  return inserted!;
}

export async function updatePlanChange(db: DbOrTx, id: string, changes: Partial<NewPlanChangeRow>): Promise<PlanChangeRow> {
  const [updated] = await db.update(subscriptionPlanChanges).set(changes).where(eq(subscriptionPlanChanges.id, id)).returning();
  return updated!;
}
