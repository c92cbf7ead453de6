import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { conversions, linkClicks, productCategories, products, users, type DbOrTx } from '@myeai/db';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

export async function selectCategories(db: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: productCategories.id, name: productCategories.name }).from(productCategories).orderBy(asc(productCategories.name));
}

/** Inserts the category unless one has its name; the row inserted, if any. */
export async function insertCategoryOnce(db: DbOrTx, name: string, at: Date): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .insert(productCategories)
    .values({ name, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: productCategories.id, name: productCategories.name });
  return row;
}

export async function categoryExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, id)).limit(1);
  return row !== undefined;
}

/** The referrer's clicks and unique visitors (one per visitor per product per UTC day) per product. */
export async function countClicksByProduct(
  db: DbOrTx,
  referrerId: string,
  productIds: string[],
): Promise<Array<{ productId: string; clicks: number; uniqueVisitors: number }>> {
  return db
    .select({
      productId: linkClicks.productId,
      clicks: sql<number>`count(*)::int`,
      uniqueVisitors: sql<number>`count(distinct (${linkClicks.visitorHash} || ':' || ${linkClicks.clickedOn}::text))::int`,
    })
    .from(linkClicks)
    .where(and(eq(linkClicks.referrerId, referrerId), inArray(linkClicks.productId, productIds)))
    .groupBy(linkClicks.productId);
}

export async function countConversionsByProduct(
  db: DbOrTx,
  referrerId: string,
  productIds: string[],
): Promise<Array<{ productId: string; conversions: number }>> {
  return db
    .select({ productId: conversions.productId, conversions: sql<number>`count(*)::int` })
    .from(conversions)
    .where(and(eq(conversions.referrerId, referrerId), inArray(conversions.productId, productIds)))
    .groupBy(conversions.productId);
}

export async function selectReferralCode(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.code;
}

/** Products not deleted (and active unless `includeInactive`), newest first, with their category's name; one product when `id` is given. */
export async function selectProducts(
  db: DbOrTx,
  filter: { includeInactive: boolean; id?: string },
): Promise<Array<{ product: ProductRow; categoryName: string }>> {
  const visible: SQL[] = [isNull(products.deletedAt)];
  if (filter.id !== undefined) visible.push(eq(products.id, filter.id));
  if (!filter.includeInactive) visible.push(eq(products.isActive, true));
  return db
    .select({ product: products, categoryName: productCategories.name })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(...visible))
    .orderBy(desc(products.createdAt), desc(products.id));
}

export async function insertProduct(db: DbOrTx, row: NewProductRow): Promise<string> {
  const [inserted] = await db.insert(products).values(row).returning({ id: products.id });
  return inserted!.id;
}

/** The product unless deleted, locked until the transaction ends. */
export async function selectLiveProductForUpdate(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateProductRow(db: DbOrTx, id: string, changes: Partial<NewProductRow>): Promise<void> {
  await db.update(products).set(changes).where(eq(products.id, id));
}

export async function selectConversionSecret(db: DbOrTx, id: string): Promise<{ id: string; secret: string } | undefined> {
  const [row] = await db
    .select({ id: products.id, secret: products.conversionSecret })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  return row;
}

/** An active, not deleted product's redirect data, or undefined. */
export async function findRedirectTarget(db: DbOrTx, id: string): Promise<{ id: string; masterLink: string } | undefined> {
  const [row] = await db
    .select({ id: products.id, masterLink: products.masterLink })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true), isNull(products.deletedAt)))
    .limit(1);
  return row;
}

/** A not deleted product's conversion data (inactive products still accept sales of earlier clicks). */
export async function findConversionProduct(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; name: string; secret: string; commissionRateBp: number } | undefined> {
  const [row] = await db
    .select({ id: products.id, name: products.name, secret: products.conversionSecret, commissionRateBp: products.commissionRateBp })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  return row;
}
