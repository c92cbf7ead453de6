import type { DbOrTx } from '@myeai/db';
import { nextPayoutAt, type PayoutSettings } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../jobs/index.ts';

/** The weekly schedule's job (decision 063; payout-schedule.service.ts runs it). */
export const PAYOUT_SCHEDULE_JOB = 'payouts.weekly-batch';

/** Queues the job of the batch time `slot` (the dedupe key makes a second call a no-op). */
export async function queuePayoutSlot(db: DbOrTx, clock: Clock, slot: Date): Promise<void> {
  await enqueueJob(db, clock, { name: PAYOUT_SCHEDULE_JOB, payload: { slot: slot.toISOString() }, runAt: slot, dedupeKey: `payout-schedule:${slot.toISOString()}` });
}

/** Queues the next batch time of these settings from now: at start and whenever the settings are saved. */
export async function queueNextPayoutSlot(db: DbOrTx, clock: Clock, settings: PayoutSettings): Promise<Date> {
  const slot = nextPayoutAt(clock.now(), settings);
  await queuePayoutSlot(db, clock, slot);
  return slot;
}

