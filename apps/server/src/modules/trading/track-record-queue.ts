import type { DbOrTx } from '@myeai/db';
import { horizonOf } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../jobs/index.ts';

/**
 * The job the market-data module handles to score a closed window against the market (decision
 * 062). Named here, in the module that queues it, as CONSENSUS_ALERTS_JOB is: market-data reads
 * trading's compass access, so trading importing market-data would form a cycle.
 */
export const SCORE_WINDOW_JOB = 'market-data.score-window';

/** Queued in the close's transaction, due at the window's horizon (one timeframe after the close); one per window. */
export async function enqueueWindowScoring(db: DbOrTx, clock: Clock, windowId: string, closedAt: Date, timeframeMinutes: number): Promise<void> {
  await enqueueJob(db, clock, { name: SCORE_WINDOW_JOB, payload: { windowId }, runAt: horizonOf(closedAt, timeframeMinutes), dedupeKey: `score-window:${windowId}` });
}
