import type { Database } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { activateTrial } from './trials.service.ts';
import { selectTrialOfUser } from './trials.queries.ts';

const DAY_MS = 86_400_000;

/**
 * The demo's trials (issue 26 item 7: Trial Analytics shows trials while the demo newcomer has not
 * started theirs): each user starts the free trial `startedDaysAgo` days before `clock`'s now
 * through activateTrial (its goal first, the allowance claimed, the expiry and reminder jobs
 * queued), so a trial that ended is expired by its own job. A user with a trial is left alone.
 */
export async function seedTrialsDemo(db: Database, clock: Clock, trials: readonly { userId: string; startedDaysAgo: number }[]): Promise<void> {
  for (const { userId, startedDaysAgo } of trials) {
    if (await selectTrialOfUser(db, userId)) continue;
    await activateTrial(db, { now: () => new Date(clock.now().getTime() - startedDaysAgo * DAY_MS) }, userId);
  }
}
