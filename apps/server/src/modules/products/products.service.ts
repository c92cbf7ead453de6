import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { conversions, linkClicks, productCategories, products, users, type Database, type DbOrTx } from '@myeai/db';
import {
  AppError,
  affiliateLinkPath,
  earningsPerReferralCents,
  normaliseHttpUrl,
  productMetrics,
  type CreateProductCategoryInput,
  type ListProductsQuery,
  type Product,
  type ProductCategory,
  type ProductInputParsed,
  type ProductLinkStats,
  type ProductList,
  type ConversionSecret,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';

/** Who is looking: their own link figures are shown, and admins also see inactive products. */
export type ProductViewer = { id: string; isAdmin: boolean };

const NO_STATS: ProductLinkStats = { clicks: 0, unique_visitors: 0, conversions: 0 };

export async function listCategories(db: DbOrTx): Promise<ProductCategory[]> {
  return db.select({ id: productCategories.id, name: productCategories.name }).from(productCategories).orderBy(asc(productCategories.name));
}

export async function createCategory(db: DbOrTx, clock: Clock, actorId: string | null, input: CreateProductCategoryInput): Promise<ProductCategory> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(productCategories)
      .values({ name: input.name, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: productCategories.id, name: productCategories.name });
    if (!row) throw new AppError('CONFLICT', 'A category with this name already exists.');
    await recordAudit(tx, clock, { actorId, action: 'product_category.create', target: row.id, details: { name: row.name } });
    return row;
  });
}

/** The viewer's own clicks, unique visitors (one per visitor per product per UTC day) and conversions. */
async function linkStatsFor(db: DbOrTx, referrerId: string, productIds: string[]): Promise<Map<string, ProductLinkStats>> {
  const stats = new Map<string, ProductLinkStats>();
  if (productIds.length === 0) return stats;
  const [clickRows, conversionRows] = await Promise.all([
    db
      .select({
        productId: linkClicks.productId,
        clicks: sql<number>`count(*)::int`,
        uniqueVisitors: sql<number>`count(distinct (${linkClicks.visitorHash} || ':' || ${linkClicks.clickedOn}::text))::int`,
      })
      .from(linkClicks)
      .where(and(eq(linkClicks.referrerId, referrerId), inArray(linkClicks.productId, productIds)))
      .groupBy(linkClicks.productId),
    db
      .select({ productId: conversions.productId, conversions: sql<number>`count(*)::int` })
      .from(conversions)
      .where(and(eq(conversions.referrerId, referrerId), inArray(conversions.productId, productIds)))
      .groupBy(conversions.productId),
  ]);
  for (const row of clickRows) stats.set(row.productId, { ...NO_STATS, clicks: row.clicks, unique_visitors: row.uniqueVisitors });
  for (const row of conversionRows) stats.set(row.productId, { ...(stats.get(row.productId) ?? NO_STATS), conversions: row.conversions });
  return stats;
}

async function referralCodeOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return row.code;
}

async function loadProducts(db: DbOrTx, viewer: ProductViewer, conditions: SQL[]): Promise<Product[]> {
  const visible: SQL[] = [isNull(products.deletedAt), ...conditions];
  if (!viewer.isAdmin) visible.push(eq(products.isActive, true));
  const [rows, code] = await Promise.all([
    db
      .select({ product: products, categoryName: productCategories.name })
      .from(products)
      .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(and(...visible))
      .orderBy(desc(products.createdAt), desc(products.id)),
    referralCodeOf(db, viewer.id),
  ]);
  const stats = await linkStatsFor(
    db,
    viewer.id,
    rows.map((row) => row.product.id),
  );
  return rows.map(({ product, categoryName }) => ({
    id: product.id,
    name: product.name,
    description: product.description,
    category: { id: product.categoryId, name: categoryName },
    commission_rate_bp: product.commissionRateBp,
    price_cents: product.priceCents,
    earnings_per_referral_cents: earningsPerReferralCents(product.priceCents, product.commissionRateBp),
    master_link: product.masterLink,
    image_url: product.imageUrl,
    is_active: product.isActive,
    affiliate_path: affiliateLinkPath(product.id, code),
    stats: stats.get(product.id) ?? NO_STATS,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  }));
}

/**
 * The catalogue for a viewer. The metric tiles describe the whole catalogue the viewer sees;
 * the category filter narrows only the list.
 */
export async function listProducts(db: DbOrTx, viewer: ProductViewer, query: ListProductsQuery): Promise<ProductList> {
  const all = await loadProducts(db, viewer, []);
  const metrics = productMetrics(all.map((product) => ({ ...product, category_id: product.category.id })));
  const listed = query.category_id ? all.filter((product) => product.category.id === query.category_id) : all;
  return { products: listed, metrics };
}

export async function getProduct(db: DbOrTx, viewer: ProductViewer, id: string): Promise<Product> {
  const [product] = await loadProducts(db, viewer, [eq(products.id, id)]);
  if (!product) throw new AppError('NOT_FOUND', 'Product not found.');
  return product;
}

async function assertCategory(db: DbOrTx, categoryId: string): Promise<void> {
  const [row] = await db.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, categoryId)).limit(1);
  if (!row) throw new AppError('VALIDATION', 'Category not found.', [{ path: 'category_id', message: 'Category not found.' }]);
}

function storedFields(input: ProductInputParsed) {
  return {
    name: input.name,
    description: input.description,
    categoryId: input.category_id,
    commissionRateBp: input.commission_rate_bp,
    priceCents: input.price_cents,
    // Stored in the parser's ASCII form, the exact value later sent as Location.
    masterLink: normaliseHttpUrl(input.master_link),
    imageUrl: input.image_url ? normaliseHttpUrl(input.image_url) : null,
    isActive: input.is_active,
  };
}

/** What the audit log keeps of a product (never its conversion secret). */
function auditView(fields: ReturnType<typeof storedFields>) {
  return {
    name: fields.name,
    category_id: fields.categoryId,
    commission_rate_bp: fields.commissionRateBp,
    price_cents: fields.priceCents,
    master_link: fields.masterLink,
    image_url: fields.imageUrl,
    is_active: fields.isActive,
  };
}

export function newConversionSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

export async function createProduct(db: DbOrTx, clock: Clock, actor: ProductViewer | null, input: ProductInputParsed): Promise<string> {
  return db.transaction(async (tx) => {
    await assertCategory(tx, input.category_id);
    const fields = storedFields(input);
    const now = clock.now();
    const [row] = await tx
      .insert(products)
      .values({ ...fields, conversionSecret: newConversionSecret(), createdBy: actor?.id ?? null, createdAt: now, updatedAt: now })
      .returning({ id: products.id });
    await recordAudit(tx, clock, { actorId: actor?.id ?? null, action: 'product.create', target: row!.id, details: auditView(fields) });
    return row!.id;
  });
}

async function lockLiveProduct(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Product not found.');
  return row;
}

/** PUT: the whole product is replaced (its id, secret, creator and dates are not writable). */
export async function updateProduct(db: Database, clock: Clock, actor: ProductViewer, id: string, input: ProductInputParsed): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockLiveProduct(tx, id);
    await assertCategory(tx, input.category_id);
    const fields = storedFields(input);
    await tx
      .update(products)
      .set({ ...fields, updatedAt: clock.now() })
      .where(eq(products.id, id));
    await recordAudit(tx, clock, { actorId: actor.id, action: 'product.update', target: id, details: { before: auditView(before), after: auditView(fields) } });
  });
}

/**
 * Deleting a product is a soft delete (docs/decisions): the row stays, so its clicks,
 * conversions and the commissions earned on it keep their history; it leaves the catalogue at
 * once, its affiliate links answer 404 and merchants can no longer report sales for it.
 */
export async function deleteProduct(db: Database, clock: Clock, actor: ProductViewer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockLiveProduct(tx, id);
    await tx
      .update(products)
      .set({ deletedAt: clock.now(), isActive: false, updatedAt: clock.now() })
      .where(eq(products.id, id));
    await recordAudit(tx, clock, { actorId: actor.id, action: 'product.delete', target: id, details: { name: before.name } });
  });
}

export async function getConversionSecret(db: DbOrTx, id: string): Promise<ConversionSecret> {
  const [row] = await db
    .select({ id: products.id, secret: products.conversionSecret })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Product not found.');
  return { product_id: row.id, conversion_secret: row.secret, endpoint: '/api/conversions', signature_header: 'X-MYEAI-Signature' };
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
