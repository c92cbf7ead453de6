import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions, users, type DbOrTx } from '@myeai/db';

/** When the account confirmed its e-mail address; null when not yet or for an unknown id. */
export async function selectEmailVerifiedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.at ?? null;
}

/**
 * Revokes the user's live sessions except `keepSessionId` (if given); the ids revoked. The caller
 * announces them to the live hub when it can (the account module does); otherwise their sockets
 * close at the hub's next session check.
 */
export async function revokeSessionsOfUser(db: DbOrTx, userId: string, at: Date, keepSessionId?: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
