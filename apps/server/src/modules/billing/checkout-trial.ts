import { checkoutTrialFor, type CheckoutTrial } from '@myeai/domain';
import type { DbOrTx } from '@myeai/db';
import { getTrialOfUser } from '../trials/index.ts';

/** The free days a checkout by this user gets at `now` (DESIGN.md item 18, decision 024): read with the user's platform trial. */
export async function readCheckoutTrial(db: DbOrTx, user: { id: string; freeTrialUsedAt: Date | null }, now: Date): Promise<CheckoutTrial> {
  const platform = await getTrialOfUser(db, user.id);
  return checkoutTrialFor({ freeTrialUsedAt: user.freeTrialUsedAt, platformTrial: platform ? { endsAt: platform.endsAt, convertedAt: platform.convertedAt } : null }, now);
}
