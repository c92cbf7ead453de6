import { z } from 'zod';
import { TRIAL_FEATURE_KEYS, type TrialFeature } from '../trial/trial-stages.ts';

/** Free trial and access level API paths. */
export const trialPaths = {
  accessLevel: '/api/user/access-level',
  activate: '/api/auth/activate-trial',
  status: '/api/rbac/trial-status',
  unlockedFeatures: '/api/rbac/analytics/unlocked-features',
  featureAccess: '/api/rbac/analytics/feature-access/:feature',
  upgradeRecommendation: '/api/rbac/analytics/upgrade-recommendation',
  adminAnalytics: '/api/rbac/admin/trial-analytics',
  extendTrial: '/api/rbac/admin/extend-trial/:id',
  expireTrials: '/api/rbac/expire-trials',
} as const;

export const AccessLevelSchema = z.object({
  access_level: z.enum(['preview', 'trial', 'subscriber', 'expired_trial']),
  user_status: z.enum(['visitor', 'trial', 'subscriber']),
  goals_completed: z.boolean(),
  trial_ends_at: z.string().nullable(),
  /** False once the one free trial was used (here or with a paid plan; DESIGN.md item 18). */
  can_activate_trial: z.boolean(),
  free_trial_used: z.boolean(),
  features: z.object({ real_time_data: z.boolean(), personalized_insights: z.boolean(), admin_features: z.boolean() }),
});
export type AccessLevel = z.infer<typeof AccessLevelSchema>;

export const ActivateTrialResponseSchema = z.object({ status: z.literal('success'), message: z.string(), trial_ends_at: z.string() });

export const TrialStatusSchema = z.object({
  has_trial: z.boolean(),
  is_expired: z.boolean(),
  days_remaining: z.number().int(),
  hours_remaining: z.number().int(),
  minutes_remaining: z.number().int(),
  trial_started_at: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
});
export type TrialStatus = z.infer<typeof TrialStatusSchema>;

export const UnlockedFeaturesSchema = z.object({
  unlocked_features: z.array(z.string()),
  trial_day: z.number().int(),
  next_unlock_day: z.number().int().nullable(),
  days_until_next_unlock: z.number().int().nullable(),
  stages: z.array(
    z.object({
      day: z.number().int(),
      name: z.string(),
      /** `available` false: the feature's screen is not built yet (TRIAL_FEATURES_IN_DEVELOPMENT). */
      features: z.array(z.object({ key: z.enum(TRIAL_FEATURE_KEYS as [TrialFeature, ...TrialFeature[]]), name: z.string(), available: z.boolean() })),
      status: z.enum(['unlocked', 'coming_soon', 'locked']),
      /** At least one of the stage's features is built. */
      available: z.boolean(),
    }),
  ),
});

export const TrialFeatureSchema = z.enum(TRIAL_FEATURE_KEYS as [string, ...string[]]);
export const FeatureAccessParamsSchema = z.object({ feature: TrialFeatureSchema });
export const FeatureAccessSchema = z.object({ feature: z.string(), feature_name: z.string(), stage: z.string(), unlock_day: z.number().int(), unlocked: z.literal(true) });

export const TrialAnalyticsSchema = z.object({
  overview: z.object({
    total_trials: z.number().int(),
    active_trials: z.number().int(),
    converted_users: z.number().int(),
    expired_trials: z.number().int(),
    /** Percent of all trials that converted, one decimal. */
    conversion_rate: z.number(),
  }),
  engagement_breakdown: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  daily: z.array(z.object({ date: z.string(), started: z.number().int(), converted: z.number().int() })),
  recent_trials: z.array(
    z.object({
      id: z.string(),
      user_id: z.string(),
      name: z.string(),
      email: z.string(),
      trial_started_at: z.string(),
      trial_ends_at: z.string(),
      days_left: z.number().int(),
      status: z.enum(['active', 'expired', 'converted']),
    }),
  ),
});
export type TrialAnalytics = z.infer<typeof TrialAnalyticsSchema>;

/** An admin's trial extension when they do not say how long (spec 3: "Extend trial days default to 7"). */
export const TRIAL_EXTENSION_DEFAULT_DAYS = 7;
export const ExtendTrialInputSchema = z.strictObject({
  days: z.number('Enter 1 to 90 days.').int('Enter 1 to 90 days.').min(1, 'Extend by at least 1 day.').max(90, 'Extend by at most 90 days.').default(TRIAL_EXTENSION_DEFAULT_DAYS),
});
export const TrialIdParamsSchema = z.object({ id: z.uuid() });
export const ExtendTrialResponseSchema = z.object({ status: z.literal('success'), trial_ends_at: z.string() });
export const ExpireTrialsResponseSchema = z.object({ status: z.literal('success'), expired_trials: z.number().int() });
