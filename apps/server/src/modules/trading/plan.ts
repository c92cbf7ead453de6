import type { DbOrTx } from '@myeai/db';

/**
 * Whether a user "has a plan" (a subscription in trial or active, or canceled before its period
 * end). The one place the trading module asks; it switches to the subscriptions module's
 * function once that module exports one (issue 5). Until then nobody has a plan: compass
 * access is decided by role alone (admins see everything, see compassAccessFor).
 */
export async function userHasPlan(_db: DbOrTx, _userId: string, _now: Date): Promise<boolean> {
  return false;
}
