import type { DbOrTx } from '@myeai/db';
import { userHasPlan as subscriptionGivesPlan } from '../subscriptions/index.ts';

/**
 * Whether a user "has a plan" (a subscription in trial or active, or canceled before its period
 * end). The one place the trading module asks; the subscriptions module owns the rule.
 */
export async function userHasPlan(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  return subscriptionGivesPlan(db, userId, now);
}
