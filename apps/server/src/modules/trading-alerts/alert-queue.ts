import type { DbOrTx } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../jobs/index.ts';

export const CONSENSUS_ALERTS_JOB = 'trading-alerts.consensus';
export const ALERT_DIGEST_JOB = 'trading-alerts.digest';

/**
 * Called by the trading module in the transaction that records consensus events: queues one
 * alert job per event (its dedupe key is the event, so a replay queues nothing more). Kept apart
 * from the service so the trading module imports no more than this.
 */
export async function enqueueConsensusAlerts(db: DbOrTx, clock: Clock, eventIds: readonly number[]): Promise<void> {
  for (const eventId of eventIds) {
    await enqueueJob(db, clock, { name: CONSENSUS_ALERTS_JOB, payload: { eventId }, dedupeKey: `consensus-alerts:${eventId}` });
  }
}
