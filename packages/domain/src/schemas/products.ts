import { z } from 'zod';
import {
  CATEGORY_NAME_MAX,
  PRICE_CENTS_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_MESSAGES,
  PRODUCT_NAME_MAX,
  RATE_BP_MAX,
  RATE_BP_STEP,
  isSafeHttpUrl,
  validateProductForm,
} from '../products/product-rules.ts';
import { formRulesSchema } from './form-rules-schema.ts';

/** Click tracking and conversion postbacks. */
export const trackingPaths = {
  productLink: '/go/:productId',
  conversions: '/api/conversions',
} as const;

/** Product catalogue API paths. */
export const productsPaths = {
  list: '/api/products',
  categories: '/api/products/categories',
  adminCategories: '/api/admin/product-categories',
  adminList: '/api/admin/products',
  adminOne: '/api/admin/products/:id',
  conversionSecret: '/api/admin/products/:id/conversion-secret',
} as const;

export const ProductCategorySchema = z.object({ id: z.string(), name: z.string() });
export type ProductCategory = z.infer<typeof ProductCategorySchema>;

export const ProductCategoryListSchema = z.object({ categories: z.array(ProductCategorySchema) });
export type ProductCategoryList = z.infer<typeof ProductCategoryListSchema>;

export const CreateProductCategoryInputSchema = z.strictObject({
  name: z
    .string(PRODUCT_MESSAGES.categoryNameRequired)
    .trim()
    .min(1, PRODUCT_MESSAGES.categoryNameRequired)
    .max(CATEGORY_NAME_MAX, PRODUCT_MESSAGES.categoryNameTooLong),
});
export type CreateProductCategoryInput = z.infer<typeof CreateProductCategoryInputSchema>;

const httpUrl = (requiredMessage: string, invalidMessage: string) =>
  z.string(requiredMessage).min(1, requiredMessage).refine(isSafeHttpUrl, invalidMessage);

/**
 * POST /api/admin/products and PUT /api/admin/products/:id (the whole product, spec 2 section 7).
 * Unknown keys are refused (mass assignment, T-16); money in cents, the rate in basis points.
 */
export const ProductInputSchema = z.strictObject({
  name: z.string(PRODUCT_MESSAGES.nameRequired).trim().min(1, PRODUCT_MESSAGES.nameRequired).max(PRODUCT_NAME_MAX, PRODUCT_MESSAGES.nameTooLong),
  description: z
    .string(PRODUCT_MESSAGES.descriptionRequired)
    .trim()
    .min(1, PRODUCT_MESSAGES.descriptionRequired)
    .max(PRODUCT_DESCRIPTION_MAX, PRODUCT_MESSAGES.descriptionTooLong),
  category_id: z.uuid(PRODUCT_MESSAGES.categoryRequired),
  price_cents: z
    .number(PRODUCT_MESSAGES.priceRequired)
    .int(PRODUCT_MESSAGES.priceInvalid)
    .min(0, PRODUCT_MESSAGES.priceNegative)
    .max(PRICE_CENTS_MAX, PRODUCT_MESSAGES.priceTooHigh),
  commission_rate_bp: z
    .number(PRODUCT_MESSAGES.commissionRequired)
    .int(PRODUCT_MESSAGES.commissionInvalid)
    .min(0, PRODUCT_MESSAGES.commissionRange)
    .max(RATE_BP_MAX, PRODUCT_MESSAGES.commissionRange)
    .refine((bp) => bp % RATE_BP_STEP === 0, PRODUCT_MESSAGES.commissionInvalid),
  master_link: httpUrl(PRODUCT_MESSAGES.masterLinkRequired, PRODUCT_MESSAGES.masterLinkInvalid),
  image_url: z
    .string()
    .refine((value) => value === '' || isSafeHttpUrl(value), PRODUCT_MESSAGES.imageUrlInvalid)
    .nullish()
    .transform((value) => (value ? value : null)),
  is_active: z.boolean().default(true),
});
export type ProductInput = z.input<typeof ProductInputSchema>;
export type ProductInputParsed = z.output<typeof ProductInputSchema>;

/**
 * The add / edit product dialog: its fields as typed (dollars, percent), checked by the product form rules of
 * spec 2 section 5 (`validateProductForm`, their messages per field) and read as the API's product input.
 */
export const ProductFormSchema = formRulesSchema(
  {
    name: z.string(),
    description: z.string(),
    category_id: z.string(),
    price: z.string(),
    commission: z.string(),
    master_link: z.string(),
    image_url: z.string(),
    is_active: z.boolean(),
  },
  validateProductForm,
);

/** The signed-in user's own figures for a product's affiliate link. */
export const ProductLinkStatsSchema = z.object({
  clicks: z.number().int(),
  unique_visitors: z.number().int(),
  conversions: z.number().int(),
});
export type ProductLinkStats = z.infer<typeof ProductLinkStatsSchema>;

export const ProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: ProductCategorySchema,
  commission_rate_bp: z.number().int(),
  price_cents: z.number().int(),
  earnings_per_referral_cents: z.number().int(),
  master_link: z.string(),
  image_url: z.string().nullable(),
  is_active: z.boolean(),
  /** `/go/{id}?ref={code}`: the caller prefixes the site's origin. */
  affiliate_path: z.string(),
  stats: ProductLinkStatsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductMetricsSchema = z.object({
  total_products: z.number().int(),
  average_commission_bp: z.number().int(),
  average_price_cents: z.number().int(),
  category_count: z.number().int(),
});

export const ListProductsQuerySchema = z.object({
  category_id: z.uuid('Unknown category.').optional(),
});
export type ListProductsQuery = z.infer<typeof ListProductsQuerySchema>;

/** The catalogue (filtered by category when asked) and the metric tiles of the whole catalogue. */
export const ProductListSchema = z.object({
  products: z.array(ProductSchema),
  metrics: ProductMetricsSchema,
});
export type ProductList = z.infer<typeof ProductListSchema>;

export const ProductIdParamsSchema = z.object({ id: z.uuid('Unknown product.') });

/** What an admin hands the merchant so it can sign conversion reports. */
export const ConversionSecretSchema = z.object({
  product_id: z.string(),
  conversion_secret: z.string(),
  endpoint: z.string(),
  signature_header: z.string(),
});
export type ConversionSecret = z.infer<typeof ConversionSecretSchema>;
