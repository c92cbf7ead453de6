import { parseDollars, type Cents } from '../money.ts';

/**
 * The Opportunity Engine's product rules (spec 2 sections 5 and 9). Commission rates are stored
 * as integer basis points (1% = 100 bp, reliability catalogue T-27) and money as integer cents.
 */

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const CATEGORY_NAME_MAX = 60;
export const URL_MAX = 2048;
/** Prices up to $100,000,000.00: far above any catalogue product, far below 2^53 after x 10,000. */
export const PRICE_CENTS_MAX = 10_000_000_000;
export const RATE_BP_MAX = 10_000;
/** The form's commission step is 0.1 % (spec 2 section 5), i.e. 10 basis points. */
export const RATE_BP_STEP = 10;

/** Field messages of the product form, shared by the form and the API. */
export const PRODUCT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PRODUCT_NAME_MAX} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`,
  categoryRequired: 'Category is required',
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be a number of dollars with at most 2 decimals',
  priceNegative: 'Price must be 0 or more',
  priceTooHigh: 'Price is too high',
  commissionRequired: 'Commission is required',
  commissionInvalid: 'Commission must be a number with at most 1 decimal',
  commissionRange: 'Commission must be between 0 and 100',
  masterLinkRequired: 'Master link is required',
  masterLinkInvalid: 'Master link must start with http:// or https://',
  imageUrlInvalid: 'Image URL must start with http:// or https://',
  categoryNameRequired: 'Category name is required',
  categoryNameTooLong: `Category name must be at most ${CATEGORY_NAME_MAX} characters`,
} as const;

/** Spec 2 section 8: what the product screen says. */
export const PRODUCT_TEXTS = {
  created: 'Product created successfully!',
  updated: 'Product updated successfully!',
  deleted: 'Product deleted successfully!',
  createFailed: 'Failed to create product: ',
  updateFailed: 'Failed to update product: ',
  deleteFailed: 'Failed to delete product: ',
  linkCopied: 'Affiliate link copied to clipboard!',
  noMasterLink: 'No master link configured for this product.',
} as const;

export function deleteProductConfirmation(name: string): string {
  return `Are you sure you want to delete product "${name}"? This action cannot be undone.`;
}

// Control characters, spaces and backslashes (which URL parsers read as "/") are refused.
// eslint-disable-next-line no-control-regex
const UNSAFE_URL_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/;

/**
 * A destination we may redirect to or show as a link: an absolute http(s) URL written as such
 * (no leading spaces, no scheme-relative //host, no javascript:/data:), with a host and without
 * user:password@ (reliability catalogue T-29, A9). Checked on write and again on every redirect.
 */
export function isSafeHttpUrl(value: string): boolean {
  if (value.length === 0 || value.length > URL_MAX) return false;
  if (!/^https?:\/\//i.test(value) || UNSAFE_URL_CHARACTERS.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return url.hostname.length > 0;
}

/** The stored form of a safe URL: the parser's serialisation (punycode host, percent-encoded path). */
export function normaliseHttpUrl(value: string): string {
  return new URL(value).href;
}

/**
 * Whether a stored master link may go into a Location header: still a safe http(s) URL and
 * printable ASCII only (what normaliseHttpUrl stores), so no header can be split or mangled.
 */
export function isRedirectableUrl(value: string): boolean {
  return isSafeHttpUrl(value) && /^[\x21-\x7e]+$/.test(value);
}

/** Earnings per referral (spec 2 section 9): price x rate / 100, rounded once, to the cent. */
export function earningsPerReferralCents(priceCents: Cents, rateBp: number): Cents {
  return Math.round((priceCents * rateBp) / RATE_BP_MAX);
}

/** "12.5%" from 1250 bp: one decimal at most, as the form enters it. */
export function formatRate(rateBp: number): string {
  const percent = rateBp / 100;
  return `${Number.isInteger(percent) ? percent : Number(percent.toFixed(2))}%`;
}

export type ProductForMetrics = { commission_rate_bp: number; price_cents: Cents; category_id: string };

export type ProductMetrics = {
  total_products: number;
  /** Mean commission rate in basis points, rounded to the basis point; 0 with no products. */
  average_commission_bp: number;
  /** Mean price in cents, rounded to the cent; 0 with no products. */
  average_price_cents: Cents;
  /** Categories that hold at least one of these products. */
  category_count: number;
};

/** The four metric tiles of the Opportunity Engine, computed from the products listed. */
export function productMetrics(products: readonly ProductForMetrics[]): ProductMetrics {
  const count = products.length;
  if (count === 0) return { total_products: 0, average_commission_bp: 0, average_price_cents: 0, category_count: 0 };
  const rateSum = products.reduce((sum, product) => sum + product.commission_rate_bp, 0);
  const priceSum = products.reduce((sum, product) => sum + product.price_cents, 0);
  return {
    total_products: count,
    average_commission_bp: Math.round(rateSum / count),
    average_price_cents: Math.round(priceSum / count),
    category_count: new Set(products.map((product) => product.category_id)).size,
  };
}

/** The affiliate link of spec 2 with the opaque referral code (DESIGN.md section 3 item 17). */
export function affiliateLinkPath(productId: string, referralCode: string): string {
  return `/go/${encodeURIComponent(productId)}?ref=${encodeURIComponent(referralCode)}`;
}

export type ProductFormValues = {
  name: string;
  description: string;
  category_id: string;
  /** Dollars as typed, e.g. "49.99". */
  price: string;
  /** Percent as typed, e.g. "12.5". */
  commission: string;
  master_link: string;
  image_url: string;
  is_active: boolean;
};

export type ProductFormField = Exclude<keyof ProductFormValues, 'is_active'>;

export type ProductInputValues = {
  name: string;
  description: string;
  category_id: string;
  price_cents: Cents;
  commission_rate_bp: number;
  master_link: string;
  image_url: string | null;
  is_active: boolean;
};

export type ProductFormResult =
  | { ok: true; value: ProductInputValues }
  | { ok: false; errors: Partial<Record<ProductFormField, string>> };

/** "12.5" -> 1250 bp; null when it is not a number with at most 1 decimal. */
export function parsePercentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number(match[2] ?? '0') * 10;
}

export function basisPointsToPercentInput(rateBp: number): string {
  const percent = rateBp / 100;
  return Number.isInteger(percent) ? String(percent) : percent.toFixed(1);
}

/** The product form's rules (spec 2 section 5): every field but the image is required. */
export function validateProductForm(values: ProductFormValues): ProductFormResult {
  const errors: Partial<Record<ProductFormField, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = PRODUCT_MESSAGES.nameRequired;
  else if (name.length > PRODUCT_NAME_MAX) errors.name = PRODUCT_MESSAGES.nameTooLong;

  const description = values.description.trim();
  if (!description) errors.description = PRODUCT_MESSAGES.descriptionRequired;
  else if (description.length > PRODUCT_DESCRIPTION_MAX) errors.description = PRODUCT_MESSAGES.descriptionTooLong;

  if (!values.category_id) errors.category_id = PRODUCT_MESSAGES.categoryRequired;

  let priceCents: Cents | null = null;
  const priceText = values.price.trim();
  if (!priceText) errors.price = PRODUCT_MESSAGES.priceRequired;
  else if (/^-/.test(priceText)) errors.price = PRODUCT_MESSAGES.priceNegative;
  else {
    const parsed = parseDollars(priceText, PRICE_CENTS_MAX);
    if (parsed.ok) priceCents = parsed.cents;
    else errors.price = parsed.problem === 'too_large' ? PRODUCT_MESSAGES.priceTooHigh : PRODUCT_MESSAGES.priceInvalid;
  }

  let rateBp: number | null = null;
  const commissionText = values.commission.trim();
  if (!commissionText) errors.commission = PRODUCT_MESSAGES.commissionRequired;
  else if (/^-/.test(commissionText)) errors.commission = PRODUCT_MESSAGES.commissionRange;
  else {
    rateBp = parsePercentToBasisPoints(commissionText);
    if (rateBp === null) errors.commission = PRODUCT_MESSAGES.commissionInvalid;
    else if (rateBp > RATE_BP_MAX) errors.commission = PRODUCT_MESSAGES.commissionRange;
  }

  const masterLink = values.master_link.trim();
  if (!masterLink) errors.master_link = PRODUCT_MESSAGES.masterLinkRequired;
  else if (!isSafeHttpUrl(masterLink)) errors.master_link = PRODUCT_MESSAGES.masterLinkInvalid;

  const imageUrl = values.image_url.trim();
  if (imageUrl && !isSafeHttpUrl(imageUrl)) errors.image_url = PRODUCT_MESSAGES.imageUrlInvalid;

  if (Object.keys(errors).length > 0 || priceCents === null || rateBp === null) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      description,
      category_id: values.category_id,
      price_cents: priceCents,
      commission_rate_bp: rateBp,
      master_link: masterLink,
      image_url: imageUrl || null,
      is_active: values.is_active,
    },
  };
}
