import type { DbOrTx } from '@myeai/db';
import { ASSET_CLASSES, neutralBandBps } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { selectBandOverrides, selectTimeframes } from './bands.queries.ts';
import { scoreWindowsInDatabase, type BandInForce } from './scoring.queries.ts';

export type RescoreCount = { windows: number; votes: number };

/** The band in force for every asset class x timeframe: the domain's rule (the admin's override, else the default), one source for the database's scoring. */
async function bandsInForce(db: DbOrTx): Promise<BandInForce[]> {
  const [overrides, timeframes] = await Promise.all([selectBandOverrides(db), selectTimeframes(db)]);
  return ASSET_CLASSES.flatMap((assetClass) => timeframes.map((timeframe) => ({ assetClass, timeframeId: timeframe.id, bandBps: neutralBandBps(overrides, assetClass, timeframe) })));
}

/**
 * Scores the given closed windows and all their votes against the stored prices (decision 062),
 * and writes only the scores that differ from the stored ones: re-scoring with the same prices
 * writes nothing, and a window whose prices did not change keeps its rows as they were. The
 * caller passes its transaction so that prices and scores commit together. The scoring itself is
 * one statement in the database (decision 076), the same rule as the domain's `marketMove`,
 * `outcomeOf` and `brierTenThousandths`, which the agreement test holds it to row by row.
 */
export async function scoreWindows(db: DbOrTx, clock: Clock, windowIds: readonly string[]): Promise<RescoreCount> {
  if (windowIds.length === 0) return { windows: 0, votes: 0 };
  return scoreWindowsInDatabase(db, { windowIds, bands: await bandsInForce(db), now: clock.now() });
}

/** The job queued at a window's horizon (SCORE_WINDOW_JOB); safe to repeat. */
export async function runScoreWindowJob(db: DbOrTx, clock: Clock, payload: unknown): Promise<void> {
  const windowId = (payload as { windowId?: unknown } | null)?.windowId;
  if (typeof windowId !== 'string') throw new Error('score-window job without a windowId');
  await db.transaction((tx) => scoreWindows(tx, clock, [windowId]));
}
