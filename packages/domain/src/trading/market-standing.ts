import { shrunkHitRate, SHRINK_PRIOR_WEIGHT } from './track-record.ts';
import { TIER_LABELS, TRADER_TIERS, type TraderTier } from './trader-tiers.ts';

/**
 * Where traders stand against the market (issue 32 item 4, decision 072): the leaderboard's order
 * by the shrunk estimate, and "Verified" as investors see it.
 */

export type MarketStandingEntry = { traderId: string; hits: number; scored: number; votesCast: number };

/**
 * Best shrunk market hit rate first, (hits + 10) / (scored + 20): 200 of 300 (65.6 %) ranks above
 * 3 of 3 (56.5 %). A trader without any scored vote has no record to rank (their estimate would be
 * the prior alone, 50 %, above most real records, since a random caller hits about a third of the
 * time): they come after every trader with one. Ties: more scored votes, then more votes cast,
 * then the id, so the order never depends on input order.
 */
export function rankByShrunkEstimate<T extends MarketStandingEntry>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) =>
      Number(b.scored > 0) - Number(a.scored > 0) ||
      shrunkHitRate(b.hits, b.scored) - shrunkHitRate(a.hits, a.scored) ||
      b.scored - a.scored ||
      b.votesCast - a.votesCast ||
      (a.traderId < b.traderId ? -1 : a.traderId > b.traderId ? 1 : 0),
  );
}

/** What the leaderboard states under its table. */
export const SHRUNK_RANKING_NOTE = `Ranked by the shrunk market hit rate: (hits + ${SHRINK_PRIOR_WEIGHT / 2}) / (scored votes + ${SHRINK_PRIOR_WEIGHT}), a prior of ${SHRINK_PRIOR_WEIGHT} votes at 50%, so a few lucky calls do not outrank a long good record. Traders without a scored vote come last.`;

/** "Verified": KYC done and at least this many votes scored against the market. */
export const VERIFIED_MIN_SCORED_VOTES = 30;

export const VERIFIED_RULE_TEXT = `Verified means KYC done and at least ${VERIFIED_MIN_SCORED_VOTES} votes scored against market prices.`;

export function isVerifiedTrader(trader: { kycVerified: boolean; scoredVotes: number }): boolean {
  return trader.kycVerified && trader.scoredVotes >= VERIFIED_MIN_SCORED_VOTES;
}

/** The fewest traders a tier group may show, as in the compass's tier breakdown. */
export const VERIFIED_GROUP_MIN_TRADERS = 3;

export type VerifiedTierGroup = { label: string; tiers: TraderTier[]; traders: number; verified: number };

/**
 * Verified traders counted per tier, never named (every non-admin view of traders is by tier): a
 * tier with fewer than 3 traders joins the next one (the single Lead shows as "Lead & Senior"), a
 * last group still too small joins the one before, tiers without traders are left out.
 */
export function verifiedByTier(traders: readonly { tier: TraderTier; kycVerified: boolean; scoredVotes: number }[]): VerifiedTierGroup[] {
  const groups: { tiers: TraderTier[]; members: typeof traders[number][] }[] = [];
  let pending: { tiers: TraderTier[]; members: typeof traders[number][] } | null = null;
  for (const tier of TRADER_TIERS) {
    const members = traders.filter((trader) => trader.tier === tier);
    if (members.length === 0) continue;
    pending = pending ? { tiers: [...pending.tiers, tier], members: [...pending.members, ...members] } : { tiers: [tier], members };
    if (pending.members.length >= VERIFIED_GROUP_MIN_TRADERS) {
      groups.push(pending);
      pending = null;
    }
  }
  if (pending) {
    const last = groups.pop();
    groups.push(last ? { tiers: [...last.tiers, ...pending.tiers], members: [...last.members, ...pending.members] } : pending);
  }
  return groups.map((group) => ({
    label: group.tiers.map((tier) => TIER_LABELS[tier]).join(' & '),
    tiers: group.tiers,
    traders: group.members.length,
    verified: group.members.filter(isVerifiedTrader).length,
  }));
}
