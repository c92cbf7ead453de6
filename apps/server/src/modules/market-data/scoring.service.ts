import type { DbOrTx } from '@myeai/db';
import {
  brierTenThousandths,
  horizonOf,
  marketMove,
  neutralBandBps,
  outcomeOf,
  type AssetClass,
  type Bias,
  type PricePoint,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { selectBandOverrides } from './bands.queries.ts';
import {
  selectPricePoints,
  selectStoredScores,
  selectVotesOfWindows,
  selectWindowsToScore,
  upsertVoteScores,
  upsertWindowScores,
  type VoteScoreRow,
  type WindowScoreRow,
} from './market-data.queries.ts';

export type RescoreCount = { windows: number; votes: number };

const sameTime = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());

/** A stored window score says the same as a fresh one (scored_at aside). */
function sameWindowScore(a: WindowScoreRow, b: WindowScoreRow): boolean {
  return (
    a.bandBps === b.bandBps &&
    a.confirmedBias === b.confirmedBias &&
    a.priceAtClose === b.priceAtClose &&
    sameTime(a.priceAtCloseTime, b.priceAtCloseTime) &&
    a.priceAtHorizon === b.priceAtHorizon &&
    sameTime(a.priceAtHorizonTime, b.priceAtHorizonTime) &&
    a.changeHundredthsBps === b.changeHundredthsBps &&
    a.outcome === b.outcome
  );
}

/**
 * Scores the given closed windows and all their votes against the stored prices (decision 062),
 * and writes only the scores that differ from the stored ones: re-scoring with the same prices
 * writes nothing, and a window whose prices did not change keeps its rows as they were. The
 * caller passes its transaction so that prices and scores commit together.
 */
export async function scoreWindows(db: DbOrTx, clock: Clock, windowIds: readonly string[]): Promise<RescoreCount> {
  if (windowIds.length === 0) return { windows: 0, votes: 0 };
  const now = clock.now();
  const windows = await selectWindowsToScore(db, windowIds);
  const ids = windows.map((window) => window.id);
  const [votes, stored, bands] = await Promise.all([selectVotesOfWindows(db, ids), selectStoredScores(db, ids), selectBandOverrides(db)]);

  // One read of prices per asset, spanning every close and horizon asked (each widened by one timeframe back).
  const spans = new Map<string, { from: number; to: number }>();
  for (const window of windows) {
    const closedAt = window.closedAt as Date;
    const from = closedAt.getTime() - window.minutes * 60_000;
    const to = horizonOf(closedAt, window.minutes).getTime();
    const span = spans.get(window.assetId);
    spans.set(window.assetId, span ? { from: Math.min(span.from, from), to: Math.max(span.to, to) } : { from, to });
  }
  const points = new Map<string, PricePoint[]>();
  for (const [assetId, span] of spans) points.set(assetId, await selectPricePoints(db, assetId, new Date(span.from), new Date(span.to)));

  const storedWindows = new Map(stored.windows.map((row) => [row.windowId, row]));
  const storedVotes = new Map(stored.votes.map((row) => [row.voteId, row]));
  const votesByWindow = new Map<string, typeof votes>();
  for (const vote of votes) {
    const list = votesByWindow.get(vote.windowId);
    if (list) list.push(vote);
    else votesByWindow.set(vote.windowId, [vote]);
  }
  const windowRows: WindowScoreRow[] = [];
  const voteRows: VoteScoreRow[] = [];

  for (const window of windows) {
    const closedAt = window.closedAt as Date;
    // The band in force: the admin's for the asset class and timeframe, else the default (decision 071).
    const bandBps = neutralBandBps(bands, window.assetClass as AssetClass, { id: window.timeframeId, minutes: window.minutes });
    const move = marketMove({ closedAt, timeframeMinutes: window.minutes, bandBps }, points.get(window.assetId) ?? [], now);
    const confirmedBias = window.confirmedBias as Bias | null;
    const fresh: WindowScoreRow = {
      windowId: window.id,
      assetId: window.assetId,
      timeframeId: window.timeframeId,
      closedAt,
      horizonAt: horizonOf(closedAt, window.minutes),
      bandBps,
      confirmedBias,
      priceAtClose: move.priceAtClose?.close ?? null,
      priceAtCloseTime: move.priceAtClose?.time ?? null,
      priceAtHorizon: move.priceAtHorizon?.close ?? null,
      priceAtHorizonTime: move.priceAtHorizon?.time ?? null,
      changeHundredthsBps: move.changeHundredthsBps,
      outcome: confirmedBias === null ? null : outcomeOf(confirmedBias, move.direction),
      scoredAt: now,
    };
    const before = storedWindows.get(window.id);
    if (!before || !sameWindowScore(before, fresh)) windowRows.push(fresh);

    for (const vote of votesByWindow.get(window.id) ?? []) {
      const outcome = outcomeOf(vote.bias as Bias, move.direction);
      const brierE4 = outcome === 'awaiting_prices' ? null : brierTenThousandths(vote.confidence, outcome);
      const previous = storedVotes.get(vote.id);
      if (previous && previous.outcome === outcome && previous.brierE4 === brierE4) continue;
      voteRows.push({ voteId: vote.id, windowId: window.id, outcome, brierE4, scoredAt: now });
    }
  }
  await upsertWindowScores(db, windowRows);
  await upsertVoteScores(db, voteRows);
  return { windows: windowRows.length, votes: voteRows.length };
}

/** The job queued at a window's horizon (SCORE_WINDOW_JOB); safe to repeat. */
export async function runScoreWindowJob(db: DbOrTx, clock: Clock, payload: unknown): Promise<void> {
  const windowId = (payload as { windowId?: unknown } | null)?.windowId;
  if (typeof windowId !== 'string') throw new Error('score-window job without a windowId');
  await db.transaction((tx) => scoreWindows(tx, clock, [windowId]));
}
