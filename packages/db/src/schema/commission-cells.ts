import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CELL_REVENUE_SOURCES, CELL_SIZE, COMMISSION_CELL_STATUSES, type CalculationResult, type CellPayoutConfig } from '@myeai/domain';
import { oneOf } from './one-of.ts';
import { users } from './users.ts';

/**
 * Commission cells (spec 3 sections 2.10-2.11, DESIGN.md section 4 and decision 32): 13 seats per
 * cell, overrides along parent_cell_id. `version` grows on every change of the cell or its seats,
 * so two admins editing one cell cannot both win.
 */
export const commissionCells = pgTable(
  'commission_cells',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('active'),
    parentCellId: uuid('parent_cell_id').references((): AnyPgColumn => commissionCells.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('commission_cells_parent_idx').on(t.parentCellId),
    check('commission_cells_status_known', oneOf(t.status, COMMISSION_CELL_STATUSES)),
    check('commission_cells_not_own_parent', sql`${t.parentCellId} is null or ${t.parentCellId} <> ${t.id}`),
  ],
);

/** A seat: the position gives the role (0 LEAD, 1-3 SENIOR, 4-12 REGULAR); a user holds at most one seat. */
export const commissionCellMembers = pgTable(
  'commission_cell_members',
  {
    cellId: uuid('cell_id')
      .notNull()
      .references(() => commissionCells.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('commission_cell_members_seat_key').on(t.cellId, t.position),
    uniqueIndex('commission_cell_members_user_key').on(t.userId),
    check('commission_cell_members_position_range', sql`${t.position} >= 0 and ${t.position} < ${sql.raw(String(CELL_SIZE))}`),
  ],
);

/**
 * The one stored commission configuration (a single row, id 1): the feature flags and the payout
 * rates, pool and levels, validated by the domain's CellPayoutConfigSchema before it is written.
 * No row means the defaults of DESIGN.md section 4.
 */
export const commissionConfig = pgTable(
  'commission_config',
  {
    id: integer('id').primaryKey().default(1),
    engineEnabled: boolean('engine_enabled').notNull().default(true),
    elitePoolEnabled: boolean('elite_pool_enabled').notNull().default(false),
    /** The cell that mirrors the Elite Pool by tier while elite_pool_enabled (DESIGN.md decision 38). */
    eliteCellId: uuid('elite_cell_id').references(() => commissionCells.id, { onDelete: 'set null' }),
    payout: jsonb('payout').$type<CellPayoutConfig>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('commission_config_single_row', sql`${t.id} = 1`)],
);

/**
 * One processed revenue amount on one cell. source_reference_id is unique, so the same revenue never
 * pays twice; `config` is the configuration the run used and `result` its whole answer (a replay
 * returns it). Its payouts are ledger rows (commissions.cell_run_id); paid + unallocated = amount.
 */
export const commissionRevenueRuns = pgTable(
  'commission_revenue_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    cellId: uuid('cell_id')
      .notNull()
      .references(() => commissionCells.id, { onDelete: 'restrict' }),
    sourceReferenceId: text('source_reference_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    description: text('description').notNull().default(''),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull(),
    unallocatedCents: bigint('unallocated_cents', { mode: 'number' }).notNull(),
    config: jsonb('config').$type<CellPayoutConfig>().notNull(),
    result: jsonb('result').$type<CalculationResult>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The subscription payment this revenue is, when it is one: a refund of it reverses the run in proportion (decision 066). */
    paymentId: text('payment_id'),
  },
  (t) => [
    index('commission_revenue_runs_payment_idx').on(t.paymentId).where(sql`${t.paymentId} is not null`),
    uniqueIndex('commission_revenue_runs_reference_key').on(t.sourceReferenceId),
    index('commission_revenue_runs_cell_idx').on(t.cellId, t.createdAt.desc()),
    check('commission_revenue_runs_source_known', oneOf(t.source, CELL_REVENUE_SOURCES)),
    check('commission_revenue_runs_sum', sql`${t.paidCents} + ${t.unallocatedCents} = ${t.amountCents} and ${t.paidCents} >= 0 and ${t.unallocatedCents} >= 0`),
  ],
);
