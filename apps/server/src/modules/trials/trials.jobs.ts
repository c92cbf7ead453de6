import { z } from 'zod';
import type { JobHandler } from '../jobs/index.ts';
import { expireTrialJob, remindTrialJob } from './trials-admin.service.ts';
import { TRIAL_EXPIRE_JOB, TRIAL_REMIND_JOB } from './trials.service.ts';

const ExpirePayload = z.object({ trialId: z.uuid() });
const RemindPayload = z.object({ trialId: z.uuid(), endsAt: z.string() });

/** Each trial's end runs this job (queued at activation and on every extension). */
export const trialJobHandlers: Record<string, JobHandler> = {
  [TRIAL_EXPIRE_JOB]: async (payload, { deps }) => {
    const { trialId } = ExpirePayload.parse(payload);
    await expireTrialJob(deps.db, deps.clock, trialId);
  },
  [TRIAL_REMIND_JOB]: async (payload, { deps }) => {
    const { trialId, endsAt } = RemindPayload.parse(payload);
    await remindTrialJob(deps.db, deps.clock, trialId, endsAt);
  },
};
