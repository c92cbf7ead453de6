import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions, type DbOrTx } from '@myeai/db';

/** The user's sessions that still work at `now` (not revoked, not expired), newest first. */
export async function selectLiveSessionsOfUser(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      method: sessions.method,
      userAgent: sessions.userAgent,
      address: sessions.address,
      place: sessions.place,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Revokes one live session of this user; its id, or undefined when the user has no such session. */
export async function revokeSessionOfUser(db: DbOrTx, userId: string, sessionId: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return row?.id;
}

/** Revokes every live session of the user but `keepId`; the ids revoked. */
export async function revokeSessionsOfUserExcept(db: DbOrTx, userId: string, keepId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
