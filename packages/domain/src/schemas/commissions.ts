import { z } from 'zod';
import { COMMISSION_SOURCES, COMMISSION_STATUS_FILTERS, COMMISSION_STATUSES } from '../commissions/commission-rules.ts';
import { PRICE_CENTS_MAX } from '../products/product-rules.ts';
import { cursorListQuerySchema, cursorPageSchema } from './paging.ts';

/** Commission API paths. */
export const commissionsPaths = {
  list: '/api/commissions',
  summary: '/api/commissions/summary',
  csvExport: '/api/commissions/export/csv',
  adminList: '/api/admin/commissions',
  /** "Pay this one now": a one-item payout batch with this line (decision 070). */
  adminPayNow: '/api/admin/commissions/:id/pay-now',
} as const;

export const CommissionStatusSchema = z.enum(COMMISSION_STATUSES);

export const CommissionSchema = z.object({
  id: z.string(),
  product_id: z.string().nullable(),
  product_name: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: CommissionStatusSchema,
  source: z.enum(COMMISSION_SOURCES),
  /** The commission rate applied, in basis points (a snapshot: later rate changes do not alter it). */
  rate_bp: z.number().int().nullable(),
  earned_at: z.string(),
  processing_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** A reversal (a negative line, decision 066): the line it reverses and why; absent on every other line. */
  reverses_id: z.string().optional(),
  reason: z.string().optional(),
});
export type Commission = z.infer<typeof CommissionSchema>;

export const ListCommissionsQuerySchema = cursorListQuerySchema({ status: z.enum(COMMISSION_STATUS_FILTERS).default('all') });
export type ListCommissionsQuery = z.infer<typeof ListCommissionsQuerySchema>;

/**
 * An item of the earner's own list: `on_hold` when it is pending and arose from a member whose
 * sign-up with the earner is flagged and not yet reviewed (decision 046); derived on each read.
 */
export const CommissionListItemSchema = CommissionSchema.extend({ on_hold: z.boolean() });
export type CommissionListItem = z.infer<typeof CommissionListItemSchema>;

export const CommissionPageSchema = cursorPageSchema(CommissionListItemSchema, {
  /** How many commissions match the filter (all pages). */
  total: z.number().int(),
});
export type CommissionPage = z.infer<typeof CommissionPageSchema>;

export const ExportCommissionsQuerySchema = z.object({
  status: z.enum(COMMISSION_STATUS_FILTERS).default('all'),
});

export const PayoutPolicySchema = z.object({
  cycle_days: z.number().int(),
  run_weekday: z.number().int().min(0).max(6),
  processing_business_days: z.object({ min: z.number().int(), max: z.number().int() }),
  minimum_cents: z.number().int(),
  wire_transfer_above_cents: z.number().int(),
  methods: z.array(z.string()),
});

/** The three summary cards, the next payout date and the payout policy the panel states. */
export const CommissionSummaryResponseSchema = z.object({
  currency: z.string(),
  total_earnings_cents: z.number().int(),
  paid_out_cents: z.number().int(),
  paid_count: z.number().int(),
  pending_cents: z.number().int(),
  pending_count: z.number().int(),
  /** Of the pending figure, what is on hold behind an open referral flag (decision 046); not payable until cleared. */
  held_cents: z.number().int(),
  held_count: z.number().int(),
  /** YYYY-MM-DD (UTC) of the next weekly payout run. */
  next_payout_date: z.string(),
  /** When money paid in that run arrives (3-5 business days). */
  arrival_window: z.object({ from: z.string(), to: z.string() }),
  /** Whether the unpaid balance (pending + processing, less what is on hold) reaches the minimum payout. */
  meets_minimum: z.boolean(),
  payout_policy: PayoutPolicySchema,
});
export type CommissionSummaryResponse = z.infer<typeof CommissionSummaryResponseSchema>;

export const CommissionIdParamsSchema = z.object({ id: z.uuid('Unknown commission.') });

/**
 * An item of the admins' list: whose it is, `on_hold` as in the earner's own list (decision 046),
 * and the payout batch whose processing item holds it, if any (decision 060).
 */
export const AdminCommissionSchema = CommissionListItemSchema.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  payout_batch: z.object({ id: z.string(), created_at: z.string() }).nullable(),
});
export type AdminCommission = z.infer<typeof AdminCommissionSchema>;

export const AdminCommissionPageSchema = cursorPageSchema(AdminCommissionSchema, { total: z.number().int() });
export type AdminCommissionPage = z.infer<typeof AdminCommissionPageSchema>;

/**
 * POST /api/conversions: a merchant reports a sale made through an affiliate link, signed with
 * the product's conversion secret (see commissions/conversion-signature.ts).
 */
export const ConversionInputSchema = z.strictObject({
  product_id: z.uuid('Unknown product.'),
  /** The merchant's own order id: one conversion per order and product, however often reported. */
  order_id: z.string('Order id is required.').trim().min(1, 'Order id is required.').max(200, 'Order id is too long.'),
  amount_cents: z
    .number('Amount is required.')
    .int('Amount must be whole cents.')
    .min(1, 'Amount must be at least 1 cent.')
    .max(PRICE_CENTS_MAX, 'Amount is too high.'),
  /** The referral code from the affiliate link's ?ref=. */
  ref: z.string('Referral code is required.').trim().min(1, 'Referral code is required.').max(64, 'Unknown referral code.'),
});
export type ConversionInput = z.infer<typeof ConversionInputSchema>;

export const ConversionResponseSchema = z.object({
  status: z.enum(['created', 'duplicate']),
  conversion_id: z.string(),
  commission: CommissionSchema,
});
export type ConversionResponse = z.infer<typeof ConversionResponseSchema>;
