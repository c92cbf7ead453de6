import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { twoFactorChallenges, twoFactorCredentials, twoFactorRecoveryCodes, type DbOrTx } from '@myeai/db';

export type TwoFactorCredentialRow = typeof twoFactorCredentials.$inferSelect;

export async function selectCredential(db: DbOrTx, userId: string): Promise<TwoFactorCredentialRow | undefined> {
  const [row] = await db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId)).limit(1);
  return row;
}

/** A new, not yet confirmed secret; replaces an unconfirmed one (enrolment started again). */
export async function upsertPendingCredential(db: DbOrTx, userId: string, secret: string, now: Date): Promise<void> {
  await db
    .insert(twoFactorCredentials)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactorCredentials.userId,
      set: { secret, createdAt: now, enabledAt: null, lastUsedStep: null },
      // An enabled credential is never replaced here: turning it off needs a code first.
      setWhere: isNull(twoFactorCredentials.enabledAt),
    });
}

/**
 * Records an accepted code's time step, only if it is newer than the last one: two requests
 * racing with the same code cannot both pass. Returns whether this request won.
 */
export async function claimStep(db: DbOrTx, userId: string, step: number, enableAt?: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorCredentials)
    .set({ lastUsedStep: step, failedAttempts: 0, failedSince: null, ...(enableAt ? { enabledAt: enableAt } : {}) })
    .where(and(eq(twoFactorCredentials.userId, userId), or(isNull(twoFactorCredentials.lastUsedStep), lt(twoFactorCredentials.lastUsedStep, step))))
    .returning({ userId: twoFactorCredentials.userId });
  return rows.length > 0;
}

/** One more wrong code; the count restarts when the window since the first failure has passed. */
export async function recordFailure(db: DbOrTx, userId: string, now: Date, windowMs: number): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const fresh = sql`(${twoFactorCredentials.failedSince} is null or ${twoFactorCredentials.failedSince} <= ${windowStart}::timestamptz)`;
  await db
    .update(twoFactorCredentials)
    .set({
      failedAttempts: sql`case when ${fresh} then 1 else ${twoFactorCredentials.failedAttempts} + 1 end`,
      failedSince: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${twoFactorCredentials.failedSince} end`,
    })
    .where(eq(twoFactorCredentials.userId, userId));
}

export async function deleteCredential(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/** The user's recovery codes become these (hashes); the old ones stop working. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: readonly string[], now: Date): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Marks an unused recovery code used; false when there is none with this hash (wrong or already used). */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(db: DbOrTx, row: typeof twoFactorChallenges.$inferInsert): Promise<void> {
  await db.insert(twoFactorChallenges).values(row);
}

/** The user of a pending sign-in that has not expired at `now`. */
export async function selectChallengeUser(db: DbOrTx, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: twoFactorChallenges.userId })
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, tokenHash), gt(twoFactorChallenges.expiresAt, now)))
    .limit(1);
  return row?.userId;
}

/** Ends a pending sign-in (completed), and drops the expired ones of everybody while at it. */
export async function deleteChallenge(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db.delete(twoFactorChallenges).where(or(eq(twoFactorChallenges.tokenHash, tokenHash), lt(twoFactorChallenges.expiresAt, now)));
}
