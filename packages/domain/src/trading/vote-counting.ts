import { isWithinSubmissionWindow, type SubmissionWindow } from './submission-window.ts';
import { shrunkHitRate } from './track-record.ts';
import { ELITE_POOL, type ConsensusMode, type Specialization } from './trading-rules.ts';

/** What a window was opened under: its mode and how many votes it takes (the pool size). */
export type WindowRules = {
  mode: ConsensusMode;
  /** Fixed mode: the Elite Pool (13). Open mode: the max consensus size (1-20). */
  poolSize: number;
  /** Open mode only: the daily submission window votes must fall in. */
  submissionWindow: SubmissionWindow | null;
  /** Open mode only: weight counted votes by the trader's performance score. */
  performanceWeighting: boolean;
  /** Open mode only: a specialist whose specialization suits the timeframe counts double. */
  assetSpecialization: boolean;
};

export function windowRulesFor(settings: {
  mode: ConsensusMode;
  maxConsensusSize: number;
  submissionWindow: SubmissionWindow;
  performanceWeighting: boolean;
  assetSpecialization: boolean;
}): WindowRules {
  if (settings.mode === 'fixed') {
    return { mode: 'fixed', poolSize: ELITE_POOL.size, submissionWindow: null, performanceWeighting: false, assetSpecialization: false };
  }
  return {
    mode: 'open',
    poolSize: settings.maxConsensusSize,
    submissionWindow: settings.submissionWindow,
    performanceWeighting: settings.performanceWeighting,
    assetSpecialization: settings.assetSpecialization,
  };
}

export type Submission = { id: string; createdAt: Date };

/**
 * The submissions that count, in order: fixed mode takes the first 13; open mode the first N
 * made inside the daily submission window. Sorted by time then id, so input order never matters.
 */
export function selectCountedSubmissions<T extends Submission>(submissions: readonly T[], rules: WindowRules): T[] {
  const ordered = [...submissions].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const eligible = rules.submissionWindow ? ordered.filter((s) => isWithinSubmissionWindow(s.createdAt, rules.submissionWindow!)) : ordered;
  return eligible.slice(0, rules.poolSize);
}

export type VoteRefusal = 'window_full' | 'outside_submission_window' | null;

/** Why a new submission at `now` would not count (and is therefore refused), or null. */
export function refuseSubmission(params: { now: Date; countedSoFar: number; rules: WindowRules }): VoteRefusal {
  if (params.rules.submissionWindow && !isWithinSubmissionWindow(params.now, params.rules.submissionWindow)) return 'outside_submission_window';
  if (params.countedSoFar >= params.rules.poolSize) return 'window_full';
  return null;
}

/** Which specializations suit a timeframe of `minutes`: scalpers up to M15, positional from D1... */
export function specializationFits(specialization: Specialization | null, minutes: number): boolean {
  switch (specialization) {
    case 'scalper':
      return minutes <= 15;
    case 'intraday':
      return minutes > 15 && minutes <= 240;
    case 'momentum':
      return minutes >= 60 && minutes <= 1440;
    case 'positional':
      return minutes >= 1440;
    default:
      return false;
  }
}

/**
 * Performance weighting (decision 072): a vote weighs the trader's shrunk market hit rate,
 * (hits + 10) / (scored + 20), in tenths of a percent. A trader with no scored vote weighs 50.0;
 * relative to them a trader weighs shrunk / 0.5.
 */
/** A trader's market record known at some instant: votes scored hit or miss. */
export type MarketRecord = { hits: number; scored: number };

export const NO_MARKET_RECORD: MarketRecord = { hits: 0, scored: 0 };

/** The weight (tenths) of a vote under performance weighting: the shrunk hit rate in tenths of a percent, at least 1. */
export function performanceWeightTenths(record: MarketRecord | null): number {
  const { hits, scored } = record ?? NO_MARKET_RECORD;
  if (!Number.isInteger(hits) || !Number.isInteger(scored) || hits < 0 || scored < hits) throw new RangeError(`invalid market record ${hits}/${scored}`);
  return Math.max(1, Math.round(shrunkHitRate(hits, scored) * 1000));
}

/**
 * The weight (tenths) a vote carries. Fixed mode: the trader's weight. Open mode: 1.0 each, or the
 * trader's shrunk market hit rate as known when the vote is cast (`performanceWeightTenths`) with
 * performance weighting; doubled for a fitting specialist when asset specialization is on.
 */
export function voteWeightTenths(params: {
  rules: WindowRules;
  traderWeightTenths: number;
  marketRecord: MarketRecord | null;
  specialization: Specialization | null;
  timeframeMinutes: number;
}): number {
  if (params.rules.mode === 'fixed') return params.traderWeightTenths;
  const base = params.rules.performanceWeighting ? performanceWeightTenths(params.marketRecord) : 10;
  return params.rules.assetSpecialization && specializationFits(params.specialization, params.timeframeMinutes) ? base * 2 : base;
}
