import { randomBytes } from 'node:crypto';
import type { Database, DbOrTx } from '@myeai/db';
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
  trackingPaths,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import {
  categoryExists,
  countClicksByProduct,
  countConversionsByProduct,
  insertCategoryOnce,
  insertProduct,
  selectCategories,
  selectConversionSecret,
  selectLiveProductForUpdate,
  selectProducts,
  selectReferralCode,
  updateProductRow,
} from './products.queries.ts';

/** Who is looking: their own link figures are shown, and admins also see inactive products. */
export type ProductViewer = { id: string; isAdmin: boolean };

const NO_STATS: ProductLinkStats = { clicks: 0, unique_visitors: 0, conversions: 0 };

export async function listCategories(db: DbOrTx): Promise<ProductCategory[]> {
  return selectCategories(db);
}

export async function createCategory(db: DbOrTx, clock: Clock, actorId: string | null, input: CreateProductCategoryInput): Promise<ProductCategory> {
  return db.transaction(async (tx) => {
    const row = await insertCategoryOnce(tx, input.name, clock.now());
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
    countClicksByProduct(db, referrerId, productIds),
    countConversionsByProduct(db, referrerId, productIds),
  ]);
  for (const row of clickRows) stats.set(row.productId, { ...NO_STATS, clicks: row.clicks, unique_visitors: row.uniqueVisitors });
  for (const row of conversionRows) stats.set(row.productId, { ...(stats.get(row.productId) ?? NO_STATS), conversions: row.conversions });
  return stats;
}

async function referralCodeOf(db: DbOrTx, userId: string): Promise<string> {
  const code = await selectReferralCode(db, userId);
  if (code === undefined) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return code;
}

async function loadProducts(db: DbOrTx, viewer: ProductViewer, id?: string): Promise<Product[]> {
  const [rows, code] = await Promise.all([
    selectProducts(db, { includeInactive: viewer.isAdmin, ...(id === undefined ? {} : { id }) }),
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
  const all = await loadProducts(db, viewer);
  const metrics = productMetrics(all.map((product) => ({ ...product, category_id: product.category.id })));
  const listed = query.category_id ? all.filter((product) => product.category.id === query.category_id) : all;
  return { products: listed, metrics };
}

export async function getProduct(db: DbOrTx, viewer: ProductViewer, id: string): Promise<Product> {
  const [product] = await loadProducts(db, viewer, id);
  if (!product) throw new AppError('NOT_FOUND', 'Product not found.');
  return product;
}

async function assertCategory(db: DbOrTx, categoryId: string): Promise<void> {
  if (!(await categoryExists(db, categoryId))) throw new AppError('VALIDATION', 'Category not found.', [{ path: 'category_id', message: 'Category not found.' }]);
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
    const id = await insertProduct(tx, { ...fields, conversionSecret: newConversionSecret(), createdBy: actor?.id ?? null, createdAt: now, updatedAt: now });
    await recordAudit(tx, clock, { actorId: actor?.id ?? null, action: 'product.create', target: id, details: auditView(fields) });
    return id;
  });
}

async function lockLiveProduct(tx: DbOrTx, id: string) {
  const row = await selectLiveProductForUpdate(tx, id);
  if (!row) throw new AppError('NOT_FOUND', 'Product not found.');
  return row;
}

/** PUT: the whole product is replaced (its id, secret, creator and dates are not writable). */
export async function updateProduct(db: Database, clock: Clock, actor: ProductViewer, id: string, input: ProductInputParsed): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockLiveProduct(tx, id);
    await assertCategory(tx, input.category_id);
    const fields = storedFields(input);
    await updateProductRow(tx, id, { ...fields, updatedAt: clock.now() });
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
    await updateProductRow(tx, id, { deletedAt: clock.now(), isActive: false, updatedAt: clock.now() });
    await recordAudit(tx, clock, { actorId: actor.id, action: 'product.delete', target: id, details: { name: before.name } });
  });
}

export async function getConversionSecret(db: DbOrTx, id: string): Promise<ConversionSecret> {
  const row = await selectConversionSecret(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Product not found.');
  return { product_id: row.id, conversion_secret: row.secret, endpoint: trackingPaths.conversions, signature_header: 'X-MYEAI-Signature' };
}
