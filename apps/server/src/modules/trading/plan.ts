import type { DbOrTx } from '@myeai/db';
import type { StoredSubscriptionState } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { ReadCache, userChangeFeedFor } from '../changes/index.ts';
import { planAt, readPlanState, userHasPlan as subscriptionGivesPlan } from '../subscriptions/index.ts';

/**
 * Whether a user "has a plan" (a subscription in trial or active, or canceled before its period
 * end). The one place the trading module asks; the subscriptions module owns the rule.
 */
export async function userHasPlan(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  return subscriptionGivesPlan(db, userId, now);
}

export type PlanReader = (userId: string, now: Date) => Promise<boolean>;

/**
 * userHasPlan for every compass request: the stored subscription state is kept per user until
 * their subscription changes (change feed), and the rule is applied to it at each request's
 * time, so a trial or a cancelled period still ends on the clock.
 */
export function planReaderFor(deps: AppDeps): PlanReader {
  const states = new ReadCache<StoredSubscriptionState | null>(userChangeFeedFor(deps), { maxEntries: 50_000, ttlMs: 60_000 });
  return async (userId, now) => planAt(await states.readForUser(userId, 'plan state', now, () => readPlanState(deps.db, userId)), now);
}
