import { and, desc, eq, gte, lte, ne } from 'drizzle-orm';
import { conversions, linkClicks, productCategories, users, userVisitors, type DbOrTx } from '@myeai/db';

export type ConversionRow = typeof conversions.$inferSelect;

export async function selectUserIdByReferralCode(db: DbOrTx, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
  return row?.id;
}

export async function insertLinkClick(db: DbOrTx, click: typeof linkClicks.$inferInsert): Promise<string> {
  const [row] = await db.insert(linkClicks).values(click).returning({ id: linkClicks.id });
  return row!.id;
}

export async function selectConversionByOrder(db: DbOrTx, productId: string, merchantOrderId: string): Promise<ConversionRow | undefined> {
  const [row] = await db
    .select()
    .from(conversions)
    .where(and(eq(conversions.productId, productId), eq(conversions.merchantOrderId, merchantOrderId)))
    .limit(1);
  return row;
}

/** The referrer's latest click on the product in [since, until]. */
export async function selectLatestClickId(db: DbOrTx, referrerId: string, productId: string, since: Date, until: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ id: linkClicks.id })
    .from(linkClicks)
    .where(and(eq(linkClicks.referrerId, referrerId), eq(linkClicks.productId, productId), gte(linkClicks.clickedAt, since), lte(linkClicks.clickedAt, until)))
    .orderBy(desc(linkClicks.clickedAt))
    .limit(1);
  return row?.id;
}

/** Inserts the conversion unless the merchant's order is stored already; the row inserted, if any. */
export async function insertConversionOnce(db: DbOrTx, row: typeof conversions.$inferInsert): Promise<ConversionRow | undefined> {
  const [inserted] = await db.insert(conversions).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The demo seed's guard: a database that has a product category already has its catalogue. */
export async function anyProductCategoryExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: productCategories.id }).from(productCategories).limit(1);
  return row !== undefined;
}

export async function selectUserIdAndCodeByEmail(db: DbOrTx, email: string): Promise<{ id: string; code: string } | undefined> {
  const [row] = await db.select({ id: users.id, code: users.referralCode }).from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** A signed-in member followed a product link from this browser: its hashed visitor id is theirs too. */
export async function insertClickerVisitor(db: DbOrTx, userId: string, visitorHash: string, at: Date): Promise<void> {
  await db.insert(userVisitors).values({ userId, visitorHash, firstSeenAt: at }).onConflictDoNothing();
}

/**
 * The buyer of a conversion, when the stored data names one: the only account other than the
 * referrer ever seen with the click's hashed visitor id (none or several: null).
 */
export async function selectSoleClickerUserId(db: DbOrTx, clickId: string, referrerId: string): Promise<string | null> {
  const rows = await db
    .selectDistinct({ userId: userVisitors.userId })
    .from(linkClicks)
    .innerJoin(userVisitors, eq(userVisitors.visitorHash, linkClicks.visitorHash))
    .where(and(eq(linkClicks.id, clickId), ne(userVisitors.userId, referrerId)))
    .limit(2);
  return rows.length === 1 ? rows[0]!.userId : null;
}

/** A demo order's conversion, by the merchant's order id alone (the demo's ids are unique). */
export async function selectConversionByMerchantOrderId(db: DbOrTx, merchantOrderId: string): Promise<ConversionRow | undefined> {
  const [row] = await db.select().from(conversions).where(eq(conversions.merchantOrderId, merchantOrderId)).limit(1);
  return row;
}
