import { z } from 'zod';
import { CELL_SEAT_ROLES, CELL_SIZE, CellPayoutConfigSchema } from '../commissions/cell-payout.ts';
import { dollarsField, formatDollarsAndCents } from '../money.ts';

/** Commission-cell API paths (spec 3 section 7, "Commission cells (admin)"). */
export const commissionCellsPaths = {
  processRevenue: '/api/admin/commission/process-revenue',
  processRevenueBatch: '/api/admin/commission/process-revenue/batch',
} as const;

/** Spec 3 section 4: a cell is active, locked, processing (while a run holds it) or archived. */
export const COMMISSION_CELL_STATUSES = ['active', 'locked', 'processing', 'archived'] as const;
export type CommissionCellStatus = (typeof COMMISSION_CELL_STATUSES)[number];

/** Where cell revenue comes from; spec 3 section 7 names 'trading_fees'. */
export const CELL_REVENUE_SOURCES = ['trading_fees', 'subscriptions', 'other'] as const;
export type CellRevenueSource = (typeof CELL_REVENUE_SOURCES)[number];

/** The kinds of a cell payout line in the ledger. */
export const CELL_PAYOUT_KINDS = ['seat', 'override'] as const;

/** The largest revenue one run takes: $10,000,000.00 (every share stays a safe integer). */
export const CELL_REVENUE_CENTS_MAX = 1_000_000_000;

/** Said in dollars wherever the revenue is typed or refused (a form never asks for cents). */
export const REVENUE_AMOUNT_MESSAGES = {
  required: 'Enter the revenue in dollars, e.g. 1000.00.',
  invalid: 'Enter the revenue in dollars with at most two decimals, e.g. 1000.00.',
  min: 'The revenue must be at least $0.01.',
  max: `The revenue can be at most ${formatDollarsAndCents(CELL_REVENUE_CENTS_MAX)} per run.`,
} as const;

const revenueFields = {
  cell_id: z.string().uuid({ message: 'Choose a commission cell.' }),
  source: z.enum(CELL_REVENUE_SOURCES).default('trading_fees'),
  description: z.string().trim().max(500, { message: 'The description can be at most 500 characters.' }).default(''),
  /** The caller's key for this revenue: the same key never pays twice. Not needed for a dry run. */
  source_reference_id: z.string().trim().min(1, { message: 'A source reference is required.' }).max(200).optional(),
  /**
   * A cell with no member pays nobody: the whole revenue would be unallocated. Such a run is
   * refused unless the admin confirms exactly that ("Book all as unallocated"), decision 066.
   */
  book_unallocated: z.boolean().default(false),
  /** The subscription payment this revenue is, if it is one: a refund of the payment reverses the run in proportion (decision 066). */
  payment_id: z.string().trim().min(1).max(200).optional(),
};

/** The API's body: the amount in integer cents (a program's contract); a refusal still speaks dollars. */
export const ProcessRevenueInputSchema = z
  .object({
    ...revenueFields,
    amount_cents: z
      .number({ message: 'amount_cents is required: the revenue as a whole number of cents (100000 is $1,000.00).' })
      .int({ message: 'amount_cents is a whole number of cents (100000 is $1,000.00).' })
      .min(1, { message: REVENUE_AMOUNT_MESSAGES.min })
      .max(CELL_REVENUE_CENTS_MAX, { message: REVENUE_AMOUNT_MESSAGES.max }),
    /** "Test $1000" (DESIGN.md decision 24): compute and answer, write nothing. */
    dry_run: z.boolean().default(false),
  })
  .refine((input) => input.dry_run || input.source_reference_id !== undefined, {
    path: ['source_reference_id'],
    message: 'A source reference is required.',
  });
export type ProcessRevenueInput = z.input<typeof ProcessRevenueInputSchema>;
/** The request after parsing (defaults filled in). */
export type ProcessRevenueRequest = z.output<typeof ProcessRevenueInputSchema>;

/**
 * Commission Management's Process revenue form: the amount typed in dollars (`amount`), converted
 * once to cents by the one money parser; the output is the API's body.
 */
export const ProcessRevenueFormSchema = z
  .object({
    ...revenueFields,
    amount: dollarsField(REVENUE_AMOUNT_MESSAGES, { minCents: 1, maxCents: CELL_REVENUE_CENTS_MAX }),
    source_reference_id: z.string().trim().min(1, { message: 'A source reference is required.' }).max(200),
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amount_cents: amount, dry_run: false }));

export const CellPayoutLineSchema = z.object({
  user_id: z.string(),
  amount_cents: z.number().int(),
  kind: z.enum(CELL_PAYOUT_KINDS),
  seat_position: z.number().int().min(0).max(CELL_SIZE - 1).nullable(),
  seat_role: z.enum(CELL_SEAT_ROLES).nullable(),
  override_level: z.number().int().min(1).nullable(),
  /** For an override: the ancestor cell whose LEAD it pays. */
  from_cell_id: z.string().nullable(),
});

export const UnallocatedLineSchema = CellPayoutLineSchema.omit({ user_id: true }).extend({ reason: z.enum(['empty_seat', 'no_upline_lead']) });

export const CalculationResultSchema = z.object({
  cell_id: z.string(),
  revenue_cents: z.number().int(),
  payouts: z.array(CellPayoutLineSchema),
  payouts_count: z.number().int(),
  paid_cents: z.number().int(),
  unallocated_cents: z.number().int(),
  unallocated: z.array(UnallocatedLineSchema),
  config: CellPayoutConfigSchema,
});
export type CalculationResult = z.infer<typeof CalculationResultSchema>;

export const ProcessRevenueResponseSchema = z.object({
  status: z.enum(['processed', 'already_processed', 'dry_run']),
  message: z.string(),
  /** Null on a dry run: nothing was written. */
  run_id: z.string().nullable(),
  calculation_result: CalculationResultSchema,
});
export type ProcessRevenueResponse = z.infer<typeof ProcessRevenueResponseSchema>;

/**
 * What "Unallocated" means wherever a split is shown (DESIGN.md section 4): the parts of the revenue
 * that have no owner, and where they are booked.
 */
export const UNALLOCATED_EXPLANATION =
  'Unallocated is the share of empty seats and of override levels with no upline Lead. Nobody is paid it: it stays with the platform as revenue. It is booked on the revenue run (each part with its reason) and in the audit log, never in a member\'s commission ledger.';

/** "1 payout", "15 payouts": every count of payouts on every screen. */
export function payoutsText(count: number): string {
  return `${count} ${count === 1 ? 'payout' : 'payouts'}`;
}

/** Spec 3 section 8; only a real run says it processed revenue (decision 24). */
export function processRevenueMessage(status: ProcessRevenueResponse['status'], payoutsCount: number): string {
  if (status === 'dry_run') return `Dry run: ${payoutsText(payoutsCount)} would be made. Nothing was written.`;
  if (status === 'already_processed') return `This revenue was processed before; ${payoutsCount} ${payoutsCount === 1 ? 'payout was' : 'payouts were'} generated then. Nothing new was written.`;
  return `Revenue processed successfully! ${payoutsText(payoutsCount)} generated.`;
}

/** An uploaded file of revenue lines (commissions/revenue-csv.ts): previewed with dry_run, then processed. */
export const ProcessRevenueBatchInputSchema = z.object({
  csv: z.string().max(1_000_000, { message: 'The file is larger than 1 MB.' }),
  dry_run: z.boolean().default(true),
  /** Lines on a cell with no member are refused unless this confirms booking them all as unallocated (decision 066). */
  book_unallocated: z.boolean().default(false),
});

/** Why a run on a cell with no member is refused without the admin's confirmation (decision 066). */
export const EMPTY_CELL_REVENUE_MESSAGE =
  'This cell has no members: nobody would be paid and the whole revenue would be booked as unallocated. Confirm "Book all as unallocated" to process it anyway.';

export const REVENUE_BATCH_LINE_STATUSES = ['processed', 'already_processed', 'dry_run', 'error'] as const;

export const RevenueBatchLineSchema = z.object({
  row: z.number().int(),
  reference: z.string().nullable(),
  status: z.enum(REVENUE_BATCH_LINE_STATUSES),
  message: z.string(),
  run_id: z.string().nullable(),
  amount_cents: z.number().int().nullable(),
  payouts_count: z.number().int().nullable(),
  paid_cents: z.number().int().nullable(),
  unallocated_cents: z.number().int().nullable(),
});
export type RevenueBatchLine = z.infer<typeof RevenueBatchLineSchema>;

export const ProcessRevenueBatchResponseSchema = z.object({
  dry_run: z.boolean(),
  lines: z.array(RevenueBatchLineSchema),
  counts: z.record(z.enum(REVENUE_BATCH_LINE_STATUSES), z.number().int()),
});
export type ProcessRevenueBatchResponse = z.infer<typeof ProcessRevenueBatchResponseSchema>;
