import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { identities, oidcLoginAttempts, sessions, twoFactorCredentials, users, type DbOrTx } from '@myeai/db';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type OidcLoginAttemptRow = typeof oidcLoginAttempts.$inferSelect;

// Users and identities.

export async function selectUserById(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** By e-mail as stored (lower case). */
export async function selectUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function selectUserIdByReferralCode(db: DbOrTx, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
  return row?.id;
}

export async function insertUser(db: DbOrTx, row: NewUserRow): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  return inserted!;
}

export async function updateUser(db: DbOrTx, id: string, changes: Partial<NewUserRow>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/** Makes `role` the user's active role if the user holds it; the row updated, if any. */
export async function setActiveRoleIfHeld(db: DbOrTx, userId: string, role: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ activeRole: role })
    .where(and(eq(users.id, userId), sql`${role} = any(${users.roles})`))
    .returning();
  return row;
}

export async function countUsersReferredBy(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.referredBy, userId));
  return row?.n ?? 0;
}

/** Sets last_seen_at to `at` unless it is newer than `staleBefore` (another request or instance wrote it). */
export async function updateLastSeen(db: DbOrTx, userId: string, at: Date, staleBefore: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastSeenAt: at })
    .where(and(eq(users.id, userId), sql`(${users.lastSeenAt} is null or ${users.lastSeenAt} <= ${staleBefore.toISOString()}::timestamptz)`));
}

/** The user linked to an external identity. */
export async function selectUserByIdentity(db: DbOrTx, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.issuer, issuer), eq(identities.subject, subject)))
    .limit(1);
  return row?.user;
}

export async function insertIdentity(db: DbOrTx, row: typeof identities.$inferInsert): Promise<void> {
  await db.insert(identities).values(row);
}

// Sessions.

export async function insertSession(db: DbOrTx, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The session with this token hash, not revoked and not expired at `now`, with its user's columns. */
export async function selectLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: users.id,
      sessionId: sessions.id,
      email: users.email,
      name: users.name,
      roles: users.roles,
      activeRole: users.activeRole,
      status: users.status,
      lastSeenAt: users.lastSeenAt,
      sessionLastSeenAt: sessions.lastSeenAt,
      twoFactorEnabled: sql<boolean>`${twoFactorCredentials.enabledAt} is not null`,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoFactorCredentials, eq(twoFactorCredentials.userId, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** Sets the session's last_seen_at to `at` unless it is newer than `staleBefore`; not announced (migration 0034). */
export async function updateSessionLastSeen(db: DbOrTx, sessionId: string, at: Date, staleBefore: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: at })
    .where(and(eq(sessions.id, sessionId), sql`(${sessions.lastSeenAt} is null or ${sessions.lastSeenAt} <= ${staleBefore.toISOString()}::timestamptz)`));
}

export async function revokeSessionRow(db: DbOrTx, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function countSessionsOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

// OpenID Connect sign-in attempts.

export async function insertOidcLoginAttempt(db: DbOrTx, row: typeof oidcLoginAttempts.$inferInsert): Promise<void> {
  await db.insert(oidcLoginAttempts).values(row);
}

/** Deletes the attempt of this state and returns it, if it had not expired at `now`. */
export async function takeOidcLoginAttempt(db: DbOrTx, state: string, now: Date): Promise<OidcLoginAttemptRow | undefined> {
  const [row] = await db
    .delete(oidcLoginAttempts)
    .where(and(eq(oidcLoginAttempts.state, state), gt(oidcLoginAttempts.expiresAt, now)))
    .returning();
  return row;
}
