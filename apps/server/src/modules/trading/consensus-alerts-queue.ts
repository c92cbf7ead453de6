import type { DbOrTx } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../jobs/index.ts';

/**
 * The job the trading-alerts module handles for each consensus event. It is named here, in the
 * module that queues it, so that trading does not import trading-alerts (which reads assets and
 * timeframes from trading: the two would form an import cycle). The name is stored in queued jobs.
 */
export const CONSENSUS_ALERTS_JOB = 'trading-alerts.consensus';

/**
 * Called in the transaction that records consensus events: queues one alert job per event (its
 * dedupe key is the event, so a replay queues nothing more).
 */
export async function enqueueConsensusAlerts(db: DbOrTx, clock: Clock, eventIds: readonly number[]): Promise<void> {
  for (const eventId of eventIds) {
    await enqueueJob(db, clock, { name: CONSENSUS_ALERTS_JOB, payload: { eventId }, dedupeKey: `consensus-alerts:${eventId}` });
  }
}
