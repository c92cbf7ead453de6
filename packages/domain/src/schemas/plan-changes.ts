import { z } from 'zod';
import { PlanIdSchema } from '../subscriptions/plans.ts';
import { SubscriptionStatusSchema } from './subscriptions.ts';

/** Plan change API paths (issue 31 item 4, decision 064). */
export const planChangePaths = {
  changePlan: '/api/subscriptions/change-plan',
  scheduledChange: '/api/subscriptions/scheduled-change',
} as const;

/**
 * POST /api/subscriptions/change-plan. With `preview: true` it answers what the change costs and
 * changes nothing. `prorated_at` is the preview's moment, sent back on confirming so that the
 * amount charged is the amount shown (accepted within PRORATION_QUOTE_VALID_MS before now and
 * inside the paid period; otherwise the change is prorated at its own moment).
 */
export const ChangePlanInputSchema = z.object({
  plan: PlanIdSchema,
  preview: z.boolean().optional(),
  prorated_at: z.iso.datetime({ offset: true }).optional(),
});
export type ChangePlanInput = z.infer<typeof ChangePlanInputSchema>;

/** How long a previewed proration moment may be confirmed. */
export const PRORATION_QUOTE_VALID_MS = 30 * 60_000;

export const PlanChangeQuoteSchema = z.object({
  from_plan: PlanIdSchema,
  to_plan: PlanIdSchema,
  kind: z.enum(['upgrade', 'downgrade']),
  /** now: the plan changes at once; period_end: at the end of the paid period (scheduled, cancellable). */
  timing: z.enum(['now', 'period_end']),
  effective_at: z.string(),
  /** The proration moment of an upgrade with a charge (send it back to confirm the amount shown). */
  prorated_at: z.string().nullable(),
  credit_cents: z.number().int(),
  charge_cents: z.number().int(),
  /** Paid now ("You pay $X today"). */
  amount_due_cents: z.number().int(),
  /** The new plan's price, charged every period from next_charge_at ("then $Y every N weeks from DATE"). */
  next_charge_cents: z.number().int(),
  next_charge_at: z.string(),
});
export type PlanChangeQuoteResponse = z.infer<typeof PlanChangeQuoteSchema>;

export const ScheduledPlanChangeSchema = z.object({
  id: z.string(),
  from_plan: PlanIdSchema,
  to_plan: PlanIdSchema,
  effective_at: z.string(),
  created_at: z.string(),
});
export type ScheduledPlanChange = z.infer<typeof ScheduledPlanChangeSchema>;

export const ChangePlanResponseSchema = z.object({
  /** preview: nothing changed; changed: the plan changed now; scheduled: it changes at effective_at; unchanged: already so. */
  outcome: z.enum(['preview', 'changed', 'scheduled', 'unchanged']),
  quote: PlanChangeQuoteSchema.nullable(),
  /** What the provider charged for the change (null: a preview, or nothing charged). */
  charged_cents: z.number().int().nullable(),
  subscription: SubscriptionStatusSchema,
  scheduled_change: ScheduledPlanChangeSchema.nullable(),
});
export type ChangePlanResponse = z.infer<typeof ChangePlanResponseSchema>;

/** GET and DELETE /api/subscriptions/scheduled-change */
export const ScheduledChangeResponseSchema = z.object({ scheduled_change: ScheduledPlanChangeSchema.nullable() });
export type ScheduledChangeResponse = z.infer<typeof ScheduledChangeResponseSchema>;
