import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey, uuidRef } from './columns.ts';
import { users } from './users.ts';

/**
 * One stored subscription per user: the provider subscription currently in force (or the last
 * one). provider_observed_at is the provider time of the snapshot stored, so late or reordered
 * events never overwrite newer state.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuidPrimaryKey(),
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    plan: text('plan').notNull(),
    status: text('status').notNull(),
    trialEnd: timestamptz('trial_end'),
    currentPeriodStart: timestamptz('current_period_start'),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamptz('canceled_at'),
    endedAt: timestamptz('ended_at'),
    providerObservedAt: timestamptz('provider_observed_at').notNull(),
    /** True when this subscription added the subscriber role (so its end removes it, and only then). */
    subscriberRoleGranted: boolean('subscriber_role_granted').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [uniqueIndex('subscriptions_user_key').on(t.userId), uniqueIndex('subscriptions_provider_subscription_key').on(t.provider, t.providerSubscriptionId)],
);

/** A checkout the user started, with the consent the server recorded for it. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuidPrimaryKey(),
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    provider: text('provider').notNull(),
    /** The provider's id (cs_... of Stripe, cs_local_... of the embedded provider); null until created there. */
    providerSessionId: text('provider_session_id'),
    plan: text('plan').notNull(),
    trialDays: integer('trial_days').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('open'),
    url: text('url'),
    termsAccepted: boolean('terms_accepted').notNull(),
    marketingAccepted: boolean('marketing_accepted').notNull(),
    termsVersion: text('terms_version').notNull(),
    /** Server time of the consent; the client's value is never used. */
    acceptedAt: timestamptz('accepted_at').notNull(),
    /** The request's IP as the server saw it (behind the trusted proxy in production). */
    ipAddress: text('ip_address'),
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [uniqueIndex('checkout_sessions_provider_session_key').on(t.provider, t.providerSessionId), index('checkout_sessions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every provider event received, keyed by (provider, event id): inserted in the same transaction
 * as its effects, so a redelivered event is a no-op. Also the admin's subscription history.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    providerSubscriptionId: text('provider_subscription_id'),
    /** Provider time of the event. */
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull(),
    /** applied: changed state; stale: older than the stored state; ignored: not for us / unknown type. */
    outcome: text('outcome').notNull().default('applied'),
    statusAfter: text('status_after'),
    plan: text('plan'),
    amountCents: integer('amount_cents'),
    details: jsonb('details'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('billing_events_user_idx').on(t.userId, t.receivedAt)],
);

/**
 * The embedded payment provider's own books (what Stripe keeps on its side): its subscriptions,
 * the test card chosen at checkout, and when it next acts (trial end, renewal, payment retry).
 */
export const localBillingSubscriptions = pgTable(
  'local_billing_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    checkoutSessionId: text('checkout_session_id').notNull(),
    plan: text('plan').notNull(),
    status: text('status').notNull(),
    card: text('card').notNull(),
    trialEnd: timestamptz('trial_end'),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamptz('canceled_at'),
    endedAt: timestamptz('ended_at'),
    /** Failed attempts to collect the current invoice. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    invoiceCount: integer('invoice_count').notNull().default(0),
    nextActionAt: timestamptz('next_action_at'),
    /** A downgrade scheduled for the renewal: the plan the next period is charged and runs on (decision 064). */
    scheduledPlan: text('scheduled_plan'),
    eventCount: integer('event_count').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [uniqueIndex('local_billing_subscriptions_checkout_key').on(t.checkoutSessionId), index('local_billing_subscriptions_user_idx').on(t.userId)],
);
