import { and, eq, isNull } from 'drizzle-orm';
import { userProfiles, users, type DbOrTx } from '@myeai/db';

export type UserProfileRow = typeof userProfiles.$inferSelect;
export type UserProfileValues = Omit<typeof userProfiles.$inferInsert, 'userId' | 'createdAt'>;

export async function selectUserByReferralCode(
  db: DbOrTx,
  code: string,
): Promise<{ id: string; name: string; code: string; status: string } | undefined> {
  const [row] = await db.select({ id: users.id, name: users.name, code: users.referralCode, status: users.status }).from(users).where(eq(users.referralCode, code)).limit(1);
  return row;
}

/** The user's referrer, if any: id, name and referral code. */
export async function selectReferrerOf(db: DbOrTx, userId: string): Promise<{ id: string; name: string; code: string } | undefined> {
  const [me] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId)).limit(1);
  if (!me?.referredBy) return undefined;
  const [row] = await db.select({ id: users.id, name: users.name, code: users.referralCode }).from(users).where(eq(users.id, me.referredBy)).limit(1);
  return row;
}

/** Sets the user's referrer unless they have one; true when set. */
export async function attachReferrer(db: DbOrTx, userId: string, referrerId: string): Promise<boolean> {
  const attached = await db
    .update(users)
    .set({ referredBy: referrerId })
    .where(and(eq(users.id, userId), isNull(users.referredBy)))
    .returning({ id: users.id });
  return attached.length > 0;
}

export async function selectUserProfile(db: DbOrTx, userId: string): Promise<UserProfileRow | undefined> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1);
  return row;
}

export async function upsertUserProfile(db: DbOrTx, userId: string, values: UserProfileValues, createdAt: Date): Promise<void> {
  await db
    .insert(userProfiles)
    .values({ userId, ...values, createdAt })
    .onConflictDoUpdate({ target: userProfiles.userId, set: values });
}
