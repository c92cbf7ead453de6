import { z } from 'zod';
import { AssetRefSchema, TimeframeRefSchema } from './trading/common.ts';

/** Trading alert API paths. */
export const tradingAlertsPaths = {
  list: '/api/trading/alerts',
  follow: '/api/trading/alerts/follows/:asset_id/:timeframe_id',
} as const;

/** PUT / DELETE /api/trading/alerts/follows/:asset_id/:timeframe_id */
export const AlertCellParamsSchema = z.object({ asset_id: z.uuid('Choose an asset.'), timeframe_id: z.uuid('Choose a timeframe.') });
export type AlertCellParams = z.infer<typeof AlertCellParamsSchema>;

export const FollowedCellSchema = z.strictObject({
  asset: AssetRefSchema,
  timeframe: TimeframeRefSchema,
  followed_at: z.iso.datetime(),
  /** False while the asset is not among the user's picks: nothing is sent for the cell then. */
  alerting: z.boolean(),
  /** Why the cell sends nothing now (asset not picked), else null. */
  paused_reason: z.string().nullable(),
});
export type FollowedCell = z.infer<typeof FollowedCellSchema>;

/** GET /api/trading/alerts: what the user may follow and what they follow. */
export const TradingAlertsSchema = z.strictObject({
  /** How alerts reach this user: at once, in a daily digest, or not at all (null). */
  frequency: z.enum(['daily', 'immediate']).nullable(),
  /** Why the user may follow nothing (no plan with alerts, trial before its day 7), else null. */
  refusal: z.string().nullable(),
  /** The assets whose cells may be followed; null: every asset. */
  picked_asset_ids: z.array(z.string()).nullable(),
  follows: z.array(FollowedCellSchema),
});
export type TradingAlerts = z.infer<typeof TradingAlertsSchema>;
