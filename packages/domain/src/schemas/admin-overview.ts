import { z } from 'zod';
import { ANALYTICS_RANGES } from '../admin/admin-overview.ts';
import { ChangeSchema } from './dashboard.ts';

/** Admin overview and analytics API paths. */
export const adminOverviewPaths = {
  overview: '/api/admin/overview',
  analytics: '/api/admin/analytics',
  userCount: '/api/stats/user-count',
} as const;

const count = z.number().int().min(0);

/** The comprehensive dashboard's Overview (spec 3 section 2.9): every figure counted in SQL. */
export const AdminOverviewSchema = z.object({
  generated_at: z.string(),
  users: z.object({
    total: count,
    /** Users who joined in the last 30 days against the 30 days before. */
    growth: ChangeSchema,
  }),
  goals: z.object({ pending: count, total: count }),
  email: z.object({
    sent: count,
    /** Outbox rows whose send job failed after every retry. */
    failed: count,
    queued: count,
    delivery_rate_percent: z.number().nullable(),
  }),
  /** Every user in one group of USER_STATUS_GROUPS (userStatusGroup): the four add up to users.total. */
  user_status: z.object({ visitors: count, trial: count, subscribers: count, team: count }),
  /**
   * Goal messages asked of the AI writer since 00:00 UTC, by every admin (ai_message_usage, the daily
   * quota's record: a call that failed still counts; the built-in templates are not AI and not counted).
   */
  ai_messages_today: count,
  performance: z.object({
    window_hours: z.number().int(),
    jobs_succeeded: count,
    jobs_failed: count,
    emails_sent: count,
    emails_failed: count,
    /** Sessions started since 00:00 UTC. */
    sign_ins_today: count,
  }),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

export const AdminAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (ANALYTICS_RANGES as readonly number[]).includes(days), 'Choose a range of 7, 30 or 90 days.')
    .default(30),
});

export const DailyCountSchema = z.object({ day: z.string(), count: count });

export const GoalReviewDaySchema = z.object({ day: z.string(), approve: count, reject: count, request_revision: count });

/** The Analytics tab: users who joined and goal reviews (the audited approve, reject and request-revision actions) per UTC day. */
export const AdminAnalyticsSchema = z.object({
  days: z.number().int(),
  user_growth: z.array(DailyCountSchema),
  goal_reviews: z.array(GoalReviewDaySchema),
});
export type AdminAnalytics = z.infer<typeof AdminAnalyticsSchema>;

/** GET /api/stats/user-count: people credited a commission today (UTC), live. */
export const UserCountSchema = z.object({ people_earning_today: count, as_of: z.string() });
export type UserCount = z.infer<typeof UserCountSchema>;

/** The sidebar's monthly progress card: the running USD monetary goal, progress from the commission ledger. */
export const MonthlyProgressSchema = z.object({
  goal: z
    .object({
      id: z.string(),
      title: z.string(),
      deadline: z.string(),
      target_cents: z.number().int(),
      progress_cents: z.number().int(),
      percent: z.number(),
    })
    .nullable(),
});
export type MonthlyProgress = z.infer<typeof MonthlyProgressSchema>;
