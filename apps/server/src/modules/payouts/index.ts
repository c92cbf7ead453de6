import type { JobHandler } from '../jobs/index.ts';
import { PAYOUT_SCHEDULE_JOB } from './payout-schedule-queue.ts';
import { runPayoutScheduleJob } from './payout-schedule.service.ts';
import { STRIPE_TRANSFERS_JOB } from './payout-provider.ts';
import { runStripeTransfers } from './stripe-connect.service.ts';

export { PAYOUT_SCHEDULE_JOB } from './payout-schedule-queue.ts';
export { ensurePayoutSchedule } from './payout-schedule.service.ts';
export { seedPayoutsDemo } from './payouts.seed.ts';
export { rotatePayoutDetailsKey, type RotationReport } from './payout-key-rotation.ts';
export { STRIPE_TRANSFERS_JOB } from './payout-provider.ts';
export { applyStripePayoutEvent, isStripePayoutEvent } from './stripe-connect.service.ts';

export const payoutJobHandlers: Record<string, JobHandler> = {
  [PAYOUT_SCHEDULE_JOB]: async (payload, { deps }) => {
    await runPayoutScheduleJob(deps, payload);
  },
  // Stripe Connect (decision 069): the transfers of an approved batch.
  [STRIPE_TRANSFERS_JOB]: async (payload, { deps }) => {
    await runStripeTransfers(deps, payload);
  },
};
