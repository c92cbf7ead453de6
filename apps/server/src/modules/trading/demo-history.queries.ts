import { sql } from 'drizzle-orm';
import { consensusEvents, entryWindows, sentimentAggregates, traders, windowVotes, type DbOrTx } from '@myeai/db';

// Bulk writes of the demo's trading history (trading-history.seed.ts): a few statements for hundreds of rows.

const CHUNK = 500;

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export type HistoryRows = {
  windows: (typeof entryWindows.$inferInsert)[];
  votes: (typeof windowVotes.$inferInsert)[];
  /** In time order, so event ids follow time as the engine's do. */
  events: (typeof consensusEvents.$inferInsert)[];
  aggregates: (typeof sentimentAggregates.$inferInsert)[];
};

export async function insertHistoryRows(tx: DbOrTx, rows: HistoryRows): Promise<void> {
  await insertChunked(rows.windows, (chunk) => tx.insert(entryWindows).values(chunk));
  await insertChunked(rows.votes, (chunk) => tx.insert(windowVotes).values(chunk));
  await insertChunked(rows.events, (chunk) => tx.insert(consensusEvents).values(chunk));
  if (rows.aggregates.length > 0) await tx.insert(sentimentAggregates).values(rows.aggregates).onConflictDoNothing();
}

export type CounterDelta = { windowsSeen: number; votesCast: number; confidenceSum: number; scoredVotes: number; agreedVotes: number; calibrationSum: number };

/** Adds to an active trader's score counters what the closes of the history would have added. */
export async function addTraderCounters(tx: DbOrTx, traderId: string, delta: CounterDelta): Promise<void> {
  await tx
    .update(traders)
    .set({
      windowsSeen: sql`${traders.windowsSeen} + ${delta.windowsSeen}`,
      votesCast: sql`${traders.votesCast} + ${delta.votesCast}`,
      confidenceSum: sql`${traders.confidenceSum} + ${delta.confidenceSum}`,
      scoredVotes: sql`${traders.scoredVotes} + ${delta.scoredVotes}`,
      agreedVotes: sql`${traders.agreedVotes} + ${delta.agreedVotes}`,
      calibrationSum: sql`${traders.calibrationSum} + ${delta.calibrationSum}`,
    })
    .where(sql`${traders.userId} = ${traderId} and ${traders.isActive}`);
}
