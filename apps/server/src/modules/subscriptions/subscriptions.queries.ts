import { eq } from 'drizzle-orm';
import { users, type DbOrTx } from '@myeai/db';

export async function selectFreeTrialUsedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ freeTrialUsedAt: users.freeTrialUsedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.freeTrialUsedAt ?? null;
}

export async function selectSubscriber(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; name: string; email: string; freeTrialUsedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, freeTrialUsedAt: users.freeTrialUsedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function selectUserIdByEmail(db: DbOrTx, email: string): Promise<{ id: string; email: string } | undefined> {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  return row;
}
