import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  brierTenThousandths,
  calibrationBins,
  changeHundredthsBps,
  defaultNeutralBandBps,
  formatPrice,
  horizonOf,
  marketDirection,
  MIN_CALLS_TO_JUDGE,
  parsePrice,
  priceAt,
  scoreCall,
  shrunkHitRate,
  summarizeOutcomes,
  trackRecordHeadline,
  wilsonInterval,
  type CallOutcome,
  type PricePoint,
} from './track-record.ts';
import type { Bias } from './trading-rules.ts';

const T0 = new Date('2026-11-20T12:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

describe('prices are exact fixed-point integers', () => {
  test.each([
    ['1.08345', 108_345_000],
    ['64250', 6_425_000_000_000],
    ['0.5', 50_000_000],
    [' 151.123 ', 15_112_300_000],
    ['0.00000001', 1],
  ])('%s reads as %i', (text, units) => {
    expect(parsePrice(text)).toBe(units);
    expect(parsePrice(formatPrice(units))).toBe(units);
  });
  test.each(['0', '-1.2', 'abc', '1.123456789', '1e5', '', '1,5', '100000000000'])('%s is refused', (text) => {
    expect(parsePrice(text)).toBeNull();
  });
});

describe('priceAt: the latest close at or before T, no older than one timeframe', () => {
  const points: PricePoint[] = [
    { time: minutes(0), close: 100 },
    { time: minutes(30), close: 110 },
    { time: minutes(60), close: 120 },
  ];
  test('exactly at a candle', () => expect(priceAt(points, minutes(30), 60 * 60_000)?.close).toBe(110));
  test('between candles: the earlier one (no look-ahead)', () => expect(priceAt(points, minutes(59), 60 * 60_000)?.close).toBe(110));
  test('before every candle: none', () => expect(priceAt(points, minutes(-1), 60 * 60_000)).toBeNull());
  test('exactly one timeframe old: still used', () => expect(priceAt(points, minutes(120), 60 * 60_000)?.close).toBe(120));
  test('older than one timeframe: none', () => expect(priceAt(points, minutes(121), 60 * 60_000)).toBeNull());
});

describe('the scoring rule at the band edges', () => {
  // 10 bps band on a price of 1.00000000: the edge is exactly 1.0010.
  const from = parsePrice('1') as number;
  const edgeUp = parsePrice('1.001') as number;
  const edgeDown = parsePrice('0.999') as number;
  test.each([
    { to: edgeUp + 1, direction: 'long' },
    { to: edgeUp, direction: 'neutral' },
    { to: from, direction: 'neutral' },
    { to: edgeDown, direction: 'neutral' },
    { to: edgeDown - 1, direction: 'short' },
  ])('a move to $to is $direction', ({ to, direction }) => {
    expect(marketDirection(from, to, 10)).toBe(direction);
  });
  test('the change is in hundredths of a bp, rounded half away from zero', () => {
    expect(changeHundredthsBps(from, edgeUp)).toBe(1000);
    expect(changeHundredthsBps(from, edgeDown)).toBe(-1000);
    expect(changeHundredthsBps(200, 201)).toBe(5000);
    expect(changeHundredthsBps(300_000_000, 300_000_001)).toBe(0);
  });

  const tf = 60;
  const closedAt = minutes(0);
  const points = (close: number, horizon: number): PricePoint[] => [
    { time: minutes(-5), close },
    { time: horizonOf(closedAt, tf), close: horizon },
  ];
  const now = minutes(500);
  test.each<{ bias: Bias; to: number; outcome: CallOutcome }>([
    { bias: 'long', to: edgeUp + 1, outcome: 'hit' },
    { bias: 'long', to: edgeUp, outcome: 'miss' },
    { bias: 'short', to: edgeDown - 1, outcome: 'hit' },
    { bias: 'short', to: edgeDown, outcome: 'miss' },
    { bias: 'neutral', to: edgeUp, outcome: 'hit' },
    { bias: 'neutral', to: edgeDown, outcome: 'hit' },
    { bias: 'neutral', to: edgeUp + 1, outcome: 'miss' },
  ])('$bias with a move to $to: $outcome', ({ bias, to, outcome }) => {
    expect(scoreCall({ bias, closedAt, timeframeMinutes: tf, bandBps: 10 }, points(from, to), now).outcome).toBe(outcome);
  });
  test('no price at the horizon, or the horizon not passed yet: awaiting prices', () => {
    const call = { bias: 'long' as const, closedAt, timeframeMinutes: tf, bandBps: 10 };
    expect(scoreCall(call, points(from, edgeUp + 1).slice(0, 1), now)).toMatchObject({ outcome: 'awaiting_prices', changeHundredthsBps: null });
    expect(scoreCall(call, points(from, edgeUp + 1), minutes(59)).outcome).toBe('awaiting_prices');
    expect(scoreCall(call, points(from, edgeUp + 1), minutes(60)).outcome).toBe('hit');
  });
  test('a price at close older than one timeframe is not used', () => {
    const stale: PricePoint[] = [{ time: minutes(-61), close: from }, { time: minutes(60), close: edgeUp + 1 }];
    expect(scoreCall({ bias: 'long', closedAt, timeframeMinutes: tf, bandBps: 10 }, stale, now).outcome).toBe('awaiting_prices');
  });
});

describe('default neutral bands', () => {
  test.each([
    ['forex', 60, 3],
    ['forex', 1440, 13],
    ['crypto', 1440, 75],
    ['indices', 240, 10],
    ['crypto', 5, 4],
    ['forex', 5, 1],
  ] as const)('%s over %i minutes: %i bps', (assetClass, tf, band) => {
    expect(defaultNeutralBandBps(assetClass, tf)).toBe(band);
  });
});

describe('Wilson 95 % intervals against published values (Newcombe 1998, Table I, method 3)', () => {
  test.each([
    { hits: 81, n: 263, low: 0.2553, high: 0.3662 },
    { hits: 15, n: 148, low: 0.0624, high: 0.1605 },
    { hits: 0, n: 20, low: 0, high: 0.1611 },
    { hits: 1, n: 29, low: 0.0061, high: 0.1718 },
  ])('$hits of $n', ({ hits, n, low, high }) => {
    const interval = wilsonInterval(hits, n);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });
  test('78 of 128 reads as the issue writes it', () => {
    expect(trackRecordHeadline(summarizeOutcomes([...Array<CallOutcome>(78).fill('hit'), ...Array<CallOutcome>(50).fill('miss')]))).toBe('61% of 128 calls, 52–69%');
  });
});

describe('Brier score per vote (ten-thousandths)', () => {
  test.each([
    [100, 'hit', 0],
    [100, 'miss', 10000],
    [50, 'hit', 2500],
    [50, 'miss', 2500],
    [80, 'hit', 400],
    [80, 'miss', 6400],
    [0, 'hit', 10000],
  ] as const)('confidence %i, %s: %i', (confidence, outcome, brier) => {
    expect(brierTenThousandths(confidence, outcome)).toBe(brier);
  });
});

describe('the shrunk estimate', () => {
  test('3 lucky calls do not top 300 good ones', () => {
    expect(shrunkHitRate(3, 3)).toBeCloseTo(13 / 23, 10);
    expect(shrunkHitRate(200, 300)).toBeCloseTo(210 / 320, 10);
    expect(shrunkHitRate(3, 3)).toBeLessThan(shrunkHitRate(200, 300));
  });
  test('nothing scored is 50 %', () => expect(shrunkHitRate(0, 0)).toBe(0.5));
});

describe('summaries and calibration', () => {
  test('awaiting calls are not scored; under 20 is too few to judge', () => {
    const outcomes: CallOutcome[] = [...Array<CallOutcome>(10).fill('hit'), ...Array<CallOutcome>(9).fill('miss'), 'awaiting_prices'];
    const summary = summarizeOutcomes(outcomes);
    expect(summary).toMatchObject({ scored: 19, hits: 10, enough_to_judge: false });
    expect(trackRecordHeadline(summary)).toBe('Too few calls to judge (19 scored)');
    expect(summarizeOutcomes([...outcomes, 'miss']).enough_to_judge).toBe(MIN_CALLS_TO_JUDGE === 20);
    expect(summarizeOutcomes([])).toMatchObject({ scored: 0, hit_rate: null, ci_low: null });
  });
  test('calibration bins by stated confidence, edges included', () => {
    const bins = calibrationBins([
      { confidence: 19, outcome: 'hit' },
      { confidence: 20, outcome: 'miss' },
      { confidence: 80, outcome: 'hit' },
      { confidence: 100, outcome: 'miss' },
      { confidence: 90, outcome: 'awaiting_prices' },
    ]);
    expect(bins.map((bin) => bin.votes)).toEqual([1, 1, 0, 0, 2]);
    expect(bins[4]).toMatchObject({ hits: 1, hit_rate: 50, mean_confidence: 90 });
    expect(bins[2]).toMatchObject({ hit_rate: null, mean_confidence: null });
  });
});

describe('properties', () => {
  const vote = fc.record({
    bias: fc.constantFrom<Bias>('long', 'short', 'neutral'),
    confidence: fc.integer({ min: 0, max: 100 }),
  });
  const prices = fc.record({ from: fc.integer({ min: 1, max: 10 ** 12 }), to: fc.integer({ min: 1, max: 10 ** 12 }), band: fc.integer({ min: 1, max: 500 }) });

  const scoreAll = (votes: { bias: Bias; confidence: number }[], p: { from: number; to: number; band: number }) => {
    const points: PricePoint[] = [{ time: minutes(0), close: p.from }, { time: minutes(60), close: p.to }];
    return votes.map((v) => {
      const scored = scoreCall({ bias: v.bias, closedAt: minutes(0), timeframeMinutes: 60, bandBps: p.band }, points, minutes(61));
      return { ...v, outcome: scored.outcome, brier: scored.outcome === 'awaiting_prices' ? null : brierTenThousandths(v.confidence, scored.outcome) };
    });
  };

  test('scoring is independent of vote order', () => {
    fc.assert(
      fc.property(fc.array(vote, { maxLength: 30 }), prices, fc.integer(), (votes, p, seed) => {
        const shuffled = [...votes].sort((a, b) => ((a.confidence * 31 + seed) % 7) - ((b.confidence * 31 + seed) % 7));
        const a = scoreAll(votes, p);
        const b = scoreAll(shuffled, p);
        expect(summarizeOutcomes(b.map((s) => s.outcome))).toEqual(summarizeOutcomes(a.map((s) => s.outcome)));
        expect(calibrationBins(b)).toEqual(calibrationBins(a));
        const key = (s: { bias: Bias; confidence: number; outcome: CallOutcome; brier: number | null }) => `${s.bias}|${s.confidence}|${s.outcome}|${s.brier}`;
        expect(b.map(key).sort()).toEqual(a.map(key).sort());
      }),
    );
  });

  test('re-scoring with the same prices changes nothing', () => {
    fc.assert(
      fc.property(fc.array(vote, { maxLength: 30 }), prices, (votes, p) => {
        expect(scoreAll(votes, p)).toEqual(scoreAll(votes, p));
      }),
    );
  });

  test('exactly one bias hits once prices exist', () => {
    fc.assert(
      fc.property(prices, (p) => {
        const outcomes = scoreAll([{ bias: 'long', confidence: 50 }, { bias: 'short', confidence: 50 }, { bias: 'neutral', confidence: 50 }], p);
        expect(outcomes.filter((s) => s.outcome === 'hit')).toHaveLength(1);
      }),
    );
  });

  test('the interval always contains the hit rate and stays in [0, 1]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, share) => {
        const hits = Math.round(n * share);
        const { low, high } = wilsonInterval(hits, n);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(hits / n + 1e-12);
        expect(high).toBeGreaterThanOrEqual(hits / n - 1e-12);
      }),
    );
  });
});

describe('calibrationBins with grouped counts (decision 072)', () => {
  test('a vote counted n times bins as n votes', () => {
    const one = [
      ...Array.from({ length: 3 }, () => ({ confidence: 65, outcome: 'hit' as const })),
      ...Array.from({ length: 2 }, () => ({ confidence: 65, outcome: 'miss' as const })),
      { confidence: 90, outcome: 'hit' as const },
    ];
    const grouped = [
      { confidence: 65, outcome: 'hit' as const, count: 3 },
      { confidence: 65, outcome: 'miss' as const, count: 2 },
      { confidence: 90, outcome: 'hit' as const, count: 1 },
      { confidence: 40, outcome: 'awaiting_prices' as const, count: 7 },
    ];
    expect(calibrationBins(grouped)).toEqual(calibrationBins(one));
  });
});
