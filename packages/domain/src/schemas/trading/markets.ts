import { z } from 'zod';
import { ASSET_CLASSES } from '../../trading/trading-rules.ts';
import { AssetClassSchema, AssetRefSchema, TimeframeRefSchema, TRADING_MESSAGES } from './common.ts';
import { Timestamp } from './fields.ts';

// Assets and timeframes: the admin catalogue and the lists every trading screen reads.

/** Asset and timeframe API paths: the lists every trading screen reads and the admin catalogue. */
export const tradingMarketPaths = {
  assets: '/api/trading/assets',
  timeframes: '/api/trading/timeframes',
  adminAssets: '/api/trading/admin/assets',
  adminAsset: '/api/trading/admin/assets/:id',
  adminTimeframes: '/api/trading/admin/timeframes',
  adminTimeframe: '/api/trading/admin/timeframes/:id',
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
