import { decideConsensus, tallyVotes } from './consensus.ts';
import { outcomeOf, summarizeCounts, type CallOutcome, type TrackRecordSummary } from './track-record.ts';
import type { Bias, Specialization } from './trading-rules.ts';
import { NO_MARKET_RECORD, selectCountedSubmissions, voteWeightTenths, type MarketRecord, type WindowRules } from './vote-counting.ts';

/**
 * Performance weights from the market (issue 32 item 5, decision 072). With performance weighting
 * a vote weighs the trader's shrunk market hit rate, (hits + 10) / (scored + 20) (decision 062),
 * in percent with tenths: a trader with no scored vote weighs 50.0, 3 of 3 weighs 56.5, 200 of 300
 * weighs 65.6. Relative to a trader without a record the multiplier is shrunk / 0.5 (0.5 to 2).
 * The engine (`voteWeightTenths`, `performanceWeightTenths`) and the admin's backtest below use the same functions.
 */

/** One scored vote of a trader: when its outcome became knowable (its window's horizon) and the outcome. */
export type ScoredVoteAt = { horizonAt: Date; outcome: 'hit' | 'miss' };

/**
 * A trader's record as known at `cutoff`: only votes whose horizon is at or before it (no
 * look-ahead). `scored` must be sorted by horizon (oldest first); binary search, so a backtest over
 * many votes stays linear-logarithmic.
 */
export function marketRecordAt(scored: readonly ScoredVoteAt[], cumulativeHits: readonly number[], cutoff: Date): MarketRecord {
  const at = cutoff.getTime();
  let low = 0;
  let high = scored.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (scored[middle]!.horizonAt.getTime() <= at) low = middle + 1;
    else high = middle;
  }
  return { scored: low, hits: low === 0 ? 0 : cumulativeHits[low - 1]! };
}

/** A trader's scored votes sorted by horizon with running hit counts, ready for `marketRecordAt`. */
export function indexScoredVotes(votes: Iterable<ScoredVoteAt>): { scored: ScoredVoteAt[]; cumulativeHits: number[] } {
  const scored = [...votes].sort((a, b) => a.horizonAt.getTime() - b.horizonAt.getTime());
  const cumulativeHits: number[] = [];
  let hits = 0;
  for (const vote of scored) {
    if (vote.outcome === 'hit') hits += 1;
    cumulativeHits.push(hits);
  }
  return { scored, cumulativeHits };
}

// --- The backtest ---------------------------------------------------------------------------

export type BacktestVote = {
  id: string;
  traderId: string;
  bias: Bias;
  /** The weight the vote was cast with (stored). */
  weightTenths: number;
  createdAt: Date;
  specialization: Specialization | null;
};

export type BacktestWindow = {
  id: string;
  timeframeId: string;
  timeframeMinutes: number;
  rules: WindowRules;
  confirmationThreshold: number;
  exitThreshold: number;
  /** What the market did over the window's horizon (stored prices and band); null while awaiting prices. */
  direction: Bias | null;
  votes: readonly BacktestVote[];
};

export type Weighting = 'fixed' | 'performance';

/**
 * The bias a window confirms under a weighting: the engine's own counting (`selectCountedSubmissions`,
 * `tallyVotes`, `decideConsensus`). `fixed` counts each vote with the weight it was cast with, so
 * it reproduces the stored consensus; `performance` re-weights each counted vote with
 * `voteWeightTenths` under performance weighting, the trader's record taken as known when the vote
 * was cast (`recordAt`), as the engine does when a vote comes in.
 */
export function consensusUnder(window: BacktestWindow, weighting: Weighting, recordAt: (traderId: string, at: Date) => MarketRecord): Bias | null {
  const counted = selectCountedSubmissions(window.votes, window.rules);
  const weighted = counted.map((vote) => ({
    bias: vote.bias,
    weightTenths:
      weighting === 'fixed'
        ? vote.weightTenths
        : voteWeightTenths({
            rules: { ...window.rules, mode: 'open', performanceWeighting: true },
            traderWeightTenths: vote.weightTenths,
            marketRecord: recordAt(vote.traderId, vote.createdAt),
            specialization: vote.specialization,
            timeframeMinutes: window.timeframeMinutes,
          }),
  }));
  // Whether a bias confirms does not depend on the standing consensus (hysteresis only decides exits).
  return decideConsensus(tallyVotes(weighted), { confirmation: window.confirmationThreshold, exit: window.exitThreshold }, null).confirmedBias;
}

export type BacktestSide = { calls: number; summary: TrackRecordSummary };
export type BacktestRow = { timeframeId: string; windows: number; changedCalls: number; fixed: BacktestSide; performance: BacktestSide };

/**
 * The consensus hit rate per timeframe with the weights as cast and with performance weights:
 * each closed window's consensus re-derived from its votes under both, scored against the market's
 * direction over its horizon. A window confirming nothing makes no call; a call awaiting prices
 * is not scored. Traders' records come from `scoredVotes` (per trader) with no look-ahead.
 */
export function backtestPerformanceWeights(windows: readonly BacktestWindow[], scoredVotes: ReadonlyMap<string, readonly ScoredVoteAt[]>): BacktestRow[] {
  const indexed = new Map([...scoredVotes].map(([traderId, votes]) => [traderId, indexScoredVotes(votes)]));
  const recordAt = (traderId: string, at: Date): MarketRecord => {
    const trader = indexed.get(traderId);
    return trader ? marketRecordAt(trader.scored, trader.cumulativeHits, at) : NO_MARKET_RECORD;
  };
  const rows = new Map<string, { windows: number; changed: number; fixed: Counts; performance: Counts }>();
  for (const window of windows) {
    const row = rows.get(window.timeframeId) ?? { windows: 0, changed: 0, fixed: emptyCounts(), performance: emptyCounts() };
    const fixed = consensusUnder(window, 'fixed', recordAt);
    const performance = consensusUnder(window, 'performance', recordAt);
    row.windows += 1;
    if (fixed !== performance) row.changed += 1;
    count(row.fixed, fixed, window.direction);
    count(row.performance, performance, window.direction);
    rows.set(window.timeframeId, row);
  }
  return [...rows].map(([timeframeId, row]) => ({
    timeframeId,
    windows: row.windows,
    changedCalls: row.changed,
    fixed: { calls: row.fixed.calls, summary: summarizeCounts(row.fixed.hits, row.fixed.scored) },
    performance: { calls: row.performance.calls, summary: summarizeCounts(row.performance.hits, row.performance.scored) },
  }));
}

type Counts = { calls: number; scored: number; hits: number };
const emptyCounts = (): Counts => ({ calls: 0, scored: 0, hits: 0 });

function count(counts: Counts, bias: Bias | null, direction: Bias | null): void {
  if (bias === null) return;
  counts.calls += 1;
  const outcome: CallOutcome = outcomeOf(bias, direction);
  if (outcome === 'awaiting_prices') return;
  counts.scored += 1;
  if (outcome === 'hit') counts.hits += 1;
}

/** Every timeframe's rows added up (the backtest's total line), intervals recomputed from the counts. */
export function combineBacktestRows(rows: readonly BacktestRow[]): Omit<BacktestRow, 'timeframeId'> {
  const add = (side: 'fixed' | 'performance'): BacktestSide => {
    const calls = rows.reduce((sum, row) => sum + row[side].calls, 0);
    const scored = rows.reduce((sum, row) => sum + row[side].summary.scored, 0);
    const hits = rows.reduce((sum, row) => sum + row[side].summary.hits, 0);
    return { calls, summary: summarizeCounts(hits, scored) };
  };
  return {
    windows: rows.reduce((sum, row) => sum + row.windows, 0),
    changedCalls: rows.reduce((sum, row) => sum + row.changedCalls, 0),
    fixed: add('fixed'),
    performance: add('performance'),
  };
}
