import { z } from 'zod';
import { MARKET_DATA_PROVIDERS, NEUTRAL_BAND_MAX_BPS, NEUTRAL_BAND_MIN_BPS } from '../../trading/market-data-provider.ts';
import { AssetClassSchema, TimeframeRefSchema } from './common.ts';
import { Timestamp } from './fields.ts';

// The market data provider's state and the admin's neutral bands (issue 32 items 1b and 2, decision 071).

export const marketProviderPaths = {
  provider: '/api/admin/market/provider',
  bands: '/api/admin/market/bands',
} as const;

/** The configured provider, its polls, and which catalogue assets it prices (the others are skipped). */
export const MarketProviderStateSchema = z.strictObject({
  provider: z.enum(MARKET_DATA_PROVIDERS),
  /** The provider's base URL (null with no provider). */
  base_url: z.string().nullable(),
  last_poll_at: Timestamp.nullable(),
  last_success_at: Timestamp.nullable(),
  consecutive_failures: z.number().int(),
  last_error: z.string().nullable(),
  next_poll_at: Timestamp.nullable(),
  /** Admins are alerted after this many failed polls in a row. */
  alert_after: z.number().int(),
  /** Every catalogue asset: the provider's symbol for it, or null when the provider cannot price it (skipped). */
  assets: z.array(z.strictObject({ symbol: z.string(), asset_class: AssetClassSchema, provider_symbol: z.string().nullable() })),
});
export type MarketProviderState = z.infer<typeof MarketProviderStateSchema>;

const BandBps = z.number().int().min(NEUTRAL_BAND_MIN_BPS, `A band is at least ${NEUTRAL_BAND_MIN_BPS} bp.`).max(NEUTRAL_BAND_MAX_BPS, `A band is at most ${NEUTRAL_BAND_MAX_BPS} bps.`);

export const NeutralBandSchema = z.strictObject({
  asset_class: AssetClassSchema,
  timeframe: TimeframeRefSchema,
  /** The band in force (bps). */
  band_bps: z.number().int(),
  /** The default of decision 062 for this asset class and timeframe. */
  default_bps: z.number().int(),
  /** True when the admin set it (band_bps differs from the default). */
  custom: z.boolean(),
  updated_at: Timestamp.nullable(),
});

export const NeutralBandsSchema = z.strictObject({
  bands: z.array(NeutralBandSchema),
  /** Windows and votes whose stored score the change re-scored (0 on a read). */
  rescored: z.strictObject({ windows: z.number().int(), votes: z.number().int() }),
});
export type NeutralBands = z.infer<typeof NeutralBandsSchema>;

/** Bands to set; a band equal to the default clears the override. */
export const NeutralBandsInputSchema = z.strictObject({
  bands: z
    .array(z.strictObject({ asset_class: AssetClassSchema, timeframe_id: z.uuid('Choose a timeframe.'), band_bps: BandBps }))
    .min(1, 'Change at least one band.')
    .max(500),
});
export type NeutralBandsInput = z.infer<typeof NeutralBandsInputSchema>;
