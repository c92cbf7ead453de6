import { z } from 'zod';
import { CALL_OUTCOMES } from '../../trading/track-record.ts';
import { AssetRefSchema, BiasSchema, TimeframeRefSchema } from './common.ts';
import { Percent, Timestamp } from './fields.ts';

// The track record against the market (issue 32, decision 062): the price import and the records.

export const marketDataPaths = {
  importPrices: '/api/admin/market/prices/import',
  coverage: '/api/admin/market/prices/coverage',
} as const;

export const trackRecordPaths = {
  consensus: '/api/trading/track-record',
  trader: '/api/trading/traders/:id/track-record',
} as const;

/** A CSV of candles up to this size per request (about 100,000 rows). */
export const PRICE_IMPORT_MAX_CHARS = 8_000_000;

export const PriceImportInputSchema = z.strictObject({
  csv: z.string().min(1, 'Attach a CSV file.').max(PRICE_IMPORT_MAX_CHARS, 'The file is too large: split it into files of at most 8 MB.'),
  /** preview: read and compare with the stored prices, change nothing; commit: store. */
  mode: z.enum(['preview', 'commit']),
  /** With bad rows: import the good ones, or nothing at all (the admin's choice in the preview). */
  on_errors: z.enum(['import_valid_rows', 'import_nothing']).default('import_nothing'),
  /** Where the prices come from, kept on each stored price ("import" unless told). */
  source: z.string().trim().min(1).max(60).default('import'),
});
export type PriceImportInput = z.infer<typeof PriceImportInputSchema>;

const RowProblemSchema = z.strictObject({ line: z.number().int(), message: z.string() });

export const PriceImportResponseSchema = z.strictObject({
  mode: z.enum(['preview', 'commit']),
  committed: z.boolean(),
  rows_read: z.number().int(),
  counts: z.strictObject({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    invalid: z.number().int(),
    duplicate: z.number().int(),
  }),
  errors: z.array(RowProblemSchema),
  duplicates: z.array(RowProblemSchema),
  /** Stored candles this file changes (old and new close as decimal text), at most 200. */
  changes: z.array(z.strictObject({ line: z.number().int(), asset: z.string(), time: Timestamp, old_close: z.string(), new_close: z.string() })),
  /** Windows and votes whose stored score this commit changed (0 in a preview). */
  rescored: z.strictObject({ windows: z.number().int(), votes: z.number().int() }),
});
export type PriceImportResponse = z.infer<typeof PriceImportResponseSchema>;

/** What the store holds per catalogue asset (the import screen's coverage table, decision 068). */
export const PriceCoverageSchema = z.strictObject({
  assets: z.array(
    z.strictObject({
      asset: AssetRefSchema,
      /** Stored candles of the asset. */
      candles: z.number().int(),
      first_time: Timestamp.nullable(),
      last_time: Timestamp.nullable(),
      /** Where its candles came from ("import", "demo", a provider's name), alphabetical. */
      sources: z.array(z.string()),
      /** When the newest candle was received (stored), null before any. */
      last_received_at: Timestamp.nullable(),
      /** Confirmed calls of the asset scored against the market, and those still awaiting prices. */
      scored_calls: z.number().int(),
      awaiting_calls: z.number().int(),
    }),
  ),
});
export type PriceCoverage = z.infer<typeof PriceCoverageSchema>;

export const CallOutcomeSchema = z.enum(CALL_OUTCOMES);

export const TrackRecordSummarySchema = z.strictObject({
  scored: z.number().int(),
  hits: z.number().int(),
  hit_rate: Percent.nullable(),
  ci_low: Percent.nullable(),
  ci_high: Percent.nullable(),
  /** False under 20 scored calls: "too few calls to judge". */
  enough_to_judge: z.boolean(),
});

export const TrackRecordCallSchema = z.strictObject({
  window_id: z.string(),
  bias: BiasSchema,
  closed_at: Timestamp,
  horizon_at: Timestamp,
  /** Decimal text of the stored fixed-point price (exact), null while awaiting it. */
  price_at_close: z.string().nullable(),
  price_at_horizon: z.string().nullable(),
  /** Basis points with two decimals. */
  change_bps: z.number().nullable(),
  band_bps: z.number().int(),
  outcome: CallOutcomeSchema,
});

export const TrackRecordQuerySchema = z.object({
  asset_id: z.uuid('Choose an asset.'),
  timeframe_id: z.uuid('Choose a timeframe.'),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

const CalibrationBinSchema = z.strictObject({
  from: z.number().int(),
  to: z.number().int(),
  votes: z.number().int(),
  hits: z.number().int(),
  mean_confidence: Percent.nullable(),
  hit_rate: Percent.nullable(),
});

export const TrackRecordSchema = z.strictObject({
  asset: AssetRefSchema,
  timeframe: TimeframeRefSchema,
  locked: z.boolean(),
  /** The oldest closing time the caller's plan lets them see (null: all history). */
  since: Timestamp.nullable(),
  summary: TrackRecordSummarySchema,
  /** The last calls, newest first (awaiting ones included). */
  calls: z.array(TrackRecordCallSchema),
  /**
   * Calibration (decision 068): the pool's scored votes on this pair in view, by stated confidence
   * (five bins), with the hit rate they reached. A consensus call states no confidence of its own.
   */
  calibration: z.array(CalibrationBinSchema),
});
export type TrackRecord = z.infer<typeof TrackRecordSchema>;


export const TraderTrackRecordSchema = z.strictObject({
  trader_id: z.string(),
  summary: TrackRecordSummarySchema,
  /** Mean Brier score of the scored votes, 0 (best) to 1; null before any. */
  brier: z.number().min(0).max(1).nullable(),
  /** The shrunk estimate (percent): a Bayesian average toward 50 % with 20 pseudo-votes. */
  shrunk_hit_rate: Percent,
  /** Kept beside the market figures: agreement with the confirmed consensus (decision 014). */
  agreement_with_consensus: Percent.nullable(),
  calibration: z.array(CalibrationBinSchema),
  by_market: z.array(z.strictObject({ asset_class: z.string(), timeframe: TimeframeRefSchema, summary: TrackRecordSummarySchema })),
});
export type TraderTrackRecord = z.infer<typeof TraderTrackRecordSchema>;
