import { randomBytes, randomUUID } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import { ACCOUNT_LINK_MESSAGES, AppError, referralCodeFromBytes, REFERRAL_CODE_LENGTH, type RegisterInput, type UserProfile } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { userChangeFeedFor } from '../changes/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { existingAccountMail, verificationMail } from './account-mails.ts';
import { selectUserForUpdate, selectUserIdByEmail, updateUserAccount, voidAccountTokens } from './account-tokens.queries.ts';
import { issueAccountToken, mayIssueToken, useAccountToken } from './account-tokens.service.ts';

type Recipient = { id: string; email: string; name: string };

/** Queues the "confirm your e-mail" link (24 hours) in the caller's transaction: the sign-up's. */
export async function sendVerificationLink(db: DbOrTx, clock: Clock, user: Recipient, origin: string): Promise<void> {
  const token = await issueAccountToken(db, clock, { userId: user.id, purpose: 'email_verification', email: user.email });
  await enqueueMail(db, clock, verificationMail({ userId: user.id, email: user.email, name: user.name }, origin, token));
}

/** "Resend" on the banner: a new link, unless the address is confirmed or three were sent this hour. */
export async function resendVerificationLink(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string, origin: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await selectUserForUpdate(tx, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
    if (user.emailVerifiedAt) throw new AppError('CONFLICT', ACCOUNT_LINK_MESSAGES.alreadyVerified);
    if (!(await mayIssueToken(tx, deps.clock, user.id, 'email_verification'))) throw new AppError('RATE_LIMITED', ACCOUNT_LINK_MESSAGES.tooManyLinks);
    await sendVerificationLink(tx, deps.clock, user, origin);
  });
}

const invalidLink = () => new AppError('VALIDATION', ACCOUNT_LINK_MESSAGES.invalid, [{ path: 'token', message: 'invalid' }]);

/**
 * Follows a verification or e-mail change link. A link opened while signed in to another account
 * is refused (nothing changes); one for an address the account no longer has is not valid; an
 * e-mail change whose address was taken meanwhile is refused. The change applies only here.
 */
export async function confirmEmailLink(deps: AppDeps, token: string, signedInUserId: string | null): Promise<{ email: string; changed: boolean }> {
  const { db, clock } = deps;
  const result = await db.transaction(async (tx) => {
    const link = await useAccountToken(tx, clock, token, ['email_verification', 'email_change']);
    if (signedInUserId && signedInUserId !== link.userId) throw new AppError('VALIDATION', ACCOUNT_LINK_MESSAGES.otherAccount, [{ path: 'token', message: 'other_account' }]);
    const user = await selectUserForUpdate(tx, link.userId);
    if (!user) throw invalidLink();
    const now = clock.now();
    if (link.purpose === 'email_verification') {
      if (user.email !== link.email) throw invalidLink();
      if (!user.emailVerifiedAt) await updateUserAccount(tx, user.id, { emailVerifiedAt: now });
      await recordAudit(tx, clock, { actorId: user.id, action: 'auth.email_verified', target: user.id });
      return { userId: user.id, email: user.email, changed: false };
    }
    const owner = await selectUserIdByEmail(tx, link.email);
    if (owner && owner !== user.id) throw new AppError('VALIDATION', ACCOUNT_LINK_MESSAGES.emailTaken, [{ path: 'token', message: 'email_taken' }]);
    await updateUserAccount(tx, user.id, { email: link.email, emailVerifiedAt: now });
    // Links sent to the old address (reset, verification) must not work on the account any more.
    await voidAccountTokens(tx, user.id, ['password_reset', 'email_verification', 'email_change'], now);
    await recordAudit(tx, clock, { actorId: user.id, action: 'auth.email_changed', target: user.id, details: { before: { email: user.email }, after: { email: link.email } } });
    return { userId: user.id, email: link.email, changed: true };
  });
  userChangeFeedFor(deps).userChanged(result.userId);
  return { email: result.email, changed: result.changed };
}

/**
 * Registration of an address that has an account (decision 057): the owner is told by e-mail, and
 * the caller answers exactly as for a new account, with this stand-in profile (a new id and code
 * that exist nowhere), so the answer does not reveal that the address is taken.
 */
export async function answerExistingRegistration(deps: Pick<AppDeps, 'db' | 'clock'>, owner: Recipient, input: RegisterInput, origin: string): Promise<UserProfile> {
  await enqueueMail(deps.db, deps.clock, existingAccountMail({ userId: owner.id, email: owner.email, name: owner.name }, origin));
  return {
    id: randomUUID(),
    name: input.name,
    email: owner.email,
    picture: null,
    roles: ['newcomer'],
    active_role: 'newcomer',
    status: 'active',
    created_at: deps.clock.now().toISOString(),
    referral_code: referralCodeFromBytes(randomBytes(REFERRAL_CODE_LENGTH)),
    email_verified: false,
  };
}
