import type { DbOrTx } from '@myeai/db';
import type { PlanId, StoredAssetPick, StoredSubscriptionState } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { ReadCache, userChangeFeedFor } from '../changes/index.ts';
import { planIdAt, readPlanState, userHasPlan as subscriptionGivesPlan } from '../subscriptions/index.ts';
import { readStoredPick } from './asset-picks.service.ts';

/**
 * Whether a user "has a plan" (a subscription in trial or active, or canceled before its period
 * end). The one place the trading module asks; the subscriptions module owns the rule.
 */
export async function userHasPlan(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  return subscriptionGivesPlan(db, userId, now);
}

/** The plan giving the user access at `now` (null: none): its card decides the compass features. */
export type PlanReader = (userId: string, now: Date) => Promise<PlanId | null>;

/**
 * planIdAt for every compass request: the stored subscription state is kept per user until
 * their subscription changes (change feed), and the rule is applied to it at each request's
 * time, so a trial or a cancelled period still ends on the clock.
 */
export function planReaderFor(deps: AppDeps): PlanReader {
  const states = new ReadCache<StoredSubscriptionState | null>(userChangeFeedFor(deps), { maxEntries: 50_000, ttlMs: 60_000 });
  return async (userId, now) => planIdAt(await states.readForUser(userId, 'plan state', now, () => readPlanState(deps.db, userId)), now);
}

export type PickReader = (userId: string, now: Date) => Promise<StoredAssetPick | null>;

/** The user's stored asset pick, kept until their pick changes (the table is on the change feed). */
export function pickReaderFor(deps: AppDeps): PickReader {
  const picks = new ReadCache<StoredAssetPick | null>(userChangeFeedFor(deps), { maxEntries: 50_000, ttlMs: 60_000 });
  return (userId, now) => picks.readForUser(userId, 'asset pick', now, () => readStoredPick(deps.db, userId));
}
