import { z } from 'zod';
import { BiasSchema, ConsensusEventTypeSchema } from './common.ts';
import { Percent, Timestamp } from './fields.ts';
import { VoterDetailSchema } from './flow.ts';

// Live events (payloads) of trading, and the admin flow feed that lists them as stored.

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
