import { TIER_LABELS, TRADER_TIERS, type TraderTier } from './trader-tiers.ts';
import { tenthsToPercent, type Bias } from './trading-rules.ts';

/** The fewest voters a tier group may show: fewer would let one trader's vote be read off (DESIGN.md decision 36). */
export const BREAKDOWN_MIN_VOTERS = 3;

/**
 * One counted vote of a closed window, never who cast it: the voter's tier (traderTier of their
 * trader weight), the side, and the weight the vote counted with (tenths; in open mode that is
 * the performance weight, not the tier weight).
 */
export type BreakdownVote = { tier: TraderTier; bias: Bias; weightTenths: number };

export type TierGroupShares = {
  label: string;
  tiers: TraderTier[];
  voter_count: number;
  /** The group's share of the window's total weight, in percent (one decimal). */
  weight_percentage: number;
  long_percentage: number;
  short_percentage: number;
  neutral_percentage: number;
};

type Group = { tiers: TraderTier[]; votes: BreakdownVote[] };

function merge(a: Group | null, b: Group): Group {
  return a ? { tiers: [...a.tiers, ...b.tiers], votes: [...a.votes, ...b.votes] } : b;
}

/** Weighted share of `part` in `whole`, in tenths of a percent (0 when the whole weighs nothing). */
function shareTenths(part: number, whole: number): number {
  return whole > 0 ? (part * 1000) / whole : 0;
}

function sharesOf(group: Group, totalWeight: number): TierGroupShares {
  const weight = group.votes.reduce((sum, vote) => sum + vote.weightTenths, 0);
  const side = (bias: Bias) => group.votes.filter((vote) => vote.bias === bias).reduce((sum, vote) => sum + vote.weightTenths, 0);
  return {
    label: group.tiers.map((tier) => TIER_LABELS[tier]).join(' & '),
    tiers: group.tiers,
    voter_count: group.votes.length,
    weight_percentage: tenthsToPercent(shareTenths(weight, totalWeight)),
    long_percentage: tenthsToPercent(shareTenths(side('long'), weight)),
    short_percentage: tenthsToPercent(shareTenths(side('short'), weight)),
    neutral_percentage: tenthsToPercent(shareTenths(side('neutral'), weight)),
  };
}

/**
 * A closed window's votes as weighted shares per tier (Lead, Senior, Regular). A tier with fewer than 3 voters is merged into the next tier (the single
 * Lead of the Elite Pool shows as "Lead & Senior"); a last group still too small joins the group
 * before it; a window of fewer than 3 voters in all is one group, whose split is the window's own
 * (already on the grid). Tiers without voters are left out. No name and no single vote shows.
 */
export function traderBreakdown(votes: readonly BreakdownVote[]): TierGroupShares[] {
  const totalWeight = votes.reduce((sum, vote) => sum + vote.weightTenths, 0);
  const groups: Group[] = [];
  let pending: Group | null = null;
  for (const tier of TRADER_TIERS) {
    const tierVotes = votes.filter((vote) => vote.tier === tier);
    if (tierVotes.length === 0) continue;
    const group = merge(pending, { tiers: [tier], votes: tierVotes });
    if (group.votes.length >= BREAKDOWN_MIN_VOTERS) {
      groups.push(group);
      pending = null;
    } else {
      pending = group;
    }
  }
  if (pending) {
    const last = groups.pop() ?? null;
    groups.push(last ? merge(last, pending) : pending);
  }
  return groups.map((group) => sharesOf(group, totalWeight));
}
