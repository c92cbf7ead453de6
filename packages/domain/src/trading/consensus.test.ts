import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decideConsensus, shouldCloseWindow, tallyVotes, topBias, weightedShares, type WeightedVote } from './consensus.ts';
import { BIASES, type Bias } from './trading-rules.ts';

/** The demo pool: lead 46, three seniors 9, nine regulars 3 (tenths). */
const LEAD = 460;
const SENIOR = 90;
const REGULAR = 30;
const v = (bias: Bias, weightTenths: number): WeightedVote => ({ bias, weightTenths });
const many = (n: number, bias: Bias, weight: number) => Array.from({ length: n }, () => v(bias, weight));
const DEFAULTS = { confirmation: 50, exit: 47 };

describe('weightedShares (tenths of a percent, largest remainder)', () => {
  test.each([
    { name: 'no votes', votes: [], expected: { long: 0, short: 0, neutral: 0 } },
    { name: 'one vote', votes: [v('short', 30)], expected: { long: 0, short: 1000, neutral: 0 } },
    { name: 'lead alone is 100 %', votes: [v('long', LEAD)], expected: { long: 1000, short: 0, neutral: 0 } },
    {
      name: 'the full demo pool, lead long, seniors short, regulars neutral',
      votes: [v('long', LEAD), ...many(3, 'short', SENIOR), ...many(9, 'neutral', REGULAR)],
      expected: { long: 460, short: 270, neutral: 270 },
    },
    { name: 'thirds round by largest remainder, ties to long first', votes: [v('long', 10), v('short', 10), v('neutral', 10)], expected: { long: 334, short: 333, neutral: 333 } },
    { name: 'two of three', votes: [v('long', 10), v('long', 10), v('neutral', 10)], expected: { long: 667, short: 0, neutral: 333 } },
    { name: 'weights, not heads: one lead outweighs nine regulars', votes: [v('short', LEAD), ...many(9, 'long', REGULAR)], expected: { long: 370, short: 630, neutral: 0 } },
    { name: 'zero-weight votes only', votes: [v('long', 0), v('short', 0)], expected: { long: 0, short: 0, neutral: 0 } },
  ])('$name', ({ votes, expected }) => {
    expect(weightedShares(tallyVotes(votes))).toEqual(expected);
  });

  test('counts per bias are kept beside the weights', () => {
    const tally = tallyVotes([v('long', LEAD), ...many(3, 'short', SENIOR)]);
    expect(tally.count).toEqual({ long: 1, short: 3, neutral: 0 });
    expect(tally.totalWeight).toBe(LEAD + 3 * SENIOR);
  });

  test('refuses a negative or fractional weight', () => {
    expect(() => tallyVotes([v('long', -1)])).toThrow(RangeError);
    expect(() => tallyVotes([v('long', 1.5)])).toThrow(RangeError);
  });
});

describe('topBias', () => {
  test.each([
    { votes: [], expected: null },
    { votes: [v('long', 10), v('short', 10)], expected: null },
    { votes: [v('long', 10), v('short', 11)], expected: 'short' },
    { votes: [v('neutral', 5)], expected: 'neutral' },
  ])('$expected', ({ votes, expected }) => {
    expect(topBias(tallyVotes(votes))).toBe(expected);
  });
});

describe('decideConsensus (DESIGN.md section 4)', () => {
  type Case = { name: string; votes: WeightedVote[]; standing: Bias | null; thresholds?: { confirmation: number; exit: number }; confirmed: Bias | null; standingAfter: Bias | null; events: string[] };
  test.each<Case>([
    { name: 'exactly 50 % confirms (at or above)', votes: [v('long', 50), v('short', 30), v('neutral', 20)], standing: null, confirmed: 'long', standingAfter: 'long', events: ['consensus_confirmed long 500'] },
    { name: '49.9 % does not confirm', votes: [v('long', 499), v('short', 301), v('neutral', 200)], standing: null, confirmed: null, standingAfter: null, events: [] },
    { name: 'lead plus one senior (55 %) confirms long', votes: [v('long', LEAD), v('long', SENIOR), ...many(2, 'short', SENIOR), ...many(9, 'short', REGULAR)], standing: null, confirmed: 'long', standingAfter: 'long', events: ['consensus_confirmed long 550'] },
    { name: 'lead alone against everyone else (46 %) confirms nothing', votes: [v('long', LEAD), ...many(3, 'short', SENIOR), ...many(9, 'neutral', REGULAR)], standing: null, confirmed: null, standingAfter: null, events: [] },
    { name: 'a confirmed bias above the exit threshold holds (hysteresis: 48 %)', votes: [v('long', 48), v('short', 30), v('neutral', 22)], standing: 'long', confirmed: null, standingAfter: 'long', events: [] },
    { name: 'exactly at the exit threshold it holds (47 %)', votes: [v('long', 47), v('short', 30), v('neutral', 23)], standing: 'long', confirmed: null, standingAfter: 'long', events: [] },
    { name: 'below the exit threshold it exits (46.9 %)', votes: [v('long', 469), v('short', 300), v('neutral', 231)], standing: 'long', confirmed: null, standingAfter: null, events: ['consensus_exit long 469'] },
    { name: 'a re-confirmation of the standing bias records a confirmation only', votes: [v('short', 60), v('long', 40)], standing: 'short', confirmed: 'short', standingAfter: 'short', events: ['consensus_confirmed short 600'] },
    { name: 'another bias confirmed replaces the standing one (exit first)', votes: [v('short', 60), v('long', 40)], standing: 'long', confirmed: 'short', standingAfter: 'short', events: ['consensus_exit long 400', 'consensus_confirmed short 600'] },
    { name: 'a 50/50 tie confirms nothing', votes: [v('long', 50), v('short', 50)], standing: null, confirmed: null, standingAfter: null, events: [] },
    { name: 'a window without votes changes nothing', votes: [], standing: 'long', confirmed: null, standingAfter: 'long', events: [] },
    { name: 'thresholds come from settings: 45 % confirms at 45', votes: [v('neutral', 45), v('long', 30), v('short', 25)], standing: null, thresholds: { confirmation: 45, exit: 40 }, confirmed: 'neutral', standingAfter: 'neutral', events: ['consensus_confirmed neutral 450'] },
    { name: 'thresholds come from settings: 65 % does not confirm at 70', votes: [v('long', 65), v('short', 35)], standing: null, thresholds: { confirmation: 70, exit: 50 }, confirmed: null, standingAfter: null, events: [] },
  ])('$name', ({ votes, standing, thresholds, confirmed, standingAfter, events }) => {
    const decision = decideConsensus(tallyVotes(votes), thresholds ?? DEFAULTS, standing);
    expect(decision.confirmedBias).toBe(confirmed);
    expect(decision.standingBias).toBe(standingAfter);
    expect(decision.events.map((e) => `${e.type} ${e.bias} ${e.shareTenths}`)).toEqual(events);
  });

  test('refuses an exit threshold above the confirmation threshold', () => {
    expect(() => decideConsensus(tallyVotes([v('long', 10)]), { confirmation: 45, exit: 50 }, null)).toThrow(RangeError);
  });
});

describe('shouldCloseWindow', () => {
  const closesAt = new Date('2026-11-23T12:15:00Z');
  test.each([
    { now: '2026-11-23T12:14:59.999Z', votes: 12, expected: false },
    { now: '2026-11-23T12:14:59.999Z', votes: 13, expected: true },
    { now: '2026-11-23T12:15:00.000Z', votes: 0, expected: true },
  ])('at $now with $votes votes: $expected', ({ now, votes, expected }) => {
    expect(shouldCloseWindow({ now: new Date(now), closesAt, voteCount: votes, poolSize: 13 })).toBe(expected);
  });
});

const voteArb = fc.record({ bias: fc.constantFrom(...BIASES), weightTenths: fc.integer({ min: 0, max: 1000 }) });
const votesArb = fc.array(voteArb, { maxLength: 25 });
const thresholdsArb = fc
  .record({ confirmation: fc.integer({ min: 45, max: 70 }), exit: fc.integer({ min: 35, max: 50 }) })
  .filter((t) => t.exit <= t.confirmation);
const standingArb = fc.constantFrom<Bias | null>(null, ...BIASES);

describe('properties', () => {
  test('shares sum to exactly 100.0 % whenever weight was cast, and each is within 0.1 of the exact share', () => {
    fc.assert(
      fc.property(votesArb, (votes) => {
        const tally = tallyVotes(votes);
        const shares = weightedShares(tally);
        const sum = shares.long + shares.short + shares.neutral;
        expect(sum).toBe(tally.totalWeight === 0 ? 0 : 1000);
        for (const bias of BIASES) {
          const exact = tally.totalWeight === 0 ? 0 : (tally.weight[bias] * 1000) / tally.totalWeight;
          expect(Math.abs(shares[bias] - exact)).toBeLessThan(1);
        }
      }),
    );
  });

  test('never confirms below the confirmation threshold', () => {
    fc.assert(
      fc.property(votesArb, thresholdsArb, standingArb, (votes, thresholds, standing) => {
        const tally = tallyVotes(votes);
        const decision = decideConsensus(tally, thresholds, standing);
        for (const event of decision.events.filter((e) => e.type === 'consensus_confirmed')) {
          expect(tally.weight[event.bias] * 100).toBeGreaterThanOrEqual(thresholds.confirmation * tally.totalWeight);
        }
        if (decision.confirmedBias) expect(decision.confirmedBias).toBe(decision.topBias);
      }),
    );
  });

  test('vote order does not change the result', () => {
    fc.assert(
      fc.property(votesArb, thresholdsArb, standingArb, fc.integer(), (votes, thresholds, standing, seed) => {
        const shuffled = [...votes].map((vote, i) => ({ vote, key: (i * 2654435761 + seed) >>> 0 })).sort((a, b) => a.key - b.key).map((x) => x.vote);
        expect(decideConsensus(tallyVotes(shuffled), thresholds, standing)).toEqual(decideConsensus(tallyVotes(votes), thresholds, standing));
      }),
    );
  });

  test('adding a vote for the winning bias never makes a different bias win', () => {
    fc.assert(
      fc.property(votesArb, thresholdsArb, fc.integer({ min: 0, max: 1000 }), (votes, thresholds, weight) => {
        const before = decideConsensus(tallyVotes(votes), thresholds, null);
        if (!before.confirmedBias) return;
        const after = decideConsensus(tallyVotes([...votes, v(before.confirmedBias, weight)]), thresholds, null);
        expect(after.confirmedBias).toBe(before.confirmedBias);
      }),
    );
  });

  test('a standing bias only exits below the exit threshold or when another bias is confirmed', () => {
    fc.assert(
      fc.property(votesArb, thresholdsArb, fc.constantFrom(...BIASES), (votes, thresholds, standing) => {
        const tally = tallyVotes(votes);
        const decision = decideConsensus(tally, thresholds, standing);
        const exited = decision.events.some((e) => e.type === 'consensus_exit');
        const below = tally.totalWeight > 0 && tally.weight[standing] * 100 < thresholds.exit * tally.totalWeight;
        const replaced = decision.confirmedBias !== null && decision.confirmedBias !== standing;
        expect(exited).toBe(below || replaced);
      }),
    );
  });
});
