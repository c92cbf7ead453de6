import { z } from 'zod';
import { CRYPTO_NETWORKS } from '../payouts/payout-methods.ts';
import { PAYOUT_METHOD_KINDS, PAYOUT_METHODS } from '../payouts/payout-settings.ts';
import { CONNECT_ACCOUNT_STATES } from '../payouts/stripe-connect.ts';

/** Issue 30: payout details, the balance, batches and statements (decision record 060). */
export const payoutsPaths = {
  method: '/api/payouts/method',
  balance: '/api/payouts/balance',
  statements: '/api/payouts',
  adminSettings: '/api/admin/payouts/settings',
  adminBatches: '/api/admin/payout-batches',
  adminBatch: '/api/admin/payout-batches/:id',
  adminApprove: '/api/admin/payout-batches/:id/approve',
  adminExport: '/api/admin/payout-batches/:id/export',
  adminItem: '/api/admin/payout-items/:id',
  // Decision 063: cancelling a prepared batch, the provider's result file, the statement per period.
  adminCancel: '/api/admin/payout-batches/:id/cancel',
  adminResults: '/api/admin/payout-batches/:id/results',
  statement: '/api/payouts/statement',
  statementCsv: '/api/payouts/statement.csv',
  // Decision 069: Stripe Connect, the payee's connected Express account.
  stripeConnect: '/api/payouts/stripe/connect',
  stripeRefresh: '/api/payouts/stripe/refresh',
} as const;

export const PayoutMethodSchema = z.enum(PAYOUT_METHODS);
/** A method a payout may have used: the manual ones and `stripe` (decision 069). */
export const PayoutMethodKindSchema = z.enum(PAYOUT_METHOD_KINDS);
/** cancelled: its batch was cancelled before approval (decision 063); the lines went back to pending. */
export const PAYOUT_ITEM_STATUSES = ['processing', 'paid', 'failed', 'cancelled'] as const;
export type PayoutItemStatus = (typeof PAYOUT_ITEM_STATUSES)[number];
export const PAYOUT_BATCH_STATUSES = ['prepared', 'approved', 'completed', 'cancelled'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/** Why a payee is not in a batch; their lines wait for the next one. */
export const PAYOUT_SKIP_REASONS = ['below_minimum', 'needs_wire', 'no_details', 'details_on_hold', 'method_disabled', 'suspended', 'stripe_not_ready'] as const;
export type PayoutSkipReason = (typeof PAYOUT_SKIP_REASONS)[number];

/** GET /api/payouts/method: the payee's method, masked (never the full numbers), and when it may be used. */
export const PayoutMethodResponseSchema = z.object({
  method: z
    .object({
      method: PayoutMethodKindSchema,
      summary: z.string(),
      /** Crypto only: the network, so the form can show it. */
      network: z.enum(CRYPTO_NETWORKS).nullable(),
      updated_at: z.iso.datetime(),
      /** Until then no payout uses the new details (the defence against account takeover). */
      hold_until: z.iso.datetime(),
      on_hold: z.boolean(),
    })
    .nullable(),
  details_hold_hours: z.number().int(),
  methods_enabled: z.array(PayoutMethodSchema),
  /** Decision 069: null when the server has no Stripe Connect; else the payee's connected account, if any. */
  stripe_connect: z
    .object({
      account: z.object({ summary: z.string(), state: z.enum(CONNECT_ACCOUNT_STATES), updated_at: z.iso.datetime() }).nullable(),
    })
    .nullable()
    .default(null),
});
export type PayoutMethodResponse = z.infer<typeof PayoutMethodResponseSchema>;

export const PayoutBalanceSchema = z.object({
  currency: z.literal('USD'),
  holding_cents: z.number().int(),
  available_cents: z.number().int(),
  in_payout_cents: z.number().int(),
  paid_cents: z.number().int(),
  withheld_cents: z.number().int(),
  next_payout_at: z.iso.datetime(),
  minimum_cents: z.number().int(),
  wire_threshold_cents: z.number().int(),
  holding_days: z.number().int(),
});
export type PayoutBalance = z.infer<typeof PayoutBalanceSchema>;

export const PayoutStatementLineSchema = z.object({
  commission_id: z.string(),
  product_name: z.string(),
  source: z.string(),
  amount_cents: z.number().int(),
  earned_at: z.iso.datetime(),
  cell_seat_position: z.number().int().nullable(),
  cell_override_level: z.number().int().nullable(),
});

export const PayoutStatementSchema = z.object({
  id: z.string(),
  batch_id: z.string(),
  created_at: z.iso.datetime(),
  method: PayoutMethodKindSchema,
  method_summary: z.string(),
  amount_cents: z.number().int(),
  /** A cancelled item is no payout of the payee's: statements leave it out. */
  status: z.enum(['processing', 'paid', 'failed']),
  reason: z.string().nullable(),
  settled_at: z.iso.datetime().nullable(),
  lines: z.array(PayoutStatementLineSchema),
});
export type PayoutStatement = z.infer<typeof PayoutStatementSchema>;
export const PayoutStatementListSchema = z.object({ items: z.array(PayoutStatementSchema) });
export type PayoutStatementList = z.infer<typeof PayoutStatementListSchema>;

export const PayoutSettingsSchema = z.object({
  schedule_weekday: z.number({ error: 'Choose the weekday of the batch.' }).int().min(0, 'The weekday is 0 (Sunday) to 6 (Saturday).').max(6, 'The weekday is 0 (Sunday) to 6 (Saturday).'),
  schedule_minute_utc: z.number({ error: 'Enter the time of the batch (UTC).' }).int().min(0).max(1439, 'The time is minutes after midnight UTC, 0 to 1439.'),
  minimum_cents: z.number({ error: 'Enter the minimum payout.' }).int().min(0, 'The minimum cannot be negative.').max(100_000_000),
  holding_days: z.number({ error: 'Enter the holding period in days.' }).int().min(0, 'The holding period cannot be negative.').max(365, 'The holding period is at most 365 days.'),
  details_hold_hours: z.number({ error: 'Enter the details hold in hours.' }).int().min(0, 'The details hold cannot be negative.').max(720, 'The details hold is at most 720 hours.'),
  wire_threshold_cents: z.number({ error: 'Enter the wire transfer threshold.' }).int().min(0).max(100_000_000),
  methods_enabled: z.array(PayoutMethodSchema).min(1, 'Enable at least one payout method.'),
});
export type PayoutSettingsBody = z.infer<typeof PayoutSettingsSchema>;

export const PreparePayoutBatchInputSchema = z.object({ dry_run: z.boolean().default(false) });

export const PayoutBatchItemSchema = z.object({
  id: z.string().nullable(),
  user_id: z.string(),
  user_name: z.string(),
  method: PayoutMethodKindSchema,
  method_summary: z.string(),
  amount_cents: z.number().int(),
  line_count: z.number().int(),
  status: z.enum(PAYOUT_ITEM_STATUSES),
  reason: z.string().nullable(),
});

export const PayoutBatchSchema = z.object({
  batch: z.object({
    /** null for a dry run: nothing was written. */
    id: z.string().nullable(),
    status: z.enum(PAYOUT_BATCH_STATUSES).or(z.literal('preview')),
    created_at: z.iso.datetime(),
    approved_at: z.iso.datetime().nullable(),
    /** The week (its Monday, UTC) the weekly schedule prepared it for; null when an admin prepared it (decision 063). */
    scheduled_week: z.iso.date().nullable(),
    cancelled_at: z.iso.datetime().nullable(),
    cancel_reason: z.string().nullable(),
    total_cents: z.number().int(),
    totals_by_method: z.record(z.string(), z.number().int()),
    items: z.array(PayoutBatchItemSchema),
    skipped: z.array(z.object({ user_id: z.string(), user_name: z.string(), reason: z.enum(PAYOUT_SKIP_REASONS), available_cents: z.number().int() })),
  }),
});
export type PayoutBatchResponse = z.infer<typeof PayoutBatchSchema>;

export const PayoutBatchListSchema = z.object({
  items: z.array(
    z.object({ id: z.string(), status: z.enum(PAYOUT_BATCH_STATUSES), created_at: z.iso.datetime(), scheduled_week: z.iso.date().nullable(), item_count: z.number().int(), total_cents: z.number().int() }),
  ),
});

export const PayoutIdParamsSchema = z.object({ id: z.uuid('Not a payout id.') });
export const PayoutExportQuerySchema = z.object({ method: PayoutMethodSchema });

export const SettlePayoutItemInputSchema = z
  .object({ status: z.enum(['paid', 'failed']), reason: z.string().trim().max(500).optional() })
  .refine((value) => value.status === 'paid' || (value.reason ?? '').length > 0, { path: ['reason'], message: 'Say why the payout failed.' });

export const PayoutItemResponseSchema = z.object({ item: PayoutBatchItemSchema.extend({ id: z.string() }) });

/** POST /api/admin/payout-batches/:id/cancel (decision 063): only a prepared batch; its lines go back to pending. */
export const CancelPayoutBatchInputSchema = z.object({ reason: z.string().trim().max(500).optional() });

/**
 * POST /api/admin/payout-batches/:id/results (decision 063): the provider's result file, read by
 * readPayoutResultCsv. A dry run says what each row would do and writes nothing.
 */
export const PayoutResultsInputSchema = z.object({
  csv: z.string().max(1_000_000, { message: 'The file is larger than 1 MB.' }),
  dry_run: z.boolean().default(true),
});
export const PAYOUT_RESULT_ROW_STATUSES = ['paid', 'failed', 'unchanged', 'error'] as const;
export type PayoutResultRowStatus = (typeof PAYOUT_RESULT_ROW_STATUSES)[number];
export const PayoutResultsResponseSchema = z.object({
  dry_run: z.boolean(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      reference: z.string().nullable(),
      status: z.enum(PAYOUT_RESULT_ROW_STATUSES),
      message: z.string(),
      user_name: z.string().nullable(),
      amount_cents: z.number().int().nullable(),
    }),
  ),
  counts: z.record(z.enum(PAYOUT_RESULT_ROW_STATUSES), z.number().int()),
});
export type PayoutResultsResponse = z.infer<typeof PayoutResultsResponseSchema>;

/** A statement's period, UTC dates inclusive (decision 063): the payouts prepared from `from` to `to`. */
export const PayoutStatementQuerySchema = z
  .object({ from: z.iso.date('Enter the first day as YYYY-MM-DD.'), to: z.iso.date('Enter the last day as YYYY-MM-DD.') })
  .refine((value) => value.from <= value.to, { path: ['to'], message: 'The last day cannot be before the first.' });
export type PayoutStatementQuery = z.infer<typeof PayoutStatementQuerySchema>;

export const PayoutPeriodStatementSchema = z.object({
  payee: z.object({ name: z.string(), email: z.string() }),
  from: z.iso.date(),
  to: z.iso.date(),
  generated_at: z.iso.datetime(),
  items: z.array(PayoutStatementSchema),
  totals: z.object({ paid_cents: z.number().int(), processing_cents: z.number().int(), failed_cents: z.number().int() }),
});
export type PayoutPeriodStatement = z.infer<typeof PayoutPeriodStatementSchema>;

/** POST /api/payouts/stripe/connect (decision 069): where the browser goes to onboard with Stripe. */
export const StripeConnectLinkSchema = z.object({ url: z.url() });
/** POST /api/payouts/stripe/refresh: the connected account read from Stripe now (on the return from onboarding). */
export const StripeConnectRefreshSchema = z.object({ account: z.object({ summary: z.string(), state: z.enum(CONNECT_ACCOUNT_STATES), updated_at: z.iso.datetime() }).nullable() });
