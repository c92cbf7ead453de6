import { ACCOUNT_LINK_MESSAGES, AppError, type ChangeEmailInput, type ChangePasswordInput } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../audit/index.ts';
import { userChangeFeedFor } from '../changes/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { emailChangeMail, emailChangeNoticeMail, emailTakenMail, passwordChangedMail } from './account-mails.ts';
import { selectUserForUpdate, selectUserIdByEmail, updateUserAccount, voidAccountTokens } from './account-tokens.queries.ts';
import { endSessions, issueAccountToken, mayIssueToken } from './account-tokens.service.ts';
import { getUserById, hashPassword, verifyPassword } from '../auth/index.ts';

export const NO_PASSWORD_MESSAGE = 'This account signs in with single sign-on and has no password yet. Use "Forgot password?" on the sign-in page to set one.';

const wrongPassword = (path: string) => new AppError('VALIDATION', ACCOUNT_LINK_MESSAGES.wrongPassword, [{ path, message: ACCOUNT_LINK_MESSAGES.wrongPassword }]);

async function signedInAccount(deps: Pick<AppDeps, 'db'>, userId: string) {
  const user = await getUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return user;
}

/**
 * Changes the password of the signed-in account: the current password must match; every other
 * session ends (their sockets close), this one stays; reset links stop working; the owner is told.
 * Answers how many other sessions ended.
 */
export async function changePassword(deps: AppDeps, session: { userId: string; sessionId: string }, input: ChangePasswordInput, origin: string): Promise<number> {
  const user = await signedInAccount(deps, session.userId);
  if (!user.passwordHash) throw new AppError('VALIDATION', NO_PASSWORD_MESSAGE);
  if (!(await verifyPassword(input.current_password, user.passwordHash))) throw wrongPassword('current_password');
  const passwordHash = await hashPassword(input.new_password);
  const { db, clock } = deps;
  const ended = await db.transaction(async (tx) => {
    const locked = await selectUserForUpdate(tx, user.id);
    // Another change won the race since the check above: the current password is not current any more.
    if (!locked || locked.passwordHash !== user.passwordHash) throw wrongPassword('current_password');
    await updateUserAccount(tx, user.id, { passwordHash });
    await voidAccountTokens(tx, user.id, ['password_reset'], clock.now());
    const count = await endSessions(tx, clock, user.id, session.sessionId);
    await enqueueMail(tx, clock, passwordChangedMail({ userId: user.id, email: user.email, name: user.name }, origin));
    await recordAudit(tx, clock, { actorId: user.id, action: 'auth.password_changed', target: user.id, details: { other_sessions_ended: count } });
    return count;
  });
  userChangeFeedFor(deps).userChanged(user.id);
  return ended;
}

/**
 * Asks to move the account to another address: a link to the new address (the change applies only
 * when it is followed) and a notice to the current one. An account with a password confirms with
 * it. When the new address already has an account, its owner is told instead and the answer is the
 * same, so the form cannot be used to find out who has an account.
 */
export async function requestEmailChange(deps: AppDeps, userId: string, input: ChangeEmailInput, origin: string): Promise<void> {
  const user = await signedInAccount(deps, userId);
  if (user.passwordHash && !(input.password && (await verifyPassword(input.password, user.passwordHash)))) throw wrongPassword('password');
  if (input.new_email === user.email) throw new AppError('VALIDATION', ACCOUNT_LINK_MESSAGES.sameEmail, [{ path: 'new_email', message: ACCOUNT_LINK_MESSAGES.sameEmail }]);
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    if (!(await mayIssueToken(tx, clock, user.id, 'email_change'))) throw new AppError('RATE_LIMITED', ACCOUNT_LINK_MESSAGES.tooManyLinks);
    const recipient = { userId: user.id, email: user.email, name: user.name, newEmail: input.new_email };
    if (await selectUserIdByEmail(tx, input.new_email)) {
      await enqueueMail(tx, clock, emailTakenMail({ email: input.new_email }, origin));
    } else {
      const token = await issueAccountToken(tx, clock, { userId: user.id, purpose: 'email_change', email: input.new_email });
      await enqueueMail(tx, clock, emailChangeMail(recipient, origin, token));
    }
    await enqueueMail(tx, clock, emailChangeNoticeMail(recipient, origin));
    await recordAudit(tx, clock, { actorId: user.id, action: 'auth.email_change_requested', target: user.id });
  });
}
