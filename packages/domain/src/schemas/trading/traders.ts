import { z } from 'zod';
import { SpecializationSchema, TraderTierSchema, TRADING_MESSAGES } from './common.ts';
import { Percent, ScoreFields, Timestamp } from './fields.ts';

// Traders (admin): the elite pool and each trader's tier, weight and specializations.

/** Trader pool API paths (admin). */
export const tradingTradersPaths = {
  list: '/api/trading/admin/traders',
  one: '/api/trading/admin/traders/:userId',
} as const;

export const ElitePoolCheckSchema = z.strictObject({
  valid: z.boolean(),
  size: z.number().int(),
  counts: z.strictObject({ lead: z.number().int(), senior: z.number().int(), regular: z.number().int() }),
  total_weight: z.number().min(0),
  problems: z.array(z.string()),
});

/** Admin only: carries e-mail and weight. */
export const AdminTraderSchema = z.strictObject({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  email_local: z.string(),
  last_seen_at: Timestamp.nullable(),
  /** active: seen within the last hour; idle otherwise (spec 3 section 2.8). */
  status: z.enum(['active', 'idle']),
  /** Member of the active pool (the Elite Pool in fixed mode). */
  is_active: z.boolean(),
  /** False until an admin saved the trader's profile for the first time. */
  has_profile: z.boolean(),
  weight: Percent,
  tier: TraderTierSchema,
  /** The admin table's label: "Corpus", "Senior" or "Regular". */
  tier_label: z.string(),
  specialization: SpecializationSchema.nullable(),
  kyc_verified: z.boolean(),
  ...ScoreFields,
});
export type AdminTrader = z.infer<typeof AdminTraderSchema>;

export const AdminTraderListSchema = z.strictObject({ traders: z.array(AdminTraderSchema), pool: ElitePoolCheckSchema });

export const UpdateTraderInputSchema = z.strictObject({
  weight: z
    .number(TRADING_MESSAGES.weightInvalid)
    .min(0, TRADING_MESSAGES.weightInvalid)
    .max(100, TRADING_MESSAGES.weightInvalid)
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, TRADING_MESSAGES.weightInvalid),
  specialization: SpecializationSchema.nullable(),
  kyc_verified: z.boolean(),
  is_active: z.boolean(),
});
export type UpdateTraderInput = z.infer<typeof UpdateTraderInputSchema>;
