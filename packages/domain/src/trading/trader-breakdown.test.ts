import { describe, expect, test } from 'vitest';
import { traderBreakdown, type BreakdownVote } from './trader-breakdown.ts';

const lead = (bias: BreakdownVote['bias']): BreakdownVote => ({ tier: 'lead', bias, weightTenths: 400 });
const senior = (bias: BreakdownVote['bias']): BreakdownVote => ({ tier: 'senior', bias, weightTenths: 100 });
const regular = (bias: BreakdownVote['bias']): BreakdownVote => ({ tier: 'regular', bias, weightTenths: 30 });

describe('traderBreakdown (decision 36)', () => {
  test('the Elite Pool: the single Lead merges into "Lead & Senior"; Regular stands alone', () => {
    const votes = [lead('long'), senior('long'), senior('short'), senior('long'), ...Array.from({ length: 9 }, (_, i) => regular(i < 6 ? 'long' : 'neutral'))];
    const groups = traderBreakdown(votes);
    expect(groups.map((group) => [group.label, group.voter_count])).toEqual([
      ['Lead & Senior', 4],
      ['Regular', 9],
    ]);
    // Total weight 400 + 300 + 270 = 970; Lead & Senior weigh 700 of it, 600 of that long.
    expect(groups[0]).toMatchObject({ weight_percentage: 72.2, long_percentage: 85.7, short_percentage: 14.3, neutral_percentage: 0 });
    expect(groups[1]).toMatchObject({ weight_percentage: 27.8, long_percentage: 66.7, short_percentage: 0, neutral_percentage: 33.3 });
  });
  test('3 voters make a tier on its own; 2 do not', () => {
    expect(traderBreakdown([senior('long'), senior('long'), senior('short'), regular('long'), regular('long'), regular('long')]).map((g) => g.label)).toEqual(['Senior', 'Regular']);
    expect(traderBreakdown([senior('long'), senior('long'), regular('long'), regular('long'), regular('long')]).map((g) => [g.label, g.voter_count])).toEqual([['Senior & Regular', 5]]);
  });
  test('a last tier too small joins the group before it', () => {
    expect(traderBreakdown([senior('long'), senior('long'), senior('short'), regular('long'), regular('short')]).map((g) => [g.label, g.voter_count])).toEqual([['Senior & Regular', 5]]);
  });
  test('fewer than 3 voters in all: one group, the window\'s own split', () => {
    expect(traderBreakdown([lead('long'), regular('short')])).toEqual([
      { label: 'Lead & Regular', tiers: ['lead', 'regular'], voter_count: 2, weight_percentage: 100, long_percentage: 93, short_percentage: 7, neutral_percentage: 0 },
    ]);
    expect(traderBreakdown([])).toEqual([]);
  });
  test('no group ever holds fewer than 3 voters once the window has 3', () => {
    for (let leads = 0; leads <= 2; leads++) {
      for (let seniors = 0; seniors <= 4; seniors++) {
        for (let regulars = 0; regulars <= 4; regulars++) {
          const votes = [...Array.from({ length: leads }, () => lead('long')), ...Array.from({ length: seniors }, () => senior('short')), ...Array.from({ length: regulars }, () => regular('neutral'))];
          if (votes.length < 3) continue;
          const groups = traderBreakdown(votes);
          expect(groups.every((group) => group.voter_count >= 3)).toBe(true);
          expect(groups.reduce((sum, group) => sum + group.voter_count, 0)).toBe(votes.length);
        }
      }
    }
  });
});
