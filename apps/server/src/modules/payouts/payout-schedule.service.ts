import { z } from 'zod';
import type { DbOrTx } from '@myeai/db';
import { isPayoutSlot, payoutBatchNotice, payoutSlotAfter, payoutWeekOf } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { createNotifications } from '../notifications/index.ts';
import { PAYOUT_SCHEDULE_JOB, queueNextPayoutSlot, queuePayoutSlot } from './payout-schedule-queue.ts';
import { prepareBatchIn, toSettings, type PayoutDeps } from './payouts.service.ts';
import { selectActiveAdminIds, selectPayoutSettings, selectScheduledBatch } from './payouts.queries.ts';

export { PAYOUT_SCHEDULE_JOB };

/**
 * The weekly payout schedule (issue 30 item 3, decision 063) on the job queue: one job per batch
 * time of the settings (weekday and minute, UTC), keyed by that instant, so queueing it twice adds
 * one job. When it runs it queues the next one first, then prepares the batch of its payout week
 * unless that week has one already (payout_batches.scheduled_week is unique): a second run of the
 * same week, a retry after a crash, or a second server's runner does nothing. A job left queued
 * for an older schedule (the admin changed the weekday or time) prepares nothing.
 */
const PayloadSchema = z.object({ slot: z.iso.datetime() });

export type ScheduledRun =
  | { status: 'prepared'; week: string; batch_id: string; items: number }
  | { status: 'already_prepared'; week: string; batch_id: string }
  | { status: 'not_a_batch_time' };

/** At server start: the schedule's next job, from the saved settings. */
export async function ensurePayoutSchedule(db: DbOrTx, clock: Clock): Promise<Date> {
  return queueNextPayoutSlot(db, clock, toSettings(await selectPayoutSettings(db)));
}

/** One run of the schedule for the batch time `slot`, in one transaction with the settings row locked. */
export async function runScheduledPayoutBatch(deps: PayoutDeps, slot: Date): Promise<ScheduledRun> {
  return deps.db.transaction(async (tx) => {
    // Locking the settings row serialises runs (and on-demand preparations): the second sees the first's batch.
    const settings = toSettings(await selectPayoutSettings(tx, { forUpdate: true }));
    await queuePayoutSlot(tx, deps.clock, payoutSlotAfter(slot, deps.clock.now(), settings));
    if (!isPayoutSlot(slot, settings)) return { status: 'not_a_batch_time' };
    const week = payoutWeekOf(slot);
    const existing = await selectScheduledBatch(tx, week);
    if (existing) return { status: 'already_prepared', week, batch_id: existing.id };
    const { batch } = await prepareBatchIn(tx, deps, null, { dryRun: false, scheduledWeek: week });
    // The admins are told a batch waits for their review (decision 070); an empty week has nothing to review.
    if (batch.items.length > 0) {
      const notice = payoutBatchNotice({ id: batch.id!, item_count: batch.items.length, total_cents: batch.total_cents, scheduled_week: week });
      const admins = await selectActiveAdminIds(tx);
      await createNotifications(
        tx,
        deps.clock,
        admins.map((userId) => ({ userId, type: 'system' as const, title: notice.title, message: notice.message, data: notice.data, actionRequired: true, sourceKey: `payout-batch:${batch.id}:prepared` })),
      );
    }
    return { status: 'prepared', week, batch_id: batch.id!, items: batch.items.length };
  });
}

export async function runPayoutScheduleJob(deps: PayoutDeps, payload: unknown): Promise<ScheduledRun> {
  return runScheduledPayoutBatch(deps, new Date(PayloadSchema.parse(payload).slot));
}
