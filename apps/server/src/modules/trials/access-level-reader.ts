import { accessLevelOf, type AccessLevelName, type Role, type TrialFacts } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { ReadCache, userChangeFeedFor } from '../changes/index.ts';
import { readTrialFacts } from './trials.service.ts';

export type AccessLevelReader = (user: { id: string; roles: readonly Role[]; activeRole: Role }, now: Date) => Promise<AccessLevelName>;

/**
 * The access level of GET /api/user/access-level (accessLevelOf) for a signed-in user, on every
 * request of another feature (the compass's delay): the roles come with the session, the trial
 * is kept per user until it changes (change feed), and the rule is applied at each request's
 * time, so a trial still ends on the clock.
 */
export function accessLevelReaderFor(deps: AppDeps): AccessLevelReader {
  const trials = new ReadCache<TrialFacts>(userChangeFeedFor(deps), { maxEntries: 50_000, ttlMs: 60_000 });
  return async (user, now) => {
    const trial = await trials.readForUser(user.id, 'trial', now, () => readTrialFacts(deps.db, user.id));
    return accessLevelOf({ roles: user.roles, activeRole: user.activeRole, trial }, now).access_level;
  };
}
