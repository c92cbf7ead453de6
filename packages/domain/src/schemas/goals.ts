import { z } from 'zod';
import { REVIEW_ACTIONS } from '../goals/goal-lifecycle.ts';
import { PROGRESS_STATUSES } from '../goals/goal-progress.ts';
import { GOAL_STATUSES, GOAL_TIMEFRAMES, GOAL_TYPES, GOAL_UNITS } from '../goals/goal-rules.ts';
import { goalValueNumber } from '../goals/goal-values.ts';

/** Goal API paths. */
export const goalsPaths = {
  setup: '/api/goals/setup',
  profileStatus: '/api/goals/profile-status',
  quickSetup: '/api/goals/quick-setup',
  quickSetupSkip: '/api/goals/quick-setup/skip',
  mine: '/api/goals/mine',
  progress: '/api/goals/progress',
  review: '/api/goals/review',
  one: '/api/goals/:id',
  reviewOne: '/api/goals/:id/review',
  withdraw: '/api/goals/:id/withdraw',
  resubmit: '/api/goals/:id/resubmit',
  checkIns: '/api/goals/:id/check-ins',
  habits: '/api/goals/:id/habits',
} as const;

const habits = z.array(z.string().trim().min(1).max(200)).max(10).default([]);

/** One complete tier of POST /api/goals/setup; strict, so status or scores cannot be sent. */
export const GoalSetupItemSchema = z.strictObject({
  goal_type: z.enum(GOAL_TYPES),
  title: z.string().trim().min(1, 'Enter a goal title.').max(200),
  description: z.string().trim().max(2000).default(''),
  target_value: goalValueNumber('Enter a target value.').positive('The target must be above 0.').max(1_000_000_000_000),
  unit: z.enum(GOAL_UNITS),
  why_important: z.string().trim().min(1, 'Say why this goal matters to you.').max(2000),
  daily_habits: habits,
  weekly_habits: habits,
  deadline: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the deadline as a date.'),
});
export type GoalSetupItem = z.infer<typeof GoalSetupItemSchema>;

export const GoalSetupInputSchema = z.strictObject({
  short_term: GoalSetupItemSchema.optional(),
  mid_term: GoalSetupItemSchema.optional(),
  long_term: GoalSetupItemSchema.optional(),
  /** Client-made id of this submission: sending it again returns the goals it created instead of duplicates. */
  submission_id: z.uuid().optional(),
});
export type GoalSetupInput = z.input<typeof GoalSetupInputSchema>;

export const GoalSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  goal_type: z.enum(GOAL_TYPES),
  target_value: z.number(),
  current_value: z.number(),
  unit: z.enum(GOAL_UNITS),
  why_important: z.string(),
  daily_habits: z.array(z.string()),
  weekly_habits: z.array(z.string()),
  deadline: z.string(),
  status: z.enum(GOAL_STATUSES),
  timeframe: z.enum(GOAL_TIMEFRAMES),
  created_at: z.string(),
  submitted_at: z.string(),
  /** The reviewer's feedback of the last rejection or revision request; null otherwise. */
  review_feedback: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type Goal = z.infer<typeof GoalSchema>;

export const GoalIdParamsSchema = z.object({ id: z.uuid('Goal not found.') });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the deadline as a date.');

/** PUT /api/goals/:id (spec 2 section 5, edit goal: title, target value and deadline required). */
export const UpdateGoalInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Enter a goal title.').max(200),
  target_value: goalValueNumber('Enter a target value.').positive('The target must be above 0.').max(1_000_000_000_000),
  deadline: isoDate,
  description: z.string().trim().max(2000).optional(),
  why_important: z.string().trim().min(1, 'Say why this goal matters to you.').max(2000).optional(),
  daily_habits: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
  weekly_habits: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
});
export type UpdateGoalInput = z.input<typeof UpdateGoalInputSchema>;

/** POST /api/goals/:id/check-ins: the goal's value now (a reading, not an increment). */
export const GoalCheckInInputSchema = z.strictObject({
  value: goalValueNumber('Enter the value reached.').min(0, 'The value cannot be negative.').max(1_000_000_000_000),
  note: z.string().trim().max(500).default(''),
});
export type GoalCheckInInput = z.input<typeof GoalCheckInInputSchema>;

export const HabitTickInputSchema = z.strictObject({
  cadence: z.enum(['daily', 'weekly']),
  habit: z.string().trim().min(1).max(200),
});

export const ReviewGoalInputSchema = z.strictObject({
  action: z.enum(REVIEW_ACTIONS),
  feedback: z.string().trim().max(2000).optional(),
});
export type ReviewGoalBody = z.input<typeof ReviewGoalInputSchema>;

export const HabitViewSchema = z.object({
  cadence: z.enum(['daily', 'weekly']),
  habit: z.string(),
  streak: z.number().int(),
  /** Ticked in the current day (daily) or ISO week (weekly). */
  done_now: z.boolean(),
});

/** A goal with everything shown on it computed by the server from stored data. */
export const GoalViewSchema = GoalSchema.extend({
  /** Fed by the commission ledger (monetary in USD): no check-ins, current_value from commissions. */
  ledger_fed: z.boolean(),
  progress_percent: z.number(),
  time_progress: z.number(),
  progress_status: z.enum(PROGRESS_STATUSES),
  velocity_per_week: z.number(),
  days_remaining: z.number().int(),
  goal_quality_score: z.number().int(),
  habits: z.array(HabitViewSchema),
  /** Readings over time (check-ins, or the ledger's running sum), oldest first, the last 60 at most. */
  history: z.array(z.object({ at: z.string(), value: z.number(), note: z.string() })),
});
export type GoalView = z.infer<typeof GoalViewSchema>;

export const GoalMilestoneSchema = z.object({ key: z.enum(['first_approved', 'first_completed', 'habit_streak']), label: z.string(), reached_at: z.string().nullable() });

export const MyGoalsResponseSchema = z.object({
  items: z.array(GoalViewSchema),
  achievement_score: z.number().nullable(),
  milestones: z.array(GoalMilestoneSchema),
});
export type MyGoalsResponse = z.infer<typeof MyGoalsResponseSchema>;

export const GoalProgressResponseSchema = z.object({
  user_name: z.string(),
  tiles: z.object({ total_goals: z.number().int(), completed: z.number().int(), avg_progress: z.number(), on_track: z.number().int() }),
  /** Approved and active goals (the dashboard's cards). */
  items: z.array(GoalViewSchema),
  achievement_score: z.number().nullable(),
  /** At least one goal is complete (the "Achievement Unlocked" banner). */
  achievement_unlocked: z.boolean(),
});
export type GoalProgressResponse = z.infer<typeof GoalProgressResponseSchema>;

export const ReviewGoalItemSchema = GoalSchema.extend({ owner: z.object({ id: z.string(), name: z.string(), email: z.string() }), goal_quality_score: z.number().int() });
export const ReviewListResponseSchema = z.object({ pending_count: z.number().int(), items: z.array(ReviewGoalItemSchema) });
export type ReviewListResponse = z.infer<typeof ReviewListResponseSchema>;
export const ReviewGoalResponseSchema = z.object({ goal: GoalSchema, notified: z.boolean() });

export const GoalSetupResponseSchema = z.object({ status: z.literal('success'), goals_created: z.number().int(), goals: z.array(GoalSchema) });

/** Where the goal quick-setup modal opens (spec 2, "Goal quick-setup modal"): each has its own texts. */
export const QUICK_SETUP_CONTEXTS = ['personalization', 'delayed_data', 'earnings', 'commission'] as const;
export type QuickSetupContext = (typeof QUICK_SETUP_CONTEXTS)[number];

/**
 * GET /api/goals/profile-status: "incomplete" while the user has no goal; `prompt` says whether the
 * quick-setup modal opens now (shouldPromptGoalSetup: role, and no "Skip for now" running until
 * `skipped_until`).
 */
export const GoalProfileStatusSchema = z.object({ status: z.enum(['complete', 'incomplete']), prompt: z.boolean(), skipped_until: z.iso.datetime().nullable() });
export type GoalProfileStatus = z.infer<typeof GoalProfileStatusSchema>;

/** POST /api/goals/quick-setup: the complete tiers, with the same rules and messages as goal setup. */
export const QuickSetupInputSchema = z.strictObject({
  goals: z.strictObject({ short_term: GoalSetupItemSchema.optional(), mid_term: GoalSetupItemSchema.optional(), long_term: GoalSetupItemSchema.optional() }),
  context: z.enum(QUICK_SETUP_CONTEXTS),
  submission_id: z.uuid().optional(),
});
export type QuickSetupInput = z.input<typeof QuickSetupInputSchema>;
