import { z } from 'zod';
import { GOAL_STATUSES, GOAL_TIMEFRAMES, GOAL_TYPES, GOAL_UNITS } from '../goals/goal-rules.ts';

/** Goal API paths. */
export const goalsPaths = {
  setup: '/api/goals/setup',
} as const;

const habits = z.array(z.string().trim().min(1).max(200)).max(10).default([]);

/** One complete tier of POST /api/goals/setup; strict, so status or scores cannot be sent. */
export const GoalSetupItemSchema = z.strictObject({
  goal_type: z.enum(GOAL_TYPES),
  title: z.string().trim().min(1, 'Enter a goal title.').max(200),
  description: z.string().trim().max(2000).default(''),
  target_value: z.number().positive('The target must be above 0.').max(1_000_000_000_000),
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
});
export type Goal = z.infer<typeof GoalSchema>;

export const GoalSetupResponseSchema = z.object({ status: z.literal('success'), goals_created: z.number().int(), goals: z.array(GoalSchema) });
