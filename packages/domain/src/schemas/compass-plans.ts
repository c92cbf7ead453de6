import { z } from 'zod';
import { AssetRefSchema, TimeframeRefSchema } from './trading/common.ts';

/*
 * The compass parts of the plan features (issue 13, DESIGN.md decisions 36 and 37): the asset
 * pick of a plan with an asset limit, and the trader breakdown of a closed window.
 */

export const AssetPicksSchema = z.strictObject({
  /** How many assets the user's plan shows (null: every asset, nothing to pick). */
  asset_limit: z.number().int().nullable(),
  /** The assets the user sees now, in the order picked (the first ones of the grid until they pick). */
  picked_asset_ids: z.array(z.string()),
  /** Whether the user chose them (false: the default of the first assets). */
  chosen: z.boolean(),
  /**
   * Picked assets beyond the limit (picked under a larger plan, decision 064): hidden until the
   * user chooses which of all their picks to keep, which is allowed at any time.
   */
  beyond_limit_asset_ids: z.array(z.string()),
  /** The last change of the pick, which the 24-hour rule counts from. */
  changed_at: z.string().nullable(),
  /** When replacing or removing a picked asset is allowed again (null: now). */
  next_change_at: z.string().nullable(),
});
export type AssetPicks = z.infer<typeof AssetPicksSchema>;

export const AssetPicksInputSchema = z.strictObject({
  asset_ids: z.array(z.uuid('Pick only assets shown on the compass.'), 'Pick at least one asset.').min(1, 'Pick at least one asset.').max(100, 'Pick fewer assets.'),
});

export const TierGroupSchema = z.strictObject({
  /** "Lead & Senior" when a tier of fewer than 3 voters was merged into the next. */
  label: z.string(),
  tiers: z.array(z.enum(['lead', 'senior', 'regular'])),
  voter_count: z.number().int(),
  /** The group's share of the window's total vote weight. */
  weight_percentage: z.number().min(0).max(100),
  /** The group's own weighted split. */
  long_percentage: z.number().min(0).max(100),
  short_percentage: z.number().min(0).max(100),
  neutral_percentage: z.number().min(0).max(100),
});
export type TierGroup = z.infer<typeof TierGroupSchema>;

export const TraderBreakdownSchema = z.strictObject({
  asset: AssetRefSchema,
  timeframe: TimeframeRefSchema,
  /** The closed window described (null: none closed with votes yet, or none in the plan's history). */
  window: z.strictObject({ id: z.string(), closed_at: z.string(), total_votes: z.number().int() }).nullable(),
  groups: z.array(TierGroupSchema),
});
export type TraderBreakdown = z.infer<typeof TraderBreakdownSchema>;
