import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey, uuidRef } from './columns.ts';
import { users } from './users.ts';

/** Categories of the Opportunity Engine (spec 2: id, name); names are unique ignoring case. */
export const productCategories = pgTable(
  'product_categories',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [uniqueIndex('product_categories_name_key').on(sql`lower(${t.name})`)],
);

/**
 * A product affiliates promote. Money in cents, the commission rate in basis points (1% = 100).
 * A deleted product keeps its row (deleted_at set) so clicks, conversions and commissions keep
 * their product; it is never listed and its links answer 404.
 */
export const products = pgTable(
  'products',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    categoryId: uuidRef('category_id', () => productCategories.id, 'restrict'),
    commissionRateBp: integer('commission_rate_bp').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    masterLink: text('master_link').notNull(),
    imageUrl: text('image_url'),
    isActive: boolean('is_active').notNull().default(true),
    /** HMAC key the merchant signs conversion reports with. */
    conversionSecret: text('conversion_secret').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    check('products_commission_rate_bp_range', sql`${t.commissionRateBp} between 0 and 10000`),
    check('products_price_cents_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * One visit of an affiliate link /go/{product}?ref={code}. The visitor is a SHA-256 hash of a
 * random first-party cookie (never the IP); clicked_on is the UTC day, the unit of unique visitors.
 */
export const linkClicks = pgTable(
  'link_clicks',
  {
    id: uuidPrimaryKey(),
    productId: uuidRef('product_id', () => products.id, 'cascade'),
    /** The affiliate whose code was in ?ref=; null for a missing or unknown code. */
    referrerId: uuid('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    clickedAt: timestamptz('clicked_at').notNull(),
    clickedOn: date('clicked_on', { mode: 'string' }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
    userAgent: text('user_agent'),
    deviceClass: text('device_class').notNull(),
    referringSite: text('referring_site'),
  },
  (t) => [
    // Per product per referrer: clicks, unique visitors per day, latest click for attribution.
    index('link_clicks_referrer_product_idx').on(t.referrerId, t.productId, t.clickedAt),
    index('link_clicks_product_idx').on(t.productId, t.clickedAt),
  ],
);

/** A sale reported by the merchant (signed), once per merchant order and product. */
export const conversions = pgTable(
  'conversions',
  {
    id: uuidPrimaryKey(),
    productId: uuidRef('product_id', () => products.id, 'restrict'),
    merchantOrderId: text('merchant_order_id').notNull(),
    referrerId: uuidRef('referrer_id', () => users.id, 'restrict'),
    /** The click the sale is attributed to (the referrer's latest click on the product in the window). */
    clickId: uuid('click_id').references(() => linkClicks.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    /** The product's rate when the sale was reported. */
    commissionRateBp: integer('commission_rate_bp').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('conversions_product_order_key').on(t.productId, t.merchantOrderId),
    index('conversions_referrer_product_idx').on(t.referrerId, t.productId),
    check('conversions_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
