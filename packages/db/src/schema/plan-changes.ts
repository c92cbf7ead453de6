import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PLAN_CHANGE_KINDS, PLAN_CHANGE_STATUSES, PLAN_IDS } from '@myeai/domain';
import { timestamptz, uuidPrimaryKey, uuidRef } from './columns.ts';
import { oneOf } from './one-of.ts';
import { users } from './users.ts';

/**
 * Every plan change of a subscription (decision 064): an upgrade applied at once with what it
 * cost, or a downgrade scheduled for the end of the paid period, then applied or cancelled. At
 * most one change per user is scheduled at a time; the provider's own schedule (a Stripe
 * subscription schedule, or the embedded provider's scheduled_plan) is named by provider_reference.
 */
export const subscriptionPlanChanges = pgTable(
  'subscription_plan_changes',
  {
    id: uuidPrimaryKey(),
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    fromPlan: text('from_plan').notNull(),
    toPlan: text('to_plan').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    /** When the new plan takes effect: the change itself, or the end of the paid period. */
    effectiveAt: timestamptz('effective_at').notNull(),
    /** The proration moment of an upgrade with a charge. */
    proratedAt: timestamptz('prorated_at'),
    creditCents: integer('credit_cents').notNull().default(0),
    chargeCents: integer('charge_cents').notNull().default(0),
    /** What the provider charged for the change (null: nothing charged). */
    chargedCents: integer('charged_cents'),
    /** The provider's invoice of an upgrade, or its schedule of a downgrade. */
    providerReference: text('provider_reference'),
    createdAt: timestamptz('created_at').notNull(),
    appliedAt: timestamptz('applied_at'),
    cancelledAt: timestamptz('cancelled_at'),
  },
  (t) => [
    uniqueIndex('subscription_plan_changes_one_scheduled').on(t.userId).where(sql`${t.status} = 'scheduled'`),
    index('subscription_plan_changes_user_idx').on(t.userId, t.createdAt),
    check('subscription_plan_changes_kind_known', oneOf(t.kind, PLAN_CHANGE_KINDS)),
    check('subscription_plan_changes_status_known', oneOf(t.status, PLAN_CHANGE_STATUSES)),
    check('subscription_plan_changes_from_plan_known', oneOf(t.fromPlan, PLAN_IDS)),
    check('subscription_plan_changes_to_plan_known', oneOf(t.toPlan, PLAN_IDS)),
  ],
);
