import { z } from 'zod';
import { COMMISSION_REVERSAL_KINDS, REVERSAL_REASON_MAX } from '../commissions/commission-reversal.ts';
import { COMMISSION_STATUSES } from '../commissions/commission-rules.ts';

/** Commission reversals (issue 31 items 2, 3, 6; decision record 066): the API paths are the contract. */
export const commissionReversalPaths = {
  /** A partner reverses a conversion (signed like POST /api/conversions); the reference is the merchant's order id. */
  conversionReverse: '/api/conversions/:reference/reverse',
  /** An admin reverses a processed revenue run. */
  runReverse: '/api/admin/commission/runs/:id/reverse',
  /** One reversal, with its lines (the finance view's link). */
  reversal: '/api/admin/commission/reversals/:id',
  /** The processed revenue runs, newest first, each with its reversal if any (Commission Management's Revenue Runs tab). */
  runs: '/api/admin/commission/runs',
} as const;

const reasonField = z
  .string({ message: 'Say why it is reversed.' })
  .trim()
  .min(3, { message: 'Say why it is reversed (at least 3 characters).' })
  .max(REVERSAL_REASON_MAX, { message: `The reason can be at most ${REVERSAL_REASON_MAX} characters.` });

export const ReverseRunInputSchema = z.object({ reason: reasonField });
export type ReverseRunInput = z.infer<typeof ReverseRunInputSchema>;

/**
 * The partner's body: the product (whose conversion secret signs the request), the amount of the
 * sale taken back (omitted: whatever is left of it), the reason, and the partner's own id for this
 * reversal (their refund id). A replay of the same reversal_id writes nothing and answers the first.
 * A partial reversal needs its reversal_id; a full one without it is keyed "full".
 */
export const ConversionReverseInputSchema = z
  .object({
    product_id: z.string().uuid({ message: 'product_id must be the product id.' }),
    amount_cents: z
      .number()
      .int({ message: 'amount_cents is a whole number of cents of the sale taken back.' })
      .min(1, { message: 'amount_cents must be at least 1.' })
      .max(Number.MAX_SAFE_INTEGER)
      .optional(),
    reason: reasonField,
    reversal_id: z.string().trim().min(1).max(200).optional(),
  })
  .refine((input) => input.amount_cents === undefined || input.reversal_id !== undefined, {
    path: ['reversal_id'],
    message: 'A partial reversal needs its reversal_id (your refund id), so a retry is recognised.',
  });
export type ConversionReverseInput = z.infer<typeof ConversionReverseInputSchema>;

export const ReversalLineSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  reverses_id: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
  product_name: z.string(),
});

export const CommissionReversalSchema = z.object({
  id: z.string(),
  kind: z.enum(COMMISSION_REVERSAL_KINDS),
  subject_id: z.string(),
  reason: z.string(),
  revenue_cents: z.number().int(),
  base_cents: z.number().int(),
  /** The sum of the negative lines (0 or less). */
  lines_cents: z.number().int(),
  /** The unallocated revenue taken back (0 or more). */
  unallocated_cents: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  lines: z.array(ReversalLineSchema),
});
export type CommissionReversal = z.infer<typeof CommissionReversalSchema>;

/** 'reversed' the first time, 'already_reversed' on a replay (the first reversal, nothing written). */
export const ReversalResponseSchema = z.object({
  status: z.enum(['reversed', 'already_reversed']),
  reversal: CommissionReversalSchema,
});
export type ReversalResponse = z.infer<typeof ReversalResponseSchema>;

export const RevenueRunListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const RevenueRunItemSchema = z.object({
  id: z.string(),
  cell_id: z.string(),
  cell_name: z.string(),
  source: z.string(),
  source_reference_id: z.string(),
  description: z.string(),
  amount_cents: z.number().int(),
  paid_cents: z.number().int(),
  unallocated_cents: z.number().int(),
  payouts_count: z.number().int(),
  created_at: z.string(),
  /** The run's reversal, once an admin reversed it; the run itself keeps its history. */
  reversal: z.object({ id: z.string(), reason: z.string(), created_at: z.string(), lines_cents: z.number().int(), unallocated_cents: z.number().int() }).nullable(),
});
export type RevenueRunItem = z.infer<typeof RevenueRunItemSchema>;
export const RevenueRunListSchema = z.object({ items: z.array(RevenueRunItemSchema) });
export type RevenueRunList = z.infer<typeof RevenueRunListSchema>;
