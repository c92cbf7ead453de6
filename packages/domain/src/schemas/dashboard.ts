import { z } from 'zod';

/** Business Hub API paths. */
export const dashboardPaths = {
  stats: '/api/dashboard/stats',
  monthlyProgress: '/api/dashboard/monthly-progress',
  /** The home of the caller's active role (ROLE_HOMES). */
  home: '/api/dashboard/home',
} as const;

/** "vs last month" of one card: this month so far, the same days of last month, the percent change (null from 0). */
export const ChangeSchema = z.object({
  current: z.number().int(),
  previous: z.number().int(),
  percent: z.number().nullable(),
});

export const DayRangeSchema = z.object({ from: z.string(), to: z.string() });

export const TargetProgressSchema = z.object({
  goal_id: z.string(),
  title: z.string(),
  /** YYYY-MM-DD */
  deadline: z.string(),
  status: z.string(),
  target_cents: z.number().int(),
  current_cents: z.number().int(),
  /** current / target in percent, one decimal, capped at 100. */
  progress_percent: z.number().min(0).max(100),
  is_reached: z.boolean(),
});
export type TargetProgressResponse = z.infer<typeof TargetProgressSchema>;

export const AchievementSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  /** YYYY-MM-DD (UTC) */
  date: z.string(),
});

/**
 * GET /api/dashboard/stats: every figure of the Business Hub for the signed-in user, computed
 * from stored rows (spec 1 section 3 "Dashboard stats"; money in integer cents).
 */
export const DashboardStatsSchema = z.object({
  currency: z.literal('USD'),
  /** Every commission in the user's ledger (pending, processing and paid). */
  total_commissions_cents: z.number().int(),
  /** Commissions earned this month so far against the same days of last month. */
  total_commissions_change: ChangeSchema,
  /** Earned but not paid yet (pending and processing). */
  pending_payouts_cents: z.number().int(),
  pending_payouts_count: z.number().int(),
  /** "Processing within 3-5 business days" (payoutProcessingTime) */
  pending_payouts_note: z.string(),
  /** Leads neither closed nor lost. */
  active_leads: z.number().int(),
  /** Leads added this month so far against the same days of last month. */
  active_leads_change: ChangeSchema,
  /** Closed / all leads, in percent, one decimal. */
  conversion_rate: z.number(),
  total_leads: z.number().int(),
  /** Null: the user has no monetary goal running this month. */
  target_progress: TargetProgressSchema.nullable(),
  leads_by_stage: z.object({
    interested: z.number().int(),
    qualified: z.number().int(),
    positive: z.number().int(),
    itb: z.number().int(),
    closed: z.number().int(),
  }),
  achievements: z.array(AchievementSchema),
  /** The days the changes compare (UTC calendar days, inclusive). */
  comparison: z.object({ current: DayRangeSchema, previous: DayRangeSchema }),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
