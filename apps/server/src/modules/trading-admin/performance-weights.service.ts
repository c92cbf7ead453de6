import type { DbOrTx } from '@myeai/db';
import {
  backtestPerformanceWeights,
  combineBacktestRows,
  horizonOf,
  marketDirection,
  SHRINK_PRIOR_WEIGHT,
  type BacktestRow,
  type BacktestVote,
  type BacktestWindow,
  type Bias,
  type PerformanceWeightsBacktest,
  type ScoredVoteAt,
  type WindowRules,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { getEngineSettings, listTimeframes, specializationOf, toTimeframeRef } from '../trading/index.ts';
import { selectClosedWindowVotes, selectClosedWindowsWithScores, selectScoredVoteOutcomes } from './performance-weights.queries.ts';

/**
 * The admin's backtest before switching performance weighting on (issue 32 item 5, decision 072):
 * every stored closed window's consensus re-derived from its votes with the weights as cast and
 * with performance weights (the domain's `backtestPerformanceWeights`, the engine's own counting
 * and `voteWeightTenths`), scored against the window's stored prices and band. A trader's record
 * for a vote counts only votes whose horizon had passed when it was cast.
 */
export async function getPerformanceWeightsBacktest(db: DbOrTx, clock: Clock): Promise<PerformanceWeightsBacktest> {
  const [windowRows, voteRows, outcomeRows, settings, timeframes] = await Promise.all([
    selectClosedWindowsWithScores(db),
    selectClosedWindowVotes(db),
    selectScoredVoteOutcomes(db),
    getEngineSettings(db),
    listTimeframes(db, { includeInactive: true }),
  ]);

  const votesByWindow = new Map<string, BacktestVote[]>();
  for (const row of voteRows) {
    const list = votesByWindow.get(row.windowId) ?? [];
    list.push({ id: row.id, traderId: row.traderId, bias: row.bias as Bias, weightTenths: row.weightTenths, createdAt: row.createdAt, specialization: specializationOf(row.specialization) });
    votesByWindow.set(row.windowId, list);
  }
  const windows: BacktestWindow[] = windowRows.map((row) => ({
    id: row.id,
    timeframeId: row.timeframeId,
    timeframeMinutes: row.timeframeMinutes,
    rules: row.rules as WindowRules,
    // Windows closed before thresholds were stored on them: today's settings.
    confirmationThreshold: row.confirmationThreshold ?? settings.confirmationThreshold,
    exitThreshold: row.exitThreshold ?? settings.exitThreshold,
    direction: row.priceAtClose != null && row.priceAtHorizon != null && row.bandBps != null ? marketDirection(row.priceAtClose, row.priceAtHorizon, row.bandBps) : null,
    votes: votesByWindow.get(row.id) ?? [],
  }));
  const scored = new Map<string, ScoredVoteAt[]>();
  for (const row of outcomeRows) {
    if (!row.closedAt) continue;
    const list = scored.get(row.traderId) ?? [];
    list.push({ horizonAt: horizonOf(row.closedAt, row.minutes), outcome: row.outcome as 'hit' | 'miss' });
    scored.set(row.traderId, list);
  }

  const rows = backtestPerformanceWeights(windows, scored);
  const byId = new Map(rows.map((row) => [row.timeframeId, row]));
  return {
    generated_at: clock.now().toISOString(),
    prior_weight: SHRINK_PRIOR_WEIGHT,
    performance_weight_enabled: settings.performanceWeighting,
    timeframes: timeframes.flatMap((timeframe) => {
      const row = byId.get(timeframe.id);
      return row ? [{ timeframe: toTimeframeRef(timeframe), ...figures(row) }] : [];
    }),
    total: figures(combineBacktestRows(rows)),
  };
}

function figures(row: Omit<BacktestRow, 'timeframeId'>) {
  return { windows: row.windows, changed_calls: row.changedCalls, fixed: row.fixed, performance: row.performance };
}
