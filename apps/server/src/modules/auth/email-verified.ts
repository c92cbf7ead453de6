import type { DbOrTx } from '@myeai/db';
import { ACCOUNT_LINK_MESSAGES, AppError } from '@myeai/domain';
import { selectEmailVerifiedAt } from './account-state.queries.ts';

/** Whether the account has confirmed its e-mail address (false for an unknown id; decision 057). */
export async function isEmailVerified(db: DbOrTx, userId: string): Promise<boolean> {
  return (await selectEmailVerifiedAt(db, userId)) !== null;
}

/** The earning and role rules' gate (issue 29): an account earns and holds roles only once its address is confirmed. */
export async function assertEmailVerified(db: DbOrTx, userId: string): Promise<void> {
  if (!(await isEmailVerified(db, userId))) throw new AppError('CONFLICT', ACCOUNT_LINK_MESSAGES.unverifiedEarning);
}
