import { z } from 'zod';
import { COMPASS_ACCESS_LEVELS } from '../../trading/compass-access.ts';
import { TRADER_TIERS } from '../../trading/trader-tiers.ts';
import {
  ASSET_CLASSES,
  BIASES,
  CONSENSUS_EVENT_TYPES,
  CONSENSUS_MODES,
  MAX_CONSENSUS_SIZE_RANGE,
  SPECIALIZATIONS,
  THRESHOLD_RANGES,
  TRAFFIC_LIGHTS,
  VOTE_NOTE_MAX,
} from '../../trading/trading-rules.ts';

/*
 * The trading API contract (issue 7), one file per area in this folder; this one holds what the areas share. Every response that a non-admin can receive is a strict
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

export const TradingIdParamsSchema = z.object({ id: z.uuid('Unknown id.') });
export const TraderIdParamsSchema = z.object({ userId: z.uuid('Unknown trader.') });

export const AssetRefSchema = z.strictObject({ id: z.string(), symbol: z.string(), name: z.string(), asset_class: AssetClassSchema });
export type AssetRef = z.infer<typeof AssetRefSchema>;
export const TimeframeRefSchema = z.strictObject({ id: z.string(), code: z.string(), label: z.string(), minutes: z.number().int() });
export type TimeframeRef = z.infer<typeof TimeframeRefSchema>;

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
