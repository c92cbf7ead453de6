import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey, uuidRef } from './columns.ts';
import { COMMISSION_REVERSAL_KINDS, COMMISSION_STATUSES } from '@myeai/domain';
import { commissionRevenueRuns } from './commission-cells.ts';
import { oneOf } from './one-of.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * The commission ledger: one row per commission a user earned, whatever its source (a merchant
 * conversion now, the commission cells later). (source, source_reference) is unique, so the
 * same event never pays twice. product_name and rate_bp are snapshots taken when it was earned.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: uuidPrimaryKey(),
    userId: uuidRef('user_id', () => users.id, 'restrict'),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    sourceReference: text('source_reference').notNull(),
    productName: text('product_name').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    rateBp: integer('rate_bp'),
    status: text('status').notNull().default('pending'),
    earnedAt: timestamptz('earned_at').notNull(),
    processingAt: timestamptz('processing_at'),
    paidAt: timestamptz('paid_at'),
    /**
     * The member this commission arose from (a purchase they made, a payout from their seat), when
     * there is one: My Team sums these per member (DESIGN.md decision 43).
     */
    originUserId: uuid('origin_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A cell payout: the revenue run, and the seat position or override level that explains it. */
    cellRunId: uuid('cell_run_id').references(() => commissionRevenueRuns.id, { onDelete: 'restrict' }),
    cellSeatPosition: integer('cell_seat_position'),
    cellOverrideLevel: integer('cell_override_level'),
    /**
     * A reversal (decision 066): a negative line of its own, linked to the line it reverses and to
     * the reversal that wrote it, with the reason. Nothing edits the original's amount.
     */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => commissions.id, { onDelete: 'restrict' }),
    reversalId: uuid('reversal_id').references((): AnyPgColumn => commissionReversals.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    /** The subscription payment this commission came from, when one did (a refund of it reverses the line). */
    paymentId: text('payment_id'),
  },
  (t) => [
    uniqueIndex('commissions_source_reference_key').on(t.source, t.sourceReference),
    index('commissions_user_earned_idx').on(t.userId, t.earnedAt.desc(), t.id.desc()),
    index('commissions_user_status_idx').on(t.userId, t.status),
    index('commissions_status_earned_idx').on(t.status, t.earnedAt.desc(), t.id.desc()),
    /** The landing's people earning today (a public read). */
    index('commissions_earned_idx').on(t.earnedAt),
    index('commissions_user_origin_idx').on(t.userId, t.originUserId).where(sql`${t.originUserId} is not null`),
    check('commissions_status_known', oneOf(t.status, COMMISSION_STATUSES)),
    index('commissions_cell_run_idx').on(t.cellRunId).where(sql`${t.cellRunId} is not null`),
    /** A cell line is explained by exactly one of a seat position and an override level. */
    check(
      'commissions_cell_line_explained',
      sql`${t.cellRunId} is null or ((${t.cellSeatPosition} is null) <> (${t.cellOverrideLevel} is null))`,
    ),
    check(
      'commissions_reversal_shape',
      sql`(${t.reversesId} is null) = (${t.reversalId} is null) and (${t.reversesId} is null) = (${t.reason} is null) and (${t.reversesId} is null or (${t.amountCents} < 0 and ${t.reversesId} <> ${t.id}))`,
    ),
    index('commissions_reverses_idx').on(t.reversesId).where(sql`${t.reversesId} is not null`),
    index('commissions_reversal_idx').on(t.reversalId).where(sql`${t.reversalId} is not null`),
    index('commissions_payment_idx').on(t.paymentId).where(sql`${t.paymentId} is not null`),
  ],
);

/**
 * One reversal (decision 066): a refund of a subscription payment, a partner's reversal of a
 * conversion, or an admin's reversal of a revenue run. `key` is unique (the refund, the partner's
 * reversal id, the run), so a replay writes nothing and answers this row. Its ledger lines are
 * commissions.reversal_id; the unallocated revenue it reverses, per run, commission_reversal_runs.
 */
export const commissionReversals = pgTable(
  'commission_reversals',
  {
    id: uuidPrimaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** The payment, conversion or run reversed. */
    subjectId: text('subject_id').notNull(),
    reason: text('reason').notNull(),
    /** The revenue (refund, sale amount, run amount) this reversal takes back, and the whole it is a part of. */
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
    baseCents: bigint('base_cents', { mode: 'number' }).notNull(),
    /** The sum of the negative lines written (0 or less) and of the unallocated revenue reversed (0 or more). */
    linesCents: bigint('lines_cents', { mode: 'number' }).notNull(),
    unallocatedCents: bigint('unallocated_cents', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('commission_reversals_key_key').on(t.key),
    index('commission_reversals_subject_idx').on(t.kind, t.subjectId),
    index('commission_reversals_created_idx').on(t.createdAt),
    check('commission_reversals_kind_known', oneOf(t.kind, COMMISSION_REVERSAL_KINDS)),
    check(
      'commission_reversals_amounts',
      sql`${t.linesCents} <= 0 and ${t.unallocatedCents} >= 0 and ${t.revenueCents} >= 0 and ${t.baseCents} >= 0`,
    ),
  ],
);

/** The unallocated revenue of one run that one reversal takes back. */
export const commissionReversalRuns = pgTable(
  'commission_reversal_runs',
  {
    reversalId: uuidRef('reversal_id', () => commissionReversals.id, 'restrict'),
    runId: uuidRef('run_id', () => commissionRevenueRuns.id, 'restrict'),
    unallocatedCents: bigint('unallocated_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reversalId, t.runId] }),
    index('commission_reversal_runs_run_idx').on(t.runId),
    check('commission_reversal_runs_positive', sql`${t.unallocatedCents} >= 0`),
  ],
);
