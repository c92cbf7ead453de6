import { and, eq, inArray, sql } from 'drizzle-orm';
import { entryWindows, traders, tradingTimeframes, voteScores, windowScores, windowVotes, type DbOrTx } from '@myeai/db';

// What the performance-weights backtest reads (decision 072): every closed window with votes, with
// the stored prices of its horizon, its votes, and every vote's market outcome.

export async function selectClosedWindowsWithScores(db: DbOrTx) {
  return db
    .select({
      id: entryWindows.id,
      timeframeId: entryWindows.timeframeId,
      timeframeMinutes: tradingTimeframes.minutes,
      rules: entryWindows.rules,
      confirmationThreshold: entryWindows.confirmationThreshold,
      exitThreshold: entryWindows.exitThreshold,
      confirmedBias: entryWindows.confirmedBias,
      bandBps: windowScores.bandBps,
      priceAtClose: windowScores.priceAtClose,
      priceAtHorizon: windowScores.priceAtHorizon,
    })
    .from(entryWindows)
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, entryWindows.timeframeId))
    .leftJoin(windowScores, eq(windowScores.windowId, entryWindows.id))
    .where(and(eq(entryWindows.status, 'closed'), sql`${entryWindows.voteCount} > 0`));
}

/** The votes of closed windows, with the trader's specialization (asset specialization doubles). */
export async function selectClosedWindowVotes(db: DbOrTx) {
  return db
    .select({
      id: windowVotes.id,
      windowId: windowVotes.windowId,
      traderId: windowVotes.traderId,
      bias: windowVotes.bias,
      weightTenths: windowVotes.weightTenths,
      createdAt: windowVotes.createdAt,
      specialization: traders.specialization,
    })
    .from(windowVotes)
    .innerJoin(entryWindows, eq(entryWindows.id, windowVotes.windowId))
    .leftJoin(traders, eq(traders.userId, windowVotes.traderId))
    .where(eq(entryWindows.status, 'closed'));
}

/** Every vote scored hit or miss, with its window's close and timeframe (its horizon). */
export async function selectScoredVoteOutcomes(db: DbOrTx) {
  return db
    .select({ traderId: windowVotes.traderId, outcome: voteScores.outcome, closedAt: entryWindows.closedAt, minutes: tradingTimeframes.minutes })
    .from(voteScores)
    .innerJoin(windowVotes, eq(windowVotes.id, voteScores.voteId))
    .innerJoin(entryWindows, eq(entryWindows.id, windowVotes.windowId))
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, entryWindows.timeframeId))
    .where(inArray(voteScores.outcome, ['hit', 'miss']));
}
