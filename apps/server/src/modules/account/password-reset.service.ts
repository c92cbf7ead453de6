import { z } from 'zod';
import { ACCOUNT_LINK_MESSAGES, AppError, type PasswordResetConfirm } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../audit/index.ts';
import { userChangeFeedFor } from '../changes/index.ts';
import type { JobHandler } from '../jobs/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { passwordChangedMail, passwordResetMail } from './account-mails.ts';
import { selectUserForUpdate, updateUserAccount, voidAccountTokens } from './account-tokens.queries.ts';
import { endSessions, issueAccountToken, mayIssueToken, useAccountToken } from './account-tokens.service.ts';
import { getUserByEmail, hashPassword } from '../auth/index.ts';

export const PASSWORD_RESET_JOB = 'auth.password-reset';

const PasswordResetJobSchema = z.object({ email: z.string(), origin: z.string() });

/**
 * A reset request only queues a job (decision 057): the answer costs one INSERT whether or not the
 * address has an account, so neither its content nor its time tells the two apart. The job looks
 * the address up and sends the link.
 */
export async function requestPasswordReset(deps: Pick<AppDeps, 'db' | 'clock'>, email: string, origin: string): Promise<void> {
  await enqueueJob(deps.db, deps.clock, { name: PASSWORD_RESET_JOB, payload: { email, origin } });
}

/** The job: an active account of that address gets a link, unless it was sent ACCOUNT_TOKEN_SEND_LIMIT links this hour. */
export const sendPasswordResetLink: JobHandler = async (payload, { deps }) => {
  const { email, origin } = PasswordResetJobSchema.parse(payload);
  const { db, clock } = deps;
  const user = await getUserByEmail(db, email);
  if (!user || user.status !== 'active') return;
  await db.transaction(async (tx) => {
    if (!(await mayIssueToken(tx, clock, user.id, 'password_reset'))) return;
    const token = await issueAccountToken(tx, clock, { userId: user.id, purpose: 'password_reset', email: user.email });
    await enqueueMail(tx, clock, passwordResetMail({ userId: user.id, email: user.email, name: user.name }, origin, token));
  });
};

/**
 * Sets the new password from a reset link, in one transaction: the link is used up, every session
 * of the account ends (its sockets close on every instance), the account's other reset links stop
 * working, and a "your password was changed" e-mail is queued. Following the link also proves the
 * address, so an unverified account becomes verified.
 */
export async function confirmPasswordReset(deps: AppDeps, input: PasswordResetConfirm, origin: string): Promise<void> {
  const { db, clock } = deps;
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const link = await useAccountToken(tx, clock, input.token, ['password_reset']);
    const user = await selectUserForUpdate(tx, link.userId);
    // The address changed since the link was sent: the link went to an address the account no longer has.
    if (!user || user.email !== link.email) throw new AppError('VALIDATION', ACCOUNT_LINK_MESSAGES.invalid, [{ path: 'token', message: 'invalid' }]);
    const now = clock.now();
    await updateUserAccount(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now });
    await voidAccountTokens(tx, user.id, ['password_reset'], now);
    const sessionsEnded = await endSessions(tx, clock, user.id);
    await enqueueMail(tx, clock, passwordChangedMail({ userId: user.id, email: user.email, name: user.name }, origin));
    await recordAudit(tx, clock, { actorId: user.id, action: 'auth.password_reset', target: user.id, details: { sessions_ended: sessionsEnded } });
    return user.id;
  });
  // This instance's cached sessions of the account go now, before the database's announcement arrives.
  userChangeFeedFor(deps).userChanged(userId);
}
