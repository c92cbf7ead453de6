import { z } from 'zod';
import { ConsensusModeSchema, TraderTierSchema } from './common.ts';
import { Percent, Timestamp } from './fields.ts';

// Consensus status, leaderboard and stats (admin).

/** Trading admin figures API paths. */
export const tradingAdminStatsPaths = {
  stats: '/api/trading/admin/stats',
  consensusStatus: '/api/trading/admin/consensus/status',
  leaderboard: '/api/trading/admin/leaderboard',
} as const;

export const ConsensusStatusSchema = z.strictObject({
  /** Today in America/New_York. */
  date: z.string(),
  time_zone: z.string(),
  consensus_mode: ConsensusModeSchema,
  submission_window: z.strictObject({ start: z.string(), end: z.string(), starts_at: Timestamp, ends_at: Timestamp, is_open: z.boolean() }),
  submission_stats: z.strictObject({
    /** Active pool members. */
    total_traders: z.number().int(),
    /** Votes cast today. */
    total_submissions: z.number().int(),
    windows_opened: z.number().int(),
    /** Votes cast / (windows opened today x pool size), in %; null when no window opened today. */
    submission_rate: Percent.nullable(),
  }),
  daily_consensus: z.array(
    z.strictObject({
      asset_id: z.string(),
      symbol: z.string(),
      /** buy: the latest consensus confirmed today is long; sell: short; pending otherwise. */
      final_signal: z.enum(['buy', 'sell', 'pending']),
      /** Mean confidence of today's votes on the asset. */
      confidence_score: Percent.nullable(),
      submission_count: z.number().int(),
      /** Share of the latest consensus confirmed today. */
      consensus_strength: Percent.nullable(),
      windows_closed: z.number().int(),
    }),
  ),
});
export type ConsensusStatus = z.infer<typeof ConsensusStatusSchema>;

/** Admin only (trader names). */
export const LeaderboardRowSchema = z.strictObject({
  rank: z.number().int(),
  trader_id: z.string(),
  trader_name: z.string(),
  email_local: z.string(),
  tier: TraderTierSchema,
  total_submissions: z.number().int(),
  /** Votes in windows that confirmed a consensus (the ones accuracy is measured on). */
  consensus_inclusions: z.number().int(),
  accuracy_rate: Percent.nullable(),
  avg_confidence: Percent.nullable(),
  /** Accuracy over the trader's last 10 scored votes. */
  trending_score: Percent.nullable(),
  accuracy_color: z.enum(['green', 'orange', 'red', 'gray']),
  /** Votes scored against market prices (hit or miss), and the hits among them (decision 072). */
  market_scored: z.number().int(),
  market_hits: z.number().int(),
  /** Market hit rate with its 95 % Wilson interval (null before any scored vote). */
  market_hit_rate: Percent.nullable(),
  market_ci_low: Percent.nullable(),
  market_ci_high: Percent.nullable(),
  /** Mean Brier score of the scored votes, 0 (best) to 1. */
  brier: z.number().min(0).max(1).nullable(),
  /** What the order is by: (hits + 10) / (scored + 20), percent. */
  shrunk_hit_rate: Percent,
});
export const LeaderboardSchema = z.strictObject({
  rows: z.array(LeaderboardRowSchema),
  accuracy_label: z.string(),
  /** Pseudo-votes at 50 % in the shrunk estimate the rows are ranked by. */
  prior_weight: z.number().int(),
  ranking_note: z.string(),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

export const TradingAdminStatsSchema = z.strictObject({
  /** Users holding the trader role. */
  total_traders: z.number().int(),
  /** Active pool members. */
  active_traders: z.number().int(),
  active_assets: z.number().int(),
  /** Mean accuracy of the traders with at least one scored vote. */
  avg_accuracy: Percent.nullable(),
  accuracy_label: z.string(),
});
export type TradingAdminStats = z.infer<typeof TradingAdminStatsSchema>;
