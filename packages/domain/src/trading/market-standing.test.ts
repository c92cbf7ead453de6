import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isVerifiedTrader, rankByShrunkEstimate, verifiedByTier, VERIFIED_MIN_SCORED_VOTES } from './market-standing.ts';
import type { TraderTier } from './trader-tiers.ts';

describe('rankByShrunkEstimate', () => {
  test('200 of 300 above 3 of 3 above 0 of 5; no record at all comes last', () => {
    const entries = [
      { traderId: 'lucky', hits: 3, scored: 3, votesCast: 3 },
      { traderId: 'none', hits: 0, scored: 0, votesCast: 0 },
      { traderId: 'good', hits: 200, scored: 300, votesCast: 310 },
      { traderId: 'bad', hits: 0, scored: 5, votesCast: 5 },
    ];
    expect(rankByShrunkEstimate(entries).map((entry) => entry.traderId)).toEqual(['good', 'lucky', 'bad', 'none']);
  });

  test('property: the order does not depend on the input order', () => {
    const entry = fc.record({ traderId: fc.uuid(), scored: fc.integer({ min: 0, max: 500 }), votesCast: fc.integer({ min: 0, max: 600 }), share: fc.double({ min: 0, max: 1, noNaN: true }) });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (e) => e.traderId, maxLength: 20 }), (specs) => {
        const entries = specs.map((s) => ({ traderId: s.traderId, scored: s.scored, votesCast: s.votesCast, hits: Math.floor(s.share * s.scored) }));
        const a = rankByShrunkEstimate(entries).map((e) => e.traderId);
        const b = rankByShrunkEstimate([...entries].reverse()).map((e) => e.traderId);
        return JSON.stringify(a) === JSON.stringify(b);
      }),
    );
  });
});

describe('Verified: KYC and at least 30 scored votes', () => {
  test.each([
    { kycVerified: true, scoredVotes: VERIFIED_MIN_SCORED_VOTES - 1, verified: false },
    { kycVerified: true, scoredVotes: VERIFIED_MIN_SCORED_VOTES, verified: true },
    { kycVerified: false, scoredVotes: 300, verified: false },
  ])('KYC $kycVerified, $scoredVotes scored: $verified', ({ kycVerified, scoredVotes, verified }) => {
    expect(isVerifiedTrader({ kycVerified, scoredVotes })).toBe(verified);
  });

  const member = (tier: TraderTier, kycVerified: boolean, scoredVotes: number) => ({ tier, kycVerified, scoredVotes });

  test('the Elite Pool: the single Lead joins the Seniors; nobody is named', () => {
    const pool = [member('lead', true, 40), member('senior', true, 30), member('senior', true, 29), member('senior', false, 50), ...Array.from({ length: 9 }, (_, i) => member('regular', i < 2, 31))];
    expect(verifiedByTier(pool)).toEqual([
      { label: 'Lead & Senior', tiers: ['lead', 'senior'], traders: 4, verified: 2 },
      { label: 'Regular', tiers: ['regular'], traders: 9, verified: 2 },
    ]);
  });

  test('a last group too small joins the one before; fewer than 3 in all make one group', () => {
    expect(verifiedByTier([member('lead', true, 30), member('senior', true, 30), member('senior', true, 30), member('regular', true, 30)]).map((g) => g.label)).toEqual(['Lead & Senior & Regular']);
    expect(verifiedByTier([member('regular', true, 30)])).toEqual([{ label: 'Regular', tiers: ['regular'], traders: 1, verified: 1 }]);
    expect(verifiedByTier([])).toEqual([]);
  });

  test('property: every trader is in exactly one group and no group of a pool of 3+ has fewer than 3', () => {
    const arb = fc.array(fc.record({ tier: fc.constantFrom<TraderTier>('lead', 'senior', 'regular'), kycVerified: fc.boolean(), scoredVotes: fc.integer({ min: 0, max: 60 }) }), { maxLength: 20 });
    fc.assert(
      fc.property(arb, (pool) => {
        const groups = verifiedByTier(pool);
        const total = groups.reduce((sum, g) => sum + g.traders, 0);
        const verified = groups.reduce((sum, g) => sum + g.verified, 0);
        return total === pool.length && verified === pool.filter(isVerifiedTrader).length && (pool.length < 3 || groups.every((g) => g.traders >= 3));
      }),
    );
  });
});
