import { z } from 'zod';
import {
  BREAKDOWN_DEVICES,
  RANK_LEVEL_NAMES,
  REFERRAL_ATTRIBUTION_WINDOW_MAX_DAYS,
  REFERRAL_ATTRIBUTION_WINDOW_MIN_DAYS,
  REFERRAL_FLAG_REASONS,
  REFERRAL_FLAG_STATUSES,
} from '../referrals/referral-programme.ts';

/** The referral dashboard, analytics, attribution flags, settings and migration (decision record 036). */
export const referralProgrammePaths = {
  dashboard: '/api/referral/dashboard',
  analytics: '/api/referral/analytics',
  qrSvg: '/api/referral/qr.svg',
  qrPng: '/api/referral/qr.png',
  flags: '/api/admin/referral-flags',
  clearFlag: '/api/admin/referral-flags/:id/clear',
  confirmFlag: '/api/admin/referral-flags/:id/confirm',
  settings: '/api/admin/referral-settings',
  migration: '/api/admin/referral-migration',
} as const;

export const ReferralAnalyticsQuerySchema = z.object({
  period_days: z.coerce
    .number('Choose a period of 7, 30 or 90 days.')
    .refine((days) => days === 7 || days === 30 || days === 90, 'Choose a period of 7, 30 or 90 days.')
    .default(30),
});

export const ReferralAnalyticsSchema = z.object({
  period_days: z.number().int(),
  total_clicks: z.number().int(),
  /** Distinct hashed visitor ids among the period's clicks. */
  unique_visitors: z.number().int(),
  /** Credited sign-ups with the user's code in the period. */
  signups: z.number().int(),
  /** Sign-ups per 100 clicks, one decimal. */
  click_to_signup_rate: z.number(),
  /** Commissions credited to the user in the period (ledger), cents. */
  commission_earned_cents: z.number().int(),
  daily: z.array(z.object({ day: z.string(), clicks: z.number().int(), signups: z.number().int() })),
  top_sources: z.array(z.object({ source: z.string(), count: z.number().int() })),
  device_breakdown: z.object(Object.fromEntries(BREAKDOWN_DEVICES.map((device) => [device, z.number().int()])) as Record<(typeof BREAKDOWN_DEVICES)[number], z.ZodNumber>),
});
export type ReferralAnalytics = z.infer<typeof ReferralAnalyticsSchema>;
export const ReferralAnalyticsResponseSchema = z.object({ data: ReferralAnalyticsSchema });

export const TEAM_MEMBER_STATUSES = ['converted', 'trial_activated', 'other'] as const;

export const ReferralDashboardSchema = z.object({
  user_info: z.object({
    referral_link: z.string(),
    short_link: z.string(),
    referral_code: z.string(),
    /** The code with the share prefix, as the share text carries it. */
    share_code: z.string(),
    share_text: z.string(),
    qr_code_url: z.string(),
    qr_code_png_url: z.string(),
    user_name: z.string(),
  }),
  team_members: z.array(
    z.object({
      user_id: z.string(),
      display_name: z.string(),
      referral_code_used: z.string(),
      join_date: z.string(),
      current_status: z.enum(TEAM_MEMBER_STATUSES),
    }),
  ),
  team_total: z.number().int(),
  leaderboard_position: z.object({
    overall_rank: z.number().int(),
    ranked_users: z.number().int(),
    level: z.enum(RANK_LEVEL_NAMES),
    total_referrals: z.number().int(),
    total_commission_cents: z.number().int(),
    next_level: z.object({ level: z.enum(RANK_LEVEL_NAMES), referrals_needed: z.number().int() }).nullable(),
  }),
});
export type ReferralDashboard = z.infer<typeof ReferralDashboardSchema>;
export const ReferralDashboardResponseSchema = z.object({ data: ReferralDashboardSchema });

export const ReferralFlagSchema = z.object({
  id: z.string(),
  status: z.enum(REFERRAL_FLAG_STATUSES),
  reasons: z.array(z.enum(REFERRAL_FLAG_REASONS)),
  signup: z.object({ user_id: z.string(), name: z.string(), email: z.string(), joined_at: z.string() }),
  referrer: z.object({ user_id: z.string(), name: z.string(), email: z.string(), referral_code: z.string() }),
  /** What the rules saw: no raw address, only hashed ids shortened for display. */
  evidence: z.object({
    visitor_hash: z.string().nullable(),
    network_hash: z.string().nullable(),
    signups_from_network_in_window: z.number().int().nullable(),
    related_user_ids: z.array(z.string()),
  }),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewed_by_name: z.string().nullable(),
});
export type ReferralFlag = z.infer<typeof ReferralFlagSchema>;

export const ReferralFlagsQuerySchema = z.object({ status: z.enum([...REFERRAL_FLAG_STATUSES, 'all']).default('open') });
export const ReferralFlagListResponseSchema = z.object({ data: z.array(ReferralFlagSchema) });
export const ReferralFlagResponseSchema = z.object({ data: ReferralFlagSchema });

const windowMessage = `Enter a whole number of days from ${REFERRAL_ATTRIBUTION_WINDOW_MIN_DAYS} to ${REFERRAL_ATTRIBUTION_WINDOW_MAX_DAYS}.`;
export const ReferralSettingsSchema = z.strictObject({
  attribution_window_days: z
    .number(windowMessage)
    .int(windowMessage)
    .min(REFERRAL_ATTRIBUTION_WINDOW_MIN_DAYS, windowMessage)
    .max(REFERRAL_ATTRIBUTION_WINDOW_MAX_DAYS, windowMessage),
});
export type ReferralSettings = z.infer<typeof ReferralSettingsSchema>;
export const ReferralSettingsResponseSchema = z.object({ data: ReferralSettingsSchema });

export const MIGRATION_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

export const MigrationLogEntrySchema = z.object({
  user_id: z.string(),
  referral_code: z.string(),
  status: z.enum(['updated', 'skipped', 'error']),
  old_link: z.string(),
  new_link: z.string(),
  reason: z.string(),
});

/** Spec 3 section 3 "Migration result", with the run's progress. */
export const ReferralMigrationSchema = z.object({
  id: z.string(),
  status: z.enum(MIGRATION_STATUSES),
  message: z.string(),
  data: z.object({
    total_users: z.number().int(),
    processed: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    errors: z.number().int(),
    frontend_url: z.string(),
  }),
  migration_log: z.array(MigrationLogEntrySchema),
  error_detail: z.string().nullable(),
  started_by_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReferralMigration = z.infer<typeof ReferralMigrationSchema>;
export const ReferralMigrationResponseSchema = z.object({ data: ReferralMigrationSchema.nullable() });
