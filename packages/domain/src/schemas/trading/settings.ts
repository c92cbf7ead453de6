import { z } from 'zod';
import { isTimeOfDay } from '../../trading/submission-window.ts';
import { MAX_CONSENSUS_SIZE_RANGE, THRESHOLD_RANGES } from '../../trading/trading-rules.ts';
import { ConsensusModeSchema, TRADING_MESSAGES } from './common.ts';
import { Timestamp } from './fields.ts';

// Settings (admin): consensus thresholds, sizes and the submission window.

/** Trading settings API path (admin). */
export const tradingSettingsPaths = {
  settings: '/api/trading/admin/settings',
} as const;

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
