import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decideConsensus, tallyVotes } from './consensus.ts';
import {
  backtestPerformanceWeights,
  consensusUnder,
  indexScoredVotes,
  marketRecordAt,
  type BacktestVote,
  type BacktestWindow,
  type ScoredVoteAt,
} from './performance-weights.ts';
import type { Bias } from './trading-rules.ts';
import { NO_MARKET_RECORD, performanceWeightTenths, selectCountedSubmissions, type WindowRules } from './vote-counting.ts';

const FIXED: WindowRules = { mode: 'fixed', poolSize: 13, submissionWindow: null, performanceWeighting: false, assetSpecialization: false };
const OPEN: WindowRules = { mode: 'open', poolSize: 5, submissionWindow: null, performanceWeighting: false, assetSpecialization: false };
const T0 = Date.parse('2026-11-01T00:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

function vote(id: string, traderId: string, bias: Bias, weightTenths: number, minute = 0): BacktestVote {
  return { id, traderId, bias, weightTenths, createdAt: at(minute), specialization: null };
}

function window(id: string, votes: BacktestVote[], direction: Bias | null, extra: Partial<BacktestWindow> = {}): BacktestWindow {
  return { id, timeframeId: 'h1', timeframeMinutes: 60, rules: FIXED, confirmationThreshold: 55, exitThreshold: 45, direction, votes, ...extra };
}

describe('performanceWeightTenths: the shrunk market hit rate in tenths of a percent', () => {
  test.each([
    { record: null, expected: 500 },
    { record: { hits: 0, scored: 0 }, expected: 500 },
    { record: { hits: 3, scored: 3 }, expected: 565 },
    { record: { hits: 200, scored: 300 }, expected: 656 },
    { record: { hits: 0, scored: 10 }, expected: 333 },
    { record: { hits: 300, scored: 300 }, expected: 969 },
    { record: { hits: 0, scored: 100_000 }, expected: 1 },
  ])('$record -> $expected', ({ record, expected }) => {
    expect(performanceWeightTenths(record)).toBe(expected);
  });

  test('refuses an impossible record', () => {
    expect(() => performanceWeightTenths({ hits: 4, scored: 3 })).toThrow(RangeError);
    expect(() => performanceWeightTenths({ hits: -1, scored: 3 })).toThrow(RangeError);
  });

  test('property: more hits in the same number of votes never weigh less; always between 1 and 1000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 }), (a, b) => {
        const scored = Math.max(a, b);
        const low = performanceWeightTenths({ hits: Math.min(a, b), scored });
        const high = performanceWeightTenths({ hits: scored, scored });
        return low <= high && low >= 1 && high <= 1000;
      }),
    );
  });
});

describe('marketRecordAt: no look-ahead', () => {
  const votes: ScoredVoteAt[] = [
    { horizonAt: at(120), outcome: 'hit' },
    { horizonAt: at(60), outcome: 'miss' },
    { horizonAt: at(180), outcome: 'hit' },
  ];
  const { scored, cumulativeHits } = indexScoredVotes(votes);

  test.each([
    { minute: 59, expected: { hits: 0, scored: 0 } },
    { minute: 60, expected: { hits: 0, scored: 1 } },
    { minute: 120, expected: { hits: 1, scored: 2 } },
    { minute: 179, expected: { hits: 1, scored: 2 } },
    { minute: 10_000, expected: { hits: 2, scored: 3 } },
  ])('at minute $minute: $expected (a horizon at the cutoff counts, a later one not)', ({ minute, expected }) => {
    expect(marketRecordAt(scored, cumulativeHits, at(minute))).toEqual(expected);
  });
});

describe('consensusUnder and the backtest', () => {
  // Trader a: right twice before minute 500 (horizons at 100 and 200); b: wrong 10 times.
  const history = new Map<string, ScoredVoteAt[]>([
    ['a', [{ horizonAt: at(100), outcome: 'hit' }, { horizonAt: at(200), outcome: 'hit' }]],
    ['b', Array.from({ length: 10 }, (_, i) => ({ horizonAt: at(100 + i), outcome: 'miss' as const }))],
  ]);

  test('fixed weights: the weights as cast; performance weights: the shrunk rates as known at each vote', () => {
    // a (weight 1.0) long, b (weight 2.0) short: fixed gives short 66.7 %.
    const w = window('w1', [vote('v1', 'a', 'long', 10, 500), vote('v2', 'b', 'short', 20, 500)], 'long');
    const recordAt = (traderId: string, when: Date) => {
      const { scored, cumulativeHits } = indexScoredVotes(history.get(traderId) ?? []);
      return marketRecordAt(scored, cumulativeHits, when);
    };
    expect(consensusUnder(w, 'fixed', recordAt)).toBe('short');
    // a: (2+10)/(2+20) = 54.5 % -> 545; b: (0+10)/(10+20) = 33.3 % -> 333: long 62.1 % >= 55.
    expect(consensusUnder(w, 'performance', recordAt)).toBe('long');
    // Cast before any horizon passed, both weigh 50.0: a tie, nothing confirmed.
    const early = window('w0', [vote('v1', 'a', 'long', 10, 50), vote('v2', 'b', 'short', 20, 50)], 'long');
    expect(consensusUnder(early, 'performance', recordAt)).toBeNull();
  });

  test('hand-computed backtest per timeframe with intervals', () => {
    const windows: BacktestWindow[] = [
      // Flips from short (miss) to long (hit) under performance weights.
      window('w1', [vote('v1', 'a', 'long', 10, 500), vote('v2', 'b', 'short', 20, 500)], 'long'),
      // Both long, market long: a hit either way.
      window('w2', [vote('v3', 'a', 'long', 10, 600), vote('v4', 'b', 'long', 20, 600)], 'long'),
      // Awaiting prices: a call, not scored.
      window('w3', [vote('v5', 'a', 'short', 10, 600)], null),
      // Another timeframe: a tie under both (no call).
      window('w4', [vote('v6', 'a', 'long', 10, 0), vote('v7', 'c', 'short', 10, 0)], 'short', { timeframeId: 'd1', timeframeMinutes: 1440 }),
    ];
    const rows = backtestPerformanceWeights(windows, history);
    const h1 = rows.find((row) => row.timeframeId === 'h1')!;
    expect(h1.windows).toBe(3);
    expect(h1.changedCalls).toBe(1);
    expect(h1.fixed).toMatchObject({ calls: 3, summary: { scored: 2, hits: 1, hit_rate: 50 } });
    expect(h1.performance).toMatchObject({ calls: 3, summary: { scored: 2, hits: 2, hit_rate: 100 } });
    // Wilson 95 % of 2/2: 34.2-100.
    expect(h1.performance.summary.ci_low).toBe(34.2);
    const d1 = rows.find((row) => row.timeframeId === 'd1')!;
    expect(d1).toMatchObject({ windows: 1, changedCalls: 0, fixed: { calls: 0, summary: { scored: 0 } }, performance: { calls: 0 } });
  });

  test('open mode counts only the first N submissions under both weightings', () => {
    const votes = [vote('v1', 'a', 'long', 10, 1), vote('v2', 'b', 'long', 10, 2), vote('v3', 'c', 'short', 10, 3)];
    const w = window('w', votes, 'long', { rules: { ...OPEN, poolSize: 2 } });
    expect(consensusUnder(w, 'fixed', () => NO_MARKET_RECORD)).toBe('long');
    expect(consensusUnder(w, 'performance', () => NO_MARKET_RECORD)).toBe('long');
  });

  const biasArb = fc.constantFrom<Bias>('long', 'short', 'neutral');
  const windowArb = fc.record({
    open: fc.boolean(),
    poolSize: fc.integer({ min: 1, max: 13 }),
    confirmation: fc.integer({ min: 45, max: 70 }),
    votes: fc.array(fc.record({ trader: fc.constantFrom('a', 'b', 'c', 'd'), bias: biasArb, weight: fc.integer({ min: 0, max: 1000 }), minute: fc.integer({ min: 0, max: 1000 }) }), { maxLength: 15 }),
  });

  test('property: fixed weights reproduce the consensus the engine stored (the same counting and decision)', () => {
    fc.assert(
      fc.property(windowArb, (spec) => {
        const rules: WindowRules = spec.open ? { ...OPEN, poolSize: spec.poolSize } : FIXED;
        const votes = spec.votes.map((v, i) => vote(`v${i}`, v.trader, v.bias, spec.open ? 10 : v.weight, v.minute));
        const w = window('w', votes, 'long', { rules, confirmationThreshold: spec.confirmation, exitThreshold: 45 > spec.confirmation ? spec.confirmation : 45 });
        // What the engine stores at close (closeLockedWindow): the counted votes, tallied, decided.
        const stored = decideConsensus(tallyVotes(selectCountedSubmissions(votes, rules)), { confirmation: w.confirmationThreshold, exit: w.exitThreshold }, null).confirmedBias;
        return consensusUnder(w, 'fixed', () => ({ hits: 7, scored: 9 })) === stored;
      }),
    );
  });

  test('property: the backtest does not depend on the order of windows or votes, and equal records give the fixed open-mode result', () => {
    fc.assert(
      fc.property(fc.array(windowArb, { maxLength: 6 }), (specs) => {
        const windows = specs.map((spec, n) =>
          window(
            `w${n}`,
            spec.votes.map((v, i) => vote(`w${n}v${i}`, v.trader, v.bias, 10, v.minute)),
            (['long', 'short', 'neutral', null] as const)[n % 4]!,
            { rules: { ...OPEN, poolSize: spec.poolSize }, timeframeId: n % 2 ? 'h1' : 'd1' },
          ),
        );
        const reversed = [...windows].reverse().map((w) => ({ ...w, votes: [...w.votes].reverse() }));
        const a = backtestPerformanceWeights(windows, new Map()).sort((x, y) => x.timeframeId.localeCompare(y.timeframeId));
        const b = backtestPerformanceWeights(reversed, new Map()).sort((x, y) => x.timeframeId.localeCompare(y.timeframeId));
        // No trader has a record: everyone weighs 50.0, which is 1.0 each up to scale.
        return JSON.stringify(a) === JSON.stringify(b) && a.every((row) => row.changedCalls === 0 && JSON.stringify(row.fixed) === JSON.stringify(row.performance));
      }),
    );
  });
});
