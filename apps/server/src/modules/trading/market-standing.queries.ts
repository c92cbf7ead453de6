import { eq, inArray, sql } from 'drizzle-orm';
import { traders, voteScores, windowVotes, type DbOrTx } from '@myeai/db';

export type TraderMarketCounts = { hits: number; scored: number; brierSumE4: number };

/**
 * Every trader's votes scored against the market (hit or miss), their hits and the sum of their
 * Brier scores (ten-thousandths), in one grouped read (decision 072): the leaderboard's order and
 * investors' "Verified" both come from it.
 */
export async function marketCountsByTrader(db: DbOrTx): Promise<Map<string, TraderMarketCounts>> {
  const rows = await db
    .select({
      traderId: windowVotes.traderId,
      hits: sql<number>`count(*) filter (where ${voteScores.outcome} = 'hit')::int`,
      scored: sql<number>`count(*)::int`,
      brierSumE4: sql<number>`coalesce(sum(${voteScores.brierE4}), 0)::bigint`,
    })
    .from(voteScores)
    .innerJoin(windowVotes, eq(windowVotes.id, voteScores.voteId))
    .where(inArray(voteScores.outcome, ['hit', 'miss']))
    .groupBy(windowVotes.traderId);
  return new Map(rows.map((row) => [row.traderId, { hits: Number(row.hits), scored: Number(row.scored), brierSumE4: Number(row.brierSumE4) }]));
}

/** The active pool's members: their weight (tier) and KYC flag, never who they are. */
export async function activePoolMembers(db: DbOrTx): Promise<{ traderId: string; weightTenths: number; kycVerified: boolean }[]> {
  return db.select({ traderId: traders.userId, weightTenths: traders.weightTenths, kycVerified: traders.kycVerified }).from(traders).where(eq(traders.isActive, true));
}
