import { accessLevelOf, runningTrialDay, type AccessLevelName, type Role, type TrialFacts } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { ReadCache, userChangeFeedFor } from '../changes/index.ts';
import { readTrialFacts } from './trials.service.ts';

/** A user's access level and the day of their running trial (0: none runs), both at one instant. */
export type AccessLevelAt = { accessLevel: AccessLevelName; trialDay: number };

export type AccessLevelReader = (user: { id: string; roles: readonly Role[]; activeRole: Role }, now: Date) => Promise<AccessLevelAt>;

/**
 * The access level of GET /api/user/access-level (accessLevelOf) and the trial day (the staged
 * unlocks) for a signed-in user, on every request of another feature (the compass's delay and its
 * premium timeframes): the roles come with the session, the trial (its start and end, never a
 * day) is kept per user until it changes (change feed), and the rules are applied at each
 * request's time, so a trial reaches its next day and ends on the clock, with no write.
 */
export function accessLevelReaderFor(deps: AppDeps): AccessLevelReader {
  const trials = new ReadCache<TrialFacts>(userChangeFeedFor(deps), { maxEntries: 50_000, ttlMs: 60_000 });
  return async (user, now) => {
    const trial = await trials.readForUser(user.id, 'trial', now, () => readTrialFacts(deps.db, user.id));
    return { accessLevel: accessLevelOf({ roles: user.roles, activeRole: user.activeRole, trial }, now).access_level, trialDay: runningTrialDay(trial, now) };
  };
}
