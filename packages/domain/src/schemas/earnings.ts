import { z } from 'zod';
import { CELL_SEAT_ROLES } from '../commissions/cell-payout.ts';
import { ADVANCEMENT_CRITERIA, ADVANCEMENT_TRACKS, EARNINGS_PERIODS_DAYS } from '../earnings/earnings-rules.ts';
import { CentsSchema } from '../money.ts';

export const earningsPaths = {
  currentUser: '/api/earnings/current_user',
} as const;

/** GET /api/earnings/current_user?period_days=7|30 (spec 2 section 7). */
export const EarningsQuerySchema = z.object({
  period_days: z.coerce
    .number('Choose a period of 7 or 30 days.')
    .refine((days) => (EARNINGS_PERIODS_DAYS as readonly number[]).includes(days), 'Choose a period of 7 or 30 days.')
    .default(30),
});
export type EarningsQuery = z.infer<typeof EarningsQuerySchema>;

const SeatRoleSchema = z.enum(CELL_SEAT_ROLES);

export const EarningsSeatTypeSchema = z.object({
  role: SeatRoleSchema,
  seats: z.number().int(),
  /** The seat's share of what the override pool leaves, basis points (LEAD 4600). */
  share_bp: z.number().int(),
  /** The same as a share of the cell's revenue, basis points (LEAD 4508; may be fractional). */
  rate_of_revenue_bp: z.number(),
});

export const EarningsGridSeatSchema = z.object({
  position: z.number().int(),
  role: SeatRoleSchema,
  /** The holder's name, null for an empty seat. */
  name: z.string().nullable(),
  is_me: z.boolean(),
});

export const EarningsSeatSchema = z.object({
  cell_id: z.string(),
  cell_name: z.string(),
  cell_status: z.string(),
  position: z.number().int(),
  role: SeatRoleSchema,
  share_bp: z.number().int(),
  rate_of_revenue_bp: z.number(),
  members_count: z.number().int(),
  capacity: z.number().int(),
  grid: z.array(EarningsGridSeatSchema),
});

const CriterionSchema = z.object({
  key: z.enum(ADVANCEMENT_CRITERIA),
  threshold: z.number(),
  current: z.number().nullable(),
  met: z.boolean(),
  progress_percent: z.number(),
});

export const AdvancementProgressSchema = z.object({
  track: z.enum(ADVANCEMENT_TRACKS),
  from: SeatRoleSchema,
  to: SeatRoleSchema,
  required: z.number().int(),
  met_count: z.number().int(),
  eligible: z.boolean(),
  criteria: z.array(CriterionSchema),
});

export const EarningsResponseSchema = z.object({
  data: z.object({
    period_days: z.number().int(),
    period_start: z.string(),
    period_end: z.string(),
    /** My seat, or null: I hold no seat (most users). */
    seat: EarningsSeatSchema.nullable(),
    /** What each seat type pays under the stored configuration. */
    seat_types: z.array(EarningsSeatTypeSchema),
    config: z.object({ override_pool_bp: z.number().int(), override_levels_bp: z.array(z.number().int()), lead_share_bp: z.number().int() }),
    /** Sums of my ledger lines earned in the period (every status), integer cents. */
    earnings_breakdown: z.object({
      seat_cents: CentsSchema,
      product_cents: CentsSchema,
      direct_cents: CentsSchema,
      override_cents: CentsSchema,
      /** Manual ledger adjustments, when any exist (counted in the total). */
      adjustment_cents: CentsSchema,
      total_cents: CentsSchema,
      lines_count: z.number().int(),
    }),
    /**
     * Reversals of the period (negative lines, decision 066: 0 or less, in the total, never an
     * adjustment) and what is owed now (pending and processing lines, any period): negative when
     * reversals of paid commissions exceed what is unpaid, a balance carried to the next payout.
     */
    ledger_balance: z.object({ reversed_cents: CentsSchema, unpaid_cents: CentsSchema }),
    advancement: z.object({
      inputs: z.object({
        personal_revenue_cents: CentsSchema,
        team_volume_cents: CentsSchema,
        active_recruits: z.number().int(),
        achievement_score: z.number().nullable(),
      }),
      window_days: z.number().int(),
      /** The step that applies to my seat; null for a Lead. */
      current: AdvancementProgressSchema.nullable(),
    }),
  }),
});
export type EarningsResponse = z.infer<typeof EarningsResponseSchema>;
export type EarningsData = EarningsResponse['data'];
