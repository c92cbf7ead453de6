import { z } from 'zod';
import { TimeframeRefSchema } from './common.ts';
import { Timestamp } from './fields.ts';
import { TrackRecordSummarySchema } from './track-record.ts';

// Performance weights from the market and the admin's backtest (issue 32 item 5, decision 072).

export const performanceWeightsPaths = {
  backtest: '/api/admin/trading/performance-weights/backtest',
} as const;

const BacktestSideSchema = z.strictObject({
  /** Windows that confirmed a consensus under this weighting (calls made). */
  calls: z.number().int(),
  /** Of those, scored against the market (awaiting prices left out), with the 95 % Wilson interval. */
  summary: TrackRecordSummarySchema,
});

const BacktestFiguresSchema = z.strictObject({
  /** Closed windows with votes. */
  windows: z.number().int(),
  /** Windows whose confirmed bias differs between the two weightings. */
  changed_calls: z.number().int(),
  /** Each vote with the weight it was cast with: reproduces the stored consensus. */
  fixed: BacktestSideSchema,
  /** Each vote weighted by the trader's shrunk market hit rate as known when it was cast. */
  performance: BacktestSideSchema,
});

export const PerformanceWeightsBacktestSchema = z.strictObject({
  generated_at: Timestamp,
  /** Pseudo-votes at 50 % in the shrunk estimate (hits + prior/2) / (scored + prior). */
  prior_weight: z.number().int(),
  /** Whether performance weighting is on now (open mode only acts on it). */
  performance_weight_enabled: z.boolean(),
  timeframes: z.array(BacktestFiguresSchema.extend({ timeframe: TimeframeRefSchema })),
  total: BacktestFiguresSchema,
});
export type PerformanceWeightsBacktest = z.infer<typeof PerformanceWeightsBacktestSchema>;

/** Verified traders as investors see them: counted per tier group, never named (decision 072). */
export const VerifiedTradersSchema = z.strictObject({
  /** "Verified means KYC done and at least 30 votes scored against market prices." */
  rule: z.string(),
  min_scored_votes: z.number().int(),
  kyc_required: z.boolean(),
  /** Traders in the active pool, and how many of them are verified. */
  traders: z.number().int(),
  verified: z.number().int(),
  groups: z.array(z.strictObject({ label: z.string(), traders: z.number().int(), verified: z.number().int() })),
});
export type VerifiedTraders = z.infer<typeof VerifiedTradersSchema>;
