import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  DEFAULT_SUBMISSION_WINDOW,
  isValidWindowRange,
  isWithinSubmissionWindow,
  MAX_CONSENSUS_SIZE_RANGE,
  submissionWindowAround,
  SUBMISSION_TIME_ZONE,
  THRESHOLD_RANGES,
  TRADING_MESSAGES,
  windowRulesFor,
  type ConsensusMode,
  type SubmissionWindow,
  type TradingSettings,
  type UpdateTradingSettingsInput,
  type WindowRules,
} from '@myeai/domain';
import { readSettingsRow, upsertSettingsRow } from './trading.queries.ts';

/** The consensus settings the engine works with. */
export type EngineSettings = {
  mode: ConsensusMode;
  confirmationThreshold: number;
  exitThreshold: number;
  submissionWindow: SubmissionWindow;
  maxConsensusSize: number;
  performanceWeighting: boolean;
  assetSpecialization: boolean;
  updatedAt: Date | null;
};

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  mode: 'fixed',
  confirmationThreshold: THRESHOLD_RANGES.confirmation.default,
  exitThreshold: THRESHOLD_RANGES.exit.default,
  submissionWindow: { ...DEFAULT_SUBMISSION_WINDOW, timeZone: SUBMISSION_TIME_ZONE },
  maxConsensusSize: MAX_CONSENSUS_SIZE_RANGE.default,
  performanceWeighting: false,
  assetSpecialization: false,
  updatedAt: null,
};

export async function getEngineSettings(db: DbOrTx): Promise<EngineSettings> {
  const row = await readSettingsRow(db);
  if (!row) return { ...DEFAULT_ENGINE_SETTINGS };
  return {
    mode: row.consensusMode as ConsensusMode,
    confirmationThreshold: row.confirmationThreshold,
    exitThreshold: row.exitThreshold,
    submissionWindow: { start: row.submissionWindowStart, end: row.submissionWindowEnd, timeZone: row.submissionTimeZone },
    maxConsensusSize: row.maxConsensusSize,
    performanceWeighting: row.performanceWeightEnabled,
    assetSpecialization: row.assetSpecializationEnabled,
    updatedAt: row.updatedAt,
  };
}

export function rulesFromSettings(settings: EngineSettings): WindowRules {
  return windowRulesFor(settings);
}

export function toSettingsResponse(settings: EngineSettings, now: Date): TradingSettings {
  const today = submissionWindowAround(now, settings.submissionWindow);
  return {
    consensus_mode: settings.mode,
    confirmation_threshold: settings.confirmationThreshold,
    exit_threshold: settings.exitThreshold,
    submission_window_start: settings.submissionWindow.start,
    submission_window_end: settings.submissionWindow.end,
    submission_time_zone: settings.submissionWindow.timeZone,
    submission_window_today: {
      date: today.date,
      starts_at: today.startsAt.toISOString(),
      ends_at: today.endsAt.toISOString(),
      is_open: isWithinSubmissionWindow(now, settings.submissionWindow),
    },
    max_consensus_size: settings.maxConsensusSize,
    performance_weight_enabled: settings.performanceWeighting,
    asset_specialization_enabled: settings.assetSpecialization,
    updated_at: settings.updatedAt?.toISOString() ?? null,
    ranges: {
      confirmation_threshold: { ...THRESHOLD_RANGES.confirmation },
      exit_threshold: { ...THRESHOLD_RANGES.exit },
      max_consensus_size: { ...MAX_CONSENSUS_SIZE_RANGE },
    },
  };
}

/**
 * Applies a partial update to the stored settings (the caller audits it in the same
 * transaction). Ranges are checked by the request schema; the rules between fields here.
 */
export async function saveEngineSettings(db: DbOrTx, now: Date, actorId: string | null, input: UpdateTradingSettingsInput): Promise<{ before: EngineSettings; after: EngineSettings }> {
  const before = await getEngineSettings(db);
  const after: EngineSettings = {
    mode: input.consensus_mode ?? before.mode,
    confirmationThreshold: input.confirmation_threshold ?? before.confirmationThreshold,
    exitThreshold: input.exit_threshold ?? before.exitThreshold,
    submissionWindow: {
      start: input.submission_window_start ?? before.submissionWindow.start,
      end: input.submission_window_end ?? before.submissionWindow.end,
      timeZone: before.submissionWindow.timeZone,
    },
    maxConsensusSize: input.max_consensus_size ?? before.maxConsensusSize,
    performanceWeighting: input.performance_weight_enabled ?? before.performanceWeighting,
    assetSpecialization: input.asset_specialization_enabled ?? before.assetSpecialization,
    updatedAt: now,
  };
  if (after.exitThreshold > after.confirmationThreshold) {
    throw new AppError('VALIDATION', TRADING_MESSAGES.exitAboveConfirmation, [{ path: 'exit_threshold', message: TRADING_MESSAGES.exitAboveConfirmation }]);
  }
  if (!isValidWindowRange(after.submissionWindow.start, after.submissionWindow.end)) {
    throw new AppError('VALIDATION', TRADING_MESSAGES.windowOrder, [{ path: 'submission_window_end', message: TRADING_MESSAGES.windowOrder }]);
  }
  const values = {
    consensusMode: after.mode,
    confirmationThreshold: after.confirmationThreshold,
    exitThreshold: after.exitThreshold,
    submissionWindowStart: after.submissionWindow.start,
    submissionWindowEnd: after.submissionWindow.end,
    submissionTimeZone: after.submissionWindow.timeZone,
    maxConsensusSize: after.maxConsensusSize,
    performanceWeightEnabled: after.performanceWeighting,
    assetSpecializationEnabled: after.assetSpecialization,
    updatedAt: now,
    updatedBy: actorId,
  };
  await upsertSettingsRow(db, values);
  return { before, after };
}
