import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey, uuidRef } from './columns.ts';
import { COMMISSION_STATUSES } from '@myeai/domain';
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
  ],
);
