import { z } from 'zod';
import { PlanIdSchema } from '../subscriptions/plans.ts';
import { COMPASS_ACCESS_LEVELS } from '../trading/compass-access.ts';
import { isTimeOfDay } from '../trading/submission-window.ts';
import { TRADER_TIERS } from '../trading/trader-tiers.ts';
import {
  ASSET_CLASSES,
  BIASES,
  CONSENSUS_EVENT_TYPES,
  CONSENSUS_MODES,
  MAX_CONSENSUS_SIZE_RANGE,
  SPECIALIZATIONS,
  THRESHOLD_RANGES,
  TRAFFIC_LIGHTS,
  VOTE_CONFIDENCE_DEFAULT,
  VOTE_NOTE_MAX,
} from '../trading/trading-rules.ts';

/*
 * The trading API contract (issue 7). Every response that a non-admin can receive is a strict
 * object without trader identities or weights; admin-only shapes are marked as such.
 * docs/decisions/008-trading-api.md lists every endpoint and live event with these schemas.
 */

export const BiasSchema = z.enum(BIASES);
export const AssetClassSchema = z.enum(ASSET_CLASSES);
export const SpecializationSchema = z.enum(SPECIALIZATIONS);
export const ConsensusModeSchema = z.enum(CONSENSUS_MODES);
export const ConsensusEventTypeSchema = z.enum(CONSENSUS_EVENT_TYPES);
export const TrafficLightSchema = z.enum(TRAFFIC_LIGHTS);
export const TraderTierSchema = z.enum(TRADER_TIERS);
export const CompassAccessLevelSchema = z.enum(COMPASS_ACCESS_LEVELS);

/** A percentage with one decimal (46.5). */
const Percent = z.number().min(0).max(100);
const Timestamp = z.string();

export const TradingIdParamsSchema = z.object({ id: z.uuid('Unknown id.') });
export const TraderIdParamsSchema = z.object({ userId: z.uuid('Unknown trader.') });

export const AssetRefSchema = z.strictObject({ id: z.string(), symbol: z.string(), name: z.string(), asset_class: AssetClassSchema });
export type AssetRef = z.infer<typeof AssetRefSchema>;
export const TimeframeRefSchema = z.strictObject({ id: z.string(), code: z.string(), label: z.string(), minutes: z.number().int() });
export type TimeframeRef = z.infer<typeof TimeframeRefSchema>;

// ---------------------------------------------------------------- assets and timeframes (admin)

export const TRADING_MESSAGES = {
  symbolRequired: 'Symbol is required.',
  symbolInvalid: 'Symbol may hold letters, digits and . / : _ - only (at most 20).',
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be at most 80 characters.',
  assetClassInvalid: 'Asset class must be one of forex, crypto, indices, commodities, stocks.',
  codeRequired: 'Code is required.',
  codeInvalid: 'Code may hold letters and digits only (at most 10).',
  labelRequired: 'Label is required.',
  minutesInvalid: 'Minutes must be a whole number of at least 1.',
  votingWindowInvalid: 'Voting window minutes must be a whole number of at least 1.',
  weightInvalid: 'Weight must be between 0 and 100 in steps of 0.1.',
  confirmationInvalid: `The confirmation threshold must be a whole number between ${THRESHOLD_RANGES.confirmation.min} and ${THRESHOLD_RANGES.confirmation.max}.`,
  exitInvalid: `The exit threshold must be a whole number between ${THRESHOLD_RANGES.exit.min} and ${THRESHOLD_RANGES.exit.max}.`,
  exitAboveConfirmation: 'The exit threshold must not be above the confirmation threshold.',
  maxConsensusSizeInvalid: `Max consensus size must be a whole number between ${MAX_CONSENSUS_SIZE_RANGE.min} and ${MAX_CONSENSUS_SIZE_RANGE.max}.`,
  timeInvalid: 'Times are HH:MM (24-hour clock).',
  windowOrder: 'The submission window must start before it ends.',
  confidenceInvalid: 'Confidence must be a whole number from 0 to 100.',
  noteTooLong: `The note must be at most ${VOTE_NOTE_MAX} characters.`,
  biasInvalid: 'Choose long, short or neutral.',
} as const;

const SymbolSchema = z
  .string(TRADING_MESSAGES.symbolRequired)
  .trim()
  .min(1, TRADING_MESSAGES.symbolRequired)
  .max(20, TRADING_MESSAGES.symbolInvalid)
  .regex(/^[A-Za-z0-9./:_-]+$/, TRADING_MESSAGES.symbolInvalid)
  .transform((value) => value.toUpperCase());
const NameSchema = z.string(TRADING_MESSAGES.nameRequired).trim().min(1, TRADING_MESSAGES.nameRequired).max(80, TRADING_MESSAGES.nameTooLong);

export const AssetSchema = z.strictObject({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  asset_class: AssetClassSchema,
  is_active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Asset = z.infer<typeof AssetSchema>;

export const CreateAssetInputSchema = z.strictObject({
  symbol: SymbolSchema,
  name: NameSchema,
  asset_class: z.enum(ASSET_CLASSES, TRADING_MESSAGES.assetClassInvalid),
});
export type CreateAssetInput = z.infer<typeof CreateAssetInputSchema>;

/** PUT replaces the editable fields; is_active: true reactivates a deactivated asset. */
export const UpdateAssetInputSchema = CreateAssetInputSchema.extend({ is_active: z.boolean().optional() });
export type UpdateAssetInput = z.infer<typeof UpdateAssetInputSchema>;

export const AssetListSchema = z.strictObject({ assets: z.array(AssetSchema) });

export const IncludeInactiveQuerySchema = z.object({
  include_inactive: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

const MinutesSchema = (message: string) => z.number(message).int(message).min(1, message).max(1_000_000, message);

export const TimeframeSchema = z.strictObject({
  id: z.string(),
  code: z.string(),
  label: z.string(),
  minutes: z.number().int(),
  voting_window_minutes: z.number().int(),
  is_active: z.boolean(),
  /** Needs a plan to be seen on the compass (H1, H4, D1, W1, W4). */
  premium: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Timeframe = z.infer<typeof TimeframeSchema>;

export const CreateTimeframeInputSchema = z.strictObject({
  code: z
    .string(TRADING_MESSAGES.codeRequired)
    .trim()
    .min(1, TRADING_MESSAGES.codeRequired)
    .max(10, TRADING_MESSAGES.codeInvalid)
    .regex(/^[A-Za-z0-9]+$/, TRADING_MESSAGES.codeInvalid)
    .transform((value) => value.toUpperCase()),
  label: z.string(TRADING_MESSAGES.labelRequired).trim().min(1, TRADING_MESSAGES.labelRequired).max(40, TRADING_MESSAGES.nameTooLong),
  minutes: MinutesSchema(TRADING_MESSAGES.minutesInvalid),
  voting_window_minutes: MinutesSchema(TRADING_MESSAGES.votingWindowInvalid),
});
export type CreateTimeframeInput = z.infer<typeof CreateTimeframeInputSchema>;

export const UpdateTimeframeInputSchema = CreateTimeframeInputSchema.extend({ is_active: z.boolean().optional() });
export type UpdateTimeframeInput = z.infer<typeof UpdateTimeframeInputSchema>;

export const TimeframeListSchema = z.strictObject({ timeframes: z.array(TimeframeSchema) });

/** GET /api/trading/assets and /api/trading/timeframes: the active market, for every role. */
export const MarketAssetListSchema = z.strictObject({ assets: z.array(AssetRefSchema) });
export const MarketTimeframeSchema = TimeframeRefSchema.extend({ voting_window_minutes: z.number().int(), premium: z.boolean() });
export const MarketTimeframeListSchema = z.strictObject({ timeframes: z.array(MarketTimeframeSchema) });

// ---------------------------------------------------------------- traders (admin)

export const ElitePoolCheckSchema = z.strictObject({
  valid: z.boolean(),
  size: z.number().int(),
  counts: z.strictObject({ lead: z.number().int(), senior: z.number().int(), regular: z.number().int() }),
  total_weight: z.number().min(0),
  problems: z.array(z.string()),
});

const ScoreFields = {
  accuracy: Percent.nullable(),
  consistency: Percent.nullable(),
  engagement: Percent.nullable(),
  avg_confidence: Percent.nullable(),
  votes_cast: z.number().int(),
  scored_votes: z.number().int(),
  /** "Agreement with confirmed consensus (no price feed)". */
  accuracy_label: z.string(),
};

/** Admin only: carries e-mail and weight. */
export const AdminTraderSchema = z.strictObject({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  email_local: z.string(),
  last_seen_at: Timestamp.nullable(),
  /** active: seen within the last hour; idle otherwise (spec 3 section 2.8). */
  status: z.enum(['active', 'idle']),
  /** Member of the active pool (the Elite Pool in fixed mode). */
  is_active: z.boolean(),
  /** False until an admin saved the trader's profile for the first time. */
  has_profile: z.boolean(),
  weight: Percent,
  tier: TraderTierSchema,
  /** The admin table's label: "Corpus", "Senior" or "Regular". */
  tier_label: z.string(),
  specialization: SpecializationSchema.nullable(),
  kyc_verified: z.boolean(),
  ...ScoreFields,
});
export type AdminTrader = z.infer<typeof AdminTraderSchema>;

export const AdminTraderListSchema = z.strictObject({ traders: z.array(AdminTraderSchema), pool: ElitePoolCheckSchema });

export const UpdateTraderInputSchema = z.strictObject({
  weight: z
    .number(TRADING_MESSAGES.weightInvalid)
    .min(0, TRADING_MESSAGES.weightInvalid)
    .max(100, TRADING_MESSAGES.weightInvalid)
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, TRADING_MESSAGES.weightInvalid),
  specialization: SpecializationSchema.nullable(),
  kyc_verified: z.boolean(),
  is_active: z.boolean(),
});
export type UpdateTraderInput = z.infer<typeof UpdateTraderInputSchema>;

// ---------------------------------------------------------------- settings (admin)

const TimeOfDaySchema = z.string(TRADING_MESSAGES.timeInvalid).refine(isTimeOfDay, TRADING_MESSAGES.timeInvalid);

export const TradingSettingsSchema = z.strictObject({
  consensus_mode: ConsensusModeSchema,
  confirmation_threshold: z.number().int(),
  exit_threshold: z.number().int(),
  /** Wall-clock times in submission_time_zone (America/New_York). */
  submission_window_start: z.string(),
  submission_window_end: z.string(),
  submission_time_zone: z.string(),
  /** Today's window in UTC (it moves by an hour across daylight-saving changes). */
  submission_window_today: z.strictObject({ date: z.string(), starts_at: Timestamp, ends_at: Timestamp, is_open: z.boolean() }),
  max_consensus_size: z.number().int(),
  performance_weight_enabled: z.boolean(),
  asset_specialization_enabled: z.boolean(),
  updated_at: Timestamp.nullable(),
  ranges: z.strictObject({
    confirmation_threshold: z.strictObject({ min: z.number(), max: z.number(), default: z.number() }),
    exit_threshold: z.strictObject({ min: z.number(), max: z.number(), default: z.number() }),
    max_consensus_size: z.strictObject({ min: z.number(), max: z.number(), default: z.number() }),
  }),
});
export type TradingSettings = z.infer<typeof TradingSettingsSchema>;

/** PUT /api/trading/admin/settings: any subset (the mode switch sends consensus_mode alone). */
export const UpdateTradingSettingsInputSchema = z
  .strictObject({
    consensus_mode: ConsensusModeSchema,
    confirmation_threshold: z
      .number(TRADING_MESSAGES.confirmationInvalid)
      .int(TRADING_MESSAGES.confirmationInvalid)
      .min(THRESHOLD_RANGES.confirmation.min, TRADING_MESSAGES.confirmationInvalid)
      .max(THRESHOLD_RANGES.confirmation.max, TRADING_MESSAGES.confirmationInvalid),
    exit_threshold: z
      .number(TRADING_MESSAGES.exitInvalid)
      .int(TRADING_MESSAGES.exitInvalid)
      .min(THRESHOLD_RANGES.exit.min, TRADING_MESSAGES.exitInvalid)
      .max(THRESHOLD_RANGES.exit.max, TRADING_MESSAGES.exitInvalid),
    submission_window_start: TimeOfDaySchema,
    submission_window_end: TimeOfDaySchema,
    max_consensus_size: z
      .number(TRADING_MESSAGES.maxConsensusSizeInvalid)
      .int(TRADING_MESSAGES.maxConsensusSizeInvalid)
      .min(MAX_CONSENSUS_SIZE_RANGE.min, TRADING_MESSAGES.maxConsensusSizeInvalid)
      .max(MAX_CONSENSUS_SIZE_RANGE.max, TRADING_MESSAGES.maxConsensusSizeInvalid),
    performance_weight_enabled: z.boolean(),
    asset_specialization_enabled: z.boolean(),
  })
  .partial();
export type UpdateTradingSettingsInput = z.infer<typeof UpdateTradingSettingsInputSchema>;

// ---------------------------------------------------------------- consensus status, leaderboard, stats (admin)

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
});
export const LeaderboardSchema = z.strictObject({ rows: z.array(LeaderboardRowSchema), accuracy_label: z.string() });
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

// ---------------------------------------------------------------- trader desk

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

// ---------------------------------------------------------------- compass (every role, plan-gated)

export const CompassAccessSchema = z.strictObject({
  level: CompassAccessLevelSchema,
  has_plan: z.boolean(),
  premium_locked: z.boolean(),
  /**
   * Why premium is locked for a trial user: the trial day it unlocks on (3, the staged unlocks of
   * the 7-day trial) while their trial has not reached it. Null when premium is open, or locked
   * until a plan (preview, no running trial).
   */
  premium_unlocks_on_trial_day: z.number().int().nullable(),
  locked_timeframe_codes: z.array(z.string()),
  /** 120 for preview access, else 0. */
  delay_minutes: z.number().int(),
  asset_limit: z.number().int().nullable(),
  history_hours: z.number().int().nullable(),
  /** The instant the data shown stops at (now minus the delay). */
  data_as_of: Timestamp,
  /** The plan giving access (its card's features apply), null without one. */
  plan_id: PlanIdSchema.nullable(),
  /**
   * A plan with an asset limit: the assets the viewer picked (the first ones until they pick);
   * the grid shows the others as rows of locked cells. Null: no pick applies.
   */
  picked_asset_ids: z.array(z.string()).nullable(),
  /** The closed window's trader breakdown is open to the viewer (GET /api/trading/breakdown). */
  trader_breakdown: z.boolean(),
});
export type CompassAccessInfo = z.infer<typeof CompassAccessSchema>;

export const LockedCellSchema = z.strictObject({ locked: z.literal(true) });
export const OpenCellSchema = z.strictObject({
  locked: z.literal(false),
  has_data: z.boolean(),
  traffic_light: TrafficLightSchema,
  /** Strict top of the shares shown (null: no votes, or a tie). */
  current_bias: BiasSchema.nullable(),
  /** The top share rounded to a whole percent, as the grid cell shows it. */
  top_percentage: z.number().int().nullable(),
  long_percentage: Percent,
  short_percentage: Percent,
  neutral_percentage: Percent,
  total_votes: z.number().int(),
  /** The shares are the live shares of an open window (else of the last closed window). */
  window_open: z.boolean(),
  /** The standing confirmed consensus (hysteresis state), which may differ from current_bias. */
  confirmed_bias: BiasSchema.nullable(),
  last_updated: Timestamp.nullable(),
});
export const GridCellSchema = z.discriminatedUnion('locked', [LockedCellSchema, OpenCellSchema]);
export type GridCell = z.infer<typeof GridCellSchema>;

export const GridTimeframeSchema = TimeframeRefSchema.extend({ premium: z.boolean(), locked: z.boolean() });

export const SentimentGridSchema = z.strictObject({
  access: CompassAccessSchema,
  generated_at: Timestamp,
  assets: z.array(AssetRefSchema),
  timeframes: z.array(GridTimeframeSchema),
  /** The stored consensus thresholds (System Command Center), in whole percent. */
  thresholds: z.strictObject({ confirmation_percentage: z.number().int(), exit_percentage: z.number().int() }),
  /** grid[assetId][timeframeId]; locked cells carry no figures. */
  grid: z.record(z.string(), z.record(z.string(), GridCellSchema)),
});
export type SentimentGrid = z.infer<typeof SentimentGridSchema>;

export const CellQuerySchema = z.object({ asset_id: z.uuid('Choose an asset.'), timeframe_id: z.uuid('Choose a timeframe.') });

export const SentimentDetailSchema = z.strictObject({
  access: CompassAccessSchema,
  asset: AssetRefSchema,
  timeframe: GridTimeframeSchema,
  cell: GridCellSchema,
  /** The open window of the cell (live access and unlocked only). */
  open_window: z.strictObject({ id: z.string(), opened_at: Timestamp, closes_at: Timestamp, total_votes: z.number().int() }).nullable(),
});

export const ConsensusEventSchema = z.strictObject({
  id: z.string(),
  event_type: ConsensusEventTypeSchema,
  asset: AssetRefSchema,
  timeframe: TimeframeRefSchema,
  window_id: z.string(),
  confirmed_bias: BiasSchema.nullable(),
  consensus_percentage: Percent.nullable(),
  timestamp: Timestamp,
});
export type ConsensusEvent = z.infer<typeof ConsensusEventSchema>;

export const EventsQuerySchema = z.object({
  asset_id: z.uuid('Unknown asset.').optional(),
  timeframe_id: z.uuid('Unknown timeframe.').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
export const EventListSchema = z.strictObject({ access: CompassAccessSchema, events: z.array(ConsensusEventSchema) });

export const HistoryQuerySchema = CellQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const HistoryPointSchema = z.strictObject({
  window_id: z.string(),
  opened_at: Timestamp,
  closed_at: Timestamp,
  long_percentage: Percent,
  short_percentage: Percent,
  neutral_percentage: Percent,
  total_votes: z.number().int(),
  top_bias: BiasSchema.nullable(),
  confirmed_bias: BiasSchema.nullable(),
});
export const SentimentHistorySchema = z.strictObject({
  access: CompassAccessSchema,
  asset: AssetRefSchema,
  timeframe: GridTimeframeSchema,
  locked: z.boolean(),
  /** Oldest first, ready for a chart. */
  points: z.array(HistoryPointSchema),
});

// ---------------------------------------------------------------- flow chart (admin)

export const FlowRangeSchema = z.enum(['24h', '7d', '30d']);
export type FlowRange = z.infer<typeof FlowRangeSchema>;
export const FlowQuerySchema = z.object({ range: FlowRangeSchema.default('24h') });

export const FlowTraderSchema = z.strictObject({
  user_id: z.string(),
  name: z.string(),
  email_local: z.string(),
  weight: Percent,
  tier: TraderTierSchema,
  status: z.enum(['active', 'idle']),
  last_seen_at: Timestamp.nullable(),
  votes_in_range: z.number().int(),
  accuracy: Percent.nullable(),
});

export const FlowChartSchema = z.strictObject({
  range: FlowRangeSchema,
  since: Timestamp,
  generated_at: Timestamp,
  /** The active pool by tier (1 lead, 3 senior, 9 regular when the pool is complete). */
  hierarchy: z.strictObject({ lead: z.array(FlowTraderSchema), senior: z.array(FlowTraderSchema), regular: z.array(FlowTraderSchema) }),
  activity: z.strictObject({
    windows_opened: z.number().int(),
    votes_cast: z.number().int(),
    consensus_confirmed: z.number().int(),
    consensus_exits: z.number().int(),
    /** Hourly buckets for 24h, daily for 7d and 30d, oldest first. */
    buckets: z.array(z.strictObject({ start: Timestamp, windows_opened: z.number().int(), votes_cast: z.number().int() })),
  }),
});
export type FlowChart = z.infer<typeof FlowChartSchema>;

/** Admin only: who voted how. */
export const VoterDetailSchema = z.strictObject({
  trader_id: z.string(),
  trader_email_local: z.string(),
  weight: Percent,
  bias: BiasSchema,
  confidence: z.number().int(),
});
export type VoterDetail = z.infer<typeof VoterDetailSchema>;

export const DetailedWindowSchema = z.strictObject({
  window_id: z.string(),
  asset_symbol: z.string(),
  asset_name: z.string(),
  timeframe_name: z.string(),
  status: z.enum(['open', 'closed']),
  mode: ConsensusModeSchema,
  total_votes: z.number().int(),
  pool_size: z.number().int(),
  missing_traders: z.number().int(),
  long_percentage: Percent,
  short_percentage: Percent,
  neutral_percentage: Percent,
  consensus_reached: z.boolean(),
  final_consensus: BiasSchema.nullable(),
  opened_at: Timestamp,
  closes_at: Timestamp,
  closed_at: Timestamp.nullable(),
  opened_by_trader_id: z.string().nullable(),
  opened_by_email_local: z.string().nullable(),
  voter_details: z.array(VoterDetailSchema.extend({ created_at: Timestamp })),
});
export const DetailedWindowListSchema = z.strictObject({ windows: z.array(DetailedWindowSchema) });
export const DetailedWindowsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(6) });

// ---------------------------------------------------------------- live events (payloads)

const WindowRefFields = {
  window_id: z.string(),
  asset_id: z.string(),
  asset_symbol: z.string(),
  timeframe_id: z.string(),
  timeframe_code: z.string(),
};

/** To traders and admins when a window opens. The initiator is always "A trader" here. */
export const PositionInitiatedPayloadSchema = z.strictObject({
  ...WindowRefFields,
  opened_at: Timestamp,
  closes_at: Timestamp,
  time_remaining_seconds: z.number().int(),
  initiator: z.string(),
});

/** To traders on each vote: no bias counts (sealed voting), no identity. */
export const VoteUpdateTraderPayloadSchema = z.strictObject({ ...WindowRefFields, total_votes: z.number().int(), pool_size: z.number().int(), closes_at: Timestamp, at: Timestamp });

/** To compass viewers on each vote: activity only, no figures (paid data stays behind the API). */
export const VoteUpdateSubscriberPayloadSchema = z.strictObject({ ...WindowRefFields, total_votes: z.number().int(), at: Timestamp });

/** To compass viewers: the grid changed, refetch it (from the server's cache). */
export const TradingCompassUpdatePayloadSchema = z.strictObject({
  reason: z.enum(['window_opened', 'vote', 'window_closed', 'market_changed']),
  asset_id: z.string().nullable(),
  asset_symbol: z.string().nullable(),
  timeframe_id: z.string().nullable(),
  timeframe_code: z.string().nullable(),
  at: Timestamp,
});

/** To traders when a window closes: the anonymous result. */
export const ConsensusFinalTraderPayloadSchema = z.strictObject({
  ...WindowRefFields,
  closed_at: Timestamp,
  close_reason: z.enum(['all_voted', 'time']),
  total_votes: z.number().int(),
  consensus_reached: z.boolean(),
  final_bias: BiasSchema.nullable(),
  consensus_percentage: Percent.nullable(),
  long_percentage: Percent,
  short_percentage: Percent,
  neutral_percentage: Percent,
  /** The standing consensus after this close (hysteresis). */
  standing_bias: BiasSchema.nullable(),
});

/** To admins on each vote: who voted how, with weights. */
export const VoteUpdateAdminPayloadSchema = z.strictObject({
  ...WindowRefFields,
  total_votes: z.number().int(),
  pool_size: z.number().int(),
  long_percentage: Percent,
  short_percentage: Percent,
  neutral_percentage: Percent,
  voter: VoterDetailSchema,
  at: Timestamp,
});

/** To admins when a window closes: the result with every voter. */
export const ConsensusFinalAdminPayloadSchema = ConsensusFinalTraderPayloadSchema.extend({
  voters: z.array(VoterDetailSchema),
  events: z.array(z.strictObject({ event_type: ConsensusEventTypeSchema, bias: BiasSchema.nullable(), percentage: Percent.nullable() })),
});

const PositionInitiatedEventSchema = z.object({ id: z.number().int(), kind: z.literal('position_initiated'), payload: PositionInitiatedPayloadSchema });
const VoteUpdateAdminEventSchema = z.object({ id: z.number().int(), kind: z.literal('vote_update_admin'), payload: VoteUpdateAdminPayloadSchema });
const ConsensusFinalAdminEventSchema = z.object({ id: z.number().int(), kind: z.literal('consensus_final_admin'), payload: ConsensusFinalAdminPayloadSchema });

/** The trading members of the live socket's LiveEventSchema (packages/domain/src/schemas/notifications.ts). */
export const TRADING_LIVE_EVENT_SCHEMAS = [
  PositionInitiatedEventSchema,
  z.object({ id: z.number().int(), kind: z.literal('vote_update_trader'), payload: VoteUpdateTraderPayloadSchema }),
  z.object({ id: z.number().int(), kind: z.literal('vote_update_subscriber'), payload: VoteUpdateSubscriberPayloadSchema }),
  z.object({ id: z.number().int(), kind: z.literal('trading_compass_update'), payload: TradingCompassUpdatePayloadSchema }),
  z.object({ id: z.number().int(), kind: z.literal('consensus_final_trader'), payload: ConsensusFinalTraderPayloadSchema }),
  VoteUpdateAdminEventSchema,
  ConsensusFinalAdminEventSchema,
] as const;

/** Who receives each trading kind (role-scoped broadcast: one stored row, every holder of a role). */
export const TRADING_EVENT_AUDIENCES = {
  position_initiated: ['trader', 'admin'],
  vote_update_trader: ['trader'],
  consensus_final_trader: ['trader'],
  vote_update_subscriber: 'compass',
  trading_compass_update: 'compass',
  vote_update_admin: ['admin'],
  consensus_final_admin: ['admin'],
} as const;

const created = { created_at: Timestamp };
/** GET /api/trading/admin/feed: the flow chart's live feed as stored, newest first. */
export const FlowFeedItemSchema = z.discriminatedUnion('kind', [
  PositionInitiatedEventSchema.extend(created),
  VoteUpdateAdminEventSchema.extend(created),
  ConsensusFinalAdminEventSchema.extend(created),
]);
export type FlowFeedItem = z.infer<typeof FlowFeedItemSchema>;
export const FlowFeedSchema = z.strictObject({ events: z.array(FlowFeedItemSchema) });
export const FlowFeedQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });
