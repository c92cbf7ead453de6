import { and, eq, sql } from 'drizzle-orm';
import { referralClicks, referralLandingEvents, users, type DbOrTx } from '@myeai/db';
import type { DeviceClass } from '@myeai/domain';

export async function selectUserByReferralCode(
  db: DbOrTx,
  code: string,
): Promise<{ id: string; name: string; referralCode: string; status: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, referralCode: users.referralCode, status: users.status })
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(1);
  return row;
}

export async function selectReferrerNameAndCode(db: DbOrTx, userId: string): Promise<{ name: string; referralCode: string } | undefined> {
  const [row] = await db.select({ name: users.name, referralCode: users.referralCode }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export type NewReferralClick = {
  referrerId: string;
  clickedAt: Date;
  clickedOn: string;
  visitorHash: string;
  userAgent: string | null;
  deviceClass: DeviceClass;
  referringSite: string | null;
  utmSource: string | null;
};

/** Inserts the click (every click is a row); true when inserted. */
export async function insertReferralClick(db: DbOrTx, click: NewReferralClick): Promise<boolean> {
  const rows = await db.insert(referralClicks).values(click).returning({ id: referralClicks.id });
  return rows.length > 0;
}

/** Distinct visitors (hashed visitor ids) who followed the referrer's short link that UTC day. */
export async function countReferralClicksOn(db: DbOrTx, referrerId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${referralClicks.visitorHash})::int` })
    .from(referralClicks)
    .where(and(eq(referralClicks.referrerId, referrerId), eq(referralClicks.clickedOn, day)));
  return row?.n ?? 0;
}

export async function insertLandingEvent(db: DbOrTx, event: typeof referralLandingEvents.$inferInsert): Promise<void> {
  await db.insert(referralLandingEvents).values(event);
}
