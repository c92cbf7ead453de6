import { z } from 'zod';
import { BiasSchema, ConsensusModeSchema, TraderTierSchema } from './common.ts';
import { Percent, Timestamp } from './fields.ts';

// The flow chart and detailed windows (admin).

/** Flow chart, detailed windows and live feed API paths (admin). */
export const tradingFlowPaths = {
  flow: '/api/trading/admin/flow',
  detailedWindows: '/api/trading/admin/windows/detailed',
  feed: '/api/trading/admin/feed',
} as const;

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
