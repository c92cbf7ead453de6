import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONNECT_ACCOUNT_STATES, PAYOUT_BATCH_STATUSES, PAYOUT_ITEM_STATUSES, PAYOUT_METHOD_KINDS, type ConnectAccountState, type PayoutMethod, type PayoutMethodKind } from '@myeai/domain';
import { timestamptz, uuidPrimaryKey, uuidRef } from './columns.ts';
import { commissions } from './commissions.ts';
import { oneOf } from './one-of.ts';
import { users } from './users.ts';

/**
 * Payouts (issue 30, decision record 060). A payout never edits a commission's amount: it links
 * ledger lines to the payout item that pays them (payout_item_lines) and moves their status
 * pending -> processing -> paid (or back to pending when the item fails).
 */

/**
 * A payee's one payout method. `details` is the JSON of the validated details, sealed: AES-256-GCM
 * under PAYOUT_DETAILS_KEY ("enc:v1:..."), or marked plain ("plain:...") without a key. `summary`
 * is the masked form every screen shows; no payout uses the details before `hold_until`.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuidPrimaryKey(),
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    method: text('method').$type<PayoutMethodKind>().notNull(),
    details: text('details').notNull(),
    summary: text('summary').notNull(),
    network: text('network'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    holdUntil: timestamptz('hold_until').notNull(),
  },
  (t) => [uniqueIndex('payout_methods_user_key').on(t.userId), check('payout_methods_method_known', oneOf(t.method, PAYOUT_METHOD_KINDS))],
);

/** The payout settings: one row (id 1), written by the migration with the defaults. */
export const payoutSettings = pgTable(
  'payout_settings',
  {
    id: integer('id').primaryKey().default(1),
    scheduleWeekday: integer('schedule_weekday').notNull(),
    scheduleMinuteUtc: integer('schedule_minute_utc').notNull(),
    minimumCents: bigint('minimum_cents', { mode: 'number' }).notNull(),
    holdingDays: integer('holding_days').notNull(),
    detailsHoldHours: integer('details_hold_hours').notNull(),
    wireThresholdCents: bigint('wire_threshold_cents', { mode: 'number' }).notNull(),
    methodsEnabled: jsonb('methods_enabled').$type<PayoutMethod[]>().notNull(),
    updatedAt: timestamptz('updated_at'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('payout_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * A batch: prepared (items written, lines reserved), approved (files may be exported), completed
 * (every item settled), or cancelled before approval (its lines back to pending, decision 063).
 * `scheduled_week` (the Monday, UTC) marks a batch of the weekly schedule: at most one per week.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuidPrimaryKey(),
    status: text('status').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamptz('approved_at'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamptz('completed_at'),
    scheduledWeek: date('scheduled_week', { mode: 'string' }),
    cancelledAt: timestamptz('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    check('payout_batches_status_known', oneOf(t.status, PAYOUT_BATCH_STATUSES)),
    index('payout_batches_created_idx').on(t.createdAt.desc()),
    uniqueIndex('payout_batches_scheduled_week_key').on(t.scheduledWeek),
  ],
);

/** One payee's payment in a batch, with the snapshot of the details it was prepared with (sealed as payout_methods.details). */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: uuidPrimaryKey(),
    batchId: uuidRef('batch_id', () => payoutBatches.id, 'restrict'),
    userId: uuidRef('user_id', () => users.id, 'restrict'),
    method: text('method').$type<PayoutMethodKind>().notNull(),
    details: text('details').notNull(),
    summary: text('summary').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: timestamptz('created_at').notNull(),
    settledAt: timestamptz('settled_at'),
    settledBy: uuid('settled_by').references(() => users.id, { onDelete: 'set null' }),
    /** Stripe Connect (decision 069): the transfer that pays it, once Stripe answered. */
    providerTransferId: text('provider_transfer_id'),
  },
  (t) => [
    uniqueIndex('payout_items_batch_user_key').on(t.batchId, t.userId),
    uniqueIndex('payout_items_provider_transfer_key').on(t.providerTransferId),
    index('payout_items_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('payout_items_status_known', oneOf(t.status, PAYOUT_ITEM_STATUSES)),
    check('payout_items_method_known', oneOf(t.method, PAYOUT_METHOD_KINDS)),
  ],
);

/** The ledger lines an item pays, with the amount as it was (a line of a failed item may be in a later item too). */
export const payoutItemLines = pgTable(
  'payout_item_lines',
  {
    itemId: uuidRef('item_id', () => payoutItems.id, 'cascade'),
    commissionId: uuidRef('commission_id', () => commissions.id, 'restrict'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.commissionId] }), index('payout_item_lines_commission_idx').on(t.commissionId)],
);

/**
 * A payee's connected Express account at Stripe (decision 069): created once, on the first
 * "Connect with Stripe"; its state (pending, verified, restricted) read from Stripe on the return
 * from onboarding and kept current by account.updated webhooks.
 */
export const payoutStripeAccounts = pgTable(
  'payout_stripe_accounts',
  {
    id: uuidPrimaryKey(),
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    accountId: text('account_id').notNull(),
    state: text('state').$type<ConnectAccountState>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payout_stripe_accounts_user_key').on(t.userId),
    uniqueIndex('payout_stripe_accounts_account_key').on(t.accountId),
    check('payout_stripe_accounts_state_known', oneOf(t.state, CONNECT_ACCOUNT_STATES)),
  ],
);
