import { z } from 'zod';

/** Usage tracking API path. */
export const usagePaths = {
  trackEvent: '/api/rbac/analytics/track-event',
} as const;

export const USAGE_EVENT_TYPES = ['session_start', 'page_view', 'action', 'feature_access'] as const;
export type UsageEventType = (typeof USAGE_EVENT_TYPES)[number];
/** A page view counts only when it lasted longer than this (spec 1 section 7). */
export const MIN_PAGE_VIEW_MS = 1000;
export const MAX_TIME_SPENT_MS = 86_400_000;

const extra = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

/** Body of POST /api/rbac/analytics/track-event (also sent by navigator.sendBeacon as text/plain). */
export const TrackEventInputSchema = z
  .strictObject({
    event_type: z.enum(USAGE_EVENT_TYPES),
    component: z.string().trim().min(1).max(100),
    action_details: z
      .object({
        time_spent_ms: z.number().int().min(0).max(MAX_TIME_SPENT_MS).optional(),
        action_name: z.string().trim().max(100).optional(),
        feature_name: z.string().trim().max(100).optional(),
        target_route: z.string().trim().max(200).optional(),
      })
      .catchall(extra)
      .refine((details) => Object.keys(details).length <= 12, 'Send at most 12 action details.')
      .default({}),
  })
  .refine((event) => event.event_type !== 'page_view' || (event.action_details.time_spent_ms ?? 0) > MIN_PAGE_VIEW_MS, {
    message: 'A page view is recorded only when it lasted longer than 1 second.',
    path: ['action_details', 'time_spent_ms'],
  });
export type TrackEventInput = z.input<typeof TrackEventInputSchema>;

export const UpgradeRecommendationSchema = z.object({
  should_show_prompt: z.boolean(),
  engagement_level: z.enum(['high', 'medium', 'low']),
  engagement_score: z.number().int().min(0).max(100),
  trial_status: z.enum(['preview', 'trial', 'subscriber', 'expired_trial']),
  recommendation: z.object({
    message: z.string(),
    features_highlight: z.array(z.string()),
    urgency: z.enum(['high', 'medium', 'low']),
    urgency_message: z.string().nullable(),
    promotion: z.string().nullable(),
  }),
});
export type UpgradeRecommendation = z.infer<typeof UpgradeRecommendationSchema>;
