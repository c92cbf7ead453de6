import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { accountTokens, users, type DbOrTx } from '@myeai/db';
import type { AccountTokenPurpose } from '@myeai/domain';

export type AccountTokenRow = typeof accountTokens.$inferSelect;

export async function insertAccountToken(db: DbOrTx, row: typeof accountTokens.$inferInsert): Promise<void> {
  await db.insert(accountTokens).values(row);
}

/** The link with this token hash, locked, so two clicks at once cannot both use it. */
export async function selectAccountTokenForUpdate(db: DbOrTx, tokenHash: string): Promise<AccountTokenRow | undefined> {
  const [row] = await db.select().from(accountTokens).where(eq(accountTokens.tokenHash, tokenHash)).limit(1).for('update');
  return row;
}

/** When the account's links of this purpose were created, newest first, since `since`. */
export async function selectRecentTokenTimes(db: DbOrTx, userId: string, purpose: AccountTokenPurpose, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: accountTokens.createdAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), gt(accountTokens.createdAt, since)))
    .orderBy(desc(accountTokens.createdAt));
  return rows.map((row) => row.createdAt);
}

/** Marks the account's unused links of these purposes used (a newer link, or the change they were for, happened). */
export async function voidAccountTokens(db: DbOrTx, userId: string, purposes: readonly AccountTokenPurpose[], at: Date): Promise<void> {
  for (const purpose of purposes) {
    await db
      .update(accountTokens)
      .set({ usedAt: at })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  }
}

export async function markAccountTokenUsed(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(accountTokens).set({ usedAt: at }).where(eq(accountTokens.id, id));
}

export async function selectUserForUpdate(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  return row;
}

export async function updateUserAccount(db: DbOrTx, userId: string, changes: Partial<Pick<typeof users.$inferInsert, 'passwordHash' | 'email' | 'emailVerifiedAt'>>): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

export async function selectUserIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}
