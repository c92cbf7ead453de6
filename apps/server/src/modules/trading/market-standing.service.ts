import type { DbOrTx } from '@myeai/db';
import { isVerifiedTrader, traderTier, VERIFIED_MIN_SCORED_VOTES, VERIFIED_RULE_TEXT, verifiedByTier, type VerifiedTraders } from '@myeai/domain';
import { activePoolMembers, marketCountsByTrader } from './market-standing.queries.ts';

/**
 * The active pool's verified traders as investors see them (decision 072): counted per tier group
 * (never named), with the rule stated: KYC done and at least 30 votes scored against the market.
 */
export async function getVerifiedTraders(db: DbOrTx): Promise<VerifiedTraders> {
  const [members, market] = await Promise.all([activePoolMembers(db), marketCountsByTrader(db)]);
  const pool = members.map((member) => ({ tier: traderTier(member.weightTenths), kycVerified: member.kycVerified, scoredVotes: market.get(member.traderId)?.scored ?? 0 }));
  return {
    rule: VERIFIED_RULE_TEXT,
    min_scored_votes: VERIFIED_MIN_SCORED_VOTES,
    kyc_required: true,
    traders: pool.length,
    verified: pool.filter(isVerifiedTrader).length,
    groups: verifiedByTier(pool).map((group) => ({ label: group.label, traders: group.traders, verified: group.verified })),
  };
}
