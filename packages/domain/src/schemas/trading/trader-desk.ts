import { z } from 'zod';
import { BIASES, VOTE_CONFIDENCE_DEFAULT, VOTE_NOTE_MAX } from '../../trading/trading-rules.ts';
import { AssetRefSchema, BiasSchema, ConsensusModeSchema, SpecializationSchema, TimeframeRefSchema, TraderTierSchema, TRADING_MESSAGES } from './common.ts';
import { OpenCellSchema } from './compass.ts';
import { ScoreFields, Timestamp } from './fields.ts';

// The trader desk: open a window, vote, the trader's profile and vote history.

/** Trader desk API paths. */
export const traderDeskPaths = {
  openWindow: '/api/trading/windows/open',
  activeWindows: '/api/trading/windows/active',
  window: '/api/trading/windows/:id',
  vote: '/api/trading/windows/:id/vote',
  profile: '/api/trading/trader/profile',
  votes: '/api/trading/trader/votes',
  grid: '/api/trading/trader/grid',
} as const;

export const OpenWindowInputSchema = z.strictObject({ asset_id: z.uuid('Choose an asset.'), timeframe_id: z.uuid('Choose a timeframe.') });
export type OpenWindowInput = z.infer<typeof OpenWindowInputSchema>;

export const BiasCountsSchema = z.strictObject({ long: z.number().int(), short: z.number().int(), neutral: z.number().int() });

export const MyVoteSchema = z.strictObject({ bias: BiasSchema, confidence: z.number().int(), note: z.string().nullable(), created_at: Timestamp });

/** An entry window as a trader sees it: sealed (no counts) until the caller has voted. */
export const EntryWindowSchema = z.strictObject({
  id: z.string(),
  asset: AssetRefSchema,
  timeframe: TimeframeRefSchema,
  status: z.enum(['open', 'closed']),
  mode: ConsensusModeSchema,
  opened_at: Timestamp,
  closes_at: Timestamp,
  closed_at: Timestamp.nullable(),
  total_votes: z.number().int(),
  /** Votes it takes: 13 in fixed mode, the max consensus size in open mode. */
  pool_size: z.number().int(),
  user_voted: z.boolean(),
  opened_by_me: z.boolean(),
  /** Null until the caller voted (sealed voting). */
  bias_counts: BiasCountsSchema.nullable(),
  my_vote: MyVoteSchema.nullable(),
});
export type EntryWindow = z.infer<typeof EntryWindowSchema>;

export const ActiveWindowListSchema = z.strictObject({ windows: z.array(EntryWindowSchema), server_time: Timestamp });

export const OpenWindowResponseSchema = z.strictObject({ window: EntryWindowSchema, notified_traders: z.number().int() });

export const VoteInputSchema = z.strictObject({
  bias: z.enum(BIASES, TRADING_MESSAGES.biasInvalid),
  confidence: z
    .number(TRADING_MESSAGES.confidenceInvalid)
    .int(TRADING_MESSAGES.confidenceInvalid)
    .min(0, TRADING_MESSAGES.confidenceInvalid)
    .max(100, TRADING_MESSAGES.confidenceInvalid)
    .default(VOTE_CONFIDENCE_DEFAULT),
  note: z
    .string()
    .trim()
    .max(VOTE_NOTE_MAX, TRADING_MESSAGES.noteTooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type VoteInput = z.infer<typeof VoteInputSchema>;

export const VoteResponseSchema = z.strictObject({
  window: EntryWindowSchema,
  /** This vote completed the pool and closed the window. */
  closed_window: z.boolean(),
});

/** The caller's own trader profile. */
export const TraderProfileSchema = z.strictObject({
  user_id: z.string(),
  has_profile: z.boolean(),
  is_active: z.boolean(),
  /** "Active Trader" or "Inactive Trader". */
  status_label: z.string(),
  specialization: SpecializationSchema.nullable(),
  kyc_verified: z.boolean(),
  /** The caller's own tier; weights are never sent to non-admins (anonymity, reliability catalogue T-17). */
  tier: TraderTierSchema,
  tier_label: z.string(),
  windows_seen: z.number().int(),
  agreed_votes: z.number().int(),
  ...ScoreFields,
});
export type TraderProfile = z.infer<typeof TraderProfileSchema>;

export const MyVotesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export const MyVoteHistorySchema = z.strictObject({
  votes: z.array(
    z.strictObject({
      window_id: z.string(),
      asset: AssetRefSchema,
      timeframe: TimeframeRefSchema,
      bias: BiasSchema,
      confidence: z.number().int(),
      note: z.string().nullable(),
      created_at: Timestamp,
      window_status: z.enum(['open', 'closed']),
      /** Null while the window is open. */
      confirmed_bias: BiasSchema.nullable(),
      /** Null when the window is open or confirmed nothing. */
      agreed: z.boolean().nullable(),
    }),
  ),
});

/**
 * The trader desk's market grid: per asset x timeframe what the compass shows live (the last
 * closed window's result and age, the standing consensus, the open window's vote count, never its
 * shares), the open window's id, and whether the caller already voted in it.
 */
export const TraderGridCellSchema = OpenCellSchema.extend({ open_window_id: z.string().nullable(), user_voted: z.boolean() });
export type TraderGridCell = z.infer<typeof TraderGridCellSchema>;

export const TraderGridSchema = z.strictObject({
  generated_at: Timestamp,
  assets: z.array(AssetRefSchema),
  timeframes: z.array(TimeframeRefSchema.extend({ voting_window_minutes: z.number().int() })),
  /** cells[assetId][timeframeId] */
  cells: z.record(z.string(), z.record(z.string(), TraderGridCellSchema)),
});
export type TraderGrid = z.infer<typeof TraderGridSchema>;
