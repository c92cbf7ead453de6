import type { JobHandler } from '../jobs/index.ts';
import { PAYOUT_SCHEDULE_JOB } from './payout-schedule-queue.ts';
import { runPayoutScheduleJob } from './payout-schedule.service.ts';

export { PAYOUT_SCHEDULE_JOB } from './payout-schedule-queue.ts';
export { ensurePayoutSchedule } from './payout-schedule.service.ts';
export { seedPayoutsDemo } from './payouts.seed.ts';

export const payoutJobHandlers: Record<string, JobHandler> = {
  [PAYOUT_SCHEDULE_JOB]: async (payload, { deps }) => {
    await runPayoutScheduleJob(deps, payload);
  },
};
