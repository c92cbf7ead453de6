import { z } from 'zod';
import { PlanIdSchema } from '../../subscriptions/plans.ts';
import { AssetRefSchema, BiasSchema, CompassAccessLevelSchema, ConsensusEventTypeSchema, TimeframeRefSchema, TrafficLightSchema } from './common.ts';
import { Percent, Timestamp } from './fields.ts';

// The compass (every role, plan-gated): grid, cell detail, events, history.

/** Trading compass API paths. */
export const compassPaths = {
  access: '/api/trading/access',
  grid: '/api/trading/sentiment/grid',
  detail: '/api/trading/sentiment/detail',
  events: '/api/trading/events',
  history: '/api/trading/history',
  breakdown: '/api/trading/breakdown',
  assetPicks: '/api/trading/asset-picks',
} as const;

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
  /** Strict top of the shares shown, those of the last closed window with votes (null: none, or a tie). */
  current_bias: BiasSchema.nullable(),
  /** The top share rounded to a whole percent, as the grid cell shows it. */
  top_percentage: z.number().int().nullable(),
  long_percentage: Percent,
  short_percentage: Percent,
  neutral_percentage: Percent,
  /** Votes counted in the closed window whose shares these are. */
  total_votes: z.number().int(),
  /**
   * The bias the closed window shown confirmed (its share reached the confirmation threshold);
   * null when that window reached no consensus. Only this makes the shares a consensus.
   */
  result_confirmed_bias: BiasSchema.nullable(),
  /**
   * An entry window is open on the pair now (live views only). Its shares are never sent: until it
   * closes, nothing but its vote count is known to a viewer (decision 050).
   */
  window_open: z.boolean(),
  /** Votes cast so far in the open window (null: none open). */
  open_votes: z.number().int().nullable(),
  /** Votes the open window takes (13 in fixed mode; null: none open). */
  open_pool_size: z.number().int().nullable(),
  /** The standing confirmed consensus (hysteresis state), which may differ from current_bias. */
  confirmed_bias: BiasSchema.nullable(),
  /** When the window shown closed (the age of the figures); null without one. */
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
