import type { DbOrTx } from '@myeai/db';
import { AppError, type Bias, type EntryWindow } from '@myeai/domain';
import { toAssetRef, toTimeframeRef, type WindowRow } from './trading.queries.ts';
import { WINDOW_MESSAGES } from './windows.service.ts';
import { assetsByIds, biasCountsOf, getWindow, listOpenWindows, timeframesByIds, viewerVotesIn } from './windows.queries.ts';

/**
 * Entry windows as the trader desk shows them to one viewer (read projections; the writes are in
 * windows.service.ts). Sealed voting: the bias counts of a window only once the viewer voted in it.
 */
export async function toEntryWindows(db: DbOrTx, rows: WindowRow[], viewerId: string): Promise<EntryWindow[]> {
  if (rows.length === 0) return [];
  const [assets, timeframes, mine] = await Promise.all([
    assetsByIds(db, rows.map((row) => row.assetId)),
    timeframesByIds(db, rows.map((row) => row.timeframeId)),
    viewerVotesIn(db, rows.map((row) => row.id), viewerId),
  ]);
  const counts = await biasCountsOf(db, mine.map((vote) => vote.windowId));
  const assetById = new Map(assets.map((row) => [row.id, row]));
  const timeframeById = new Map(timeframes.map((row) => [row.id, row]));
  const myVote = new Map(mine.map((vote) => [vote.windowId, vote]));
  return rows.map((row) => {
    const vote = myVote.get(row.id);
    const biasCounts = vote ? { long: 0, short: 0, neutral: 0 } : null;
    if (biasCounts) for (const c of counts.filter((c) => c.windowId === row.id)) biasCounts[c.bias as Bias] = c.n;
    return {
      id: row.id,
      asset: toAssetRef(assetById.get(row.assetId)!),
      timeframe: toTimeframeRef(timeframeById.get(row.timeframeId)!),
      status: row.status as 'open' | 'closed',
      mode: row.mode as 'fixed' | 'open',
      opened_at: row.openedAt.toISOString(),
      closes_at: row.closesAt.toISOString(),
      closed_at: row.closedAt?.toISOString() ?? null,
      total_votes: row.voteCount,
      pool_size: row.poolSize,
      user_voted: vote !== undefined,
      opened_by_me: row.openedBy === viewerId,
      bias_counts: biasCounts,
      my_vote: vote ? { bias: vote.bias as Bias, confidence: vote.confidence, note: vote.note, created_at: vote.createdAt.toISOString() } : null,
    };
  });
}

export async function getEntryWindow(db: DbOrTx, windowId: string, viewerId: string): Promise<EntryWindow> {
  const row = await getWindow(db, windowId);
  if (!row) throw new AppError('NOT_FOUND', WINDOW_MESSAGES.windowUnknown);
  return (await toEntryWindows(db, [row], viewerId))[0]!;
}

/** Every open window, soonest to close first (a past closes_at shows as "Closed" until the job runs). */
export async function listActiveWindows(db: DbOrTx, viewerId: string): Promise<EntryWindow[]> {
  return toEntryWindows(db, await listOpenWindows(db), viewerId);
}
