import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_ERASED_MESSAGE,
  accountErasureDueAt,
  DELETION_REAUTH_MINUTES,
  isFreshSignIn,
  NO_DELETION_SCHEDULED_MESSAGE,
  NO_SUBSCRIPTION_TO_CANCEL_MESSAGE,
  referralCodeFromBytes,
  type AccountDeletion,
} from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../audit/index.ts';
import { verifyPassword } from '../auth/index.ts';
import { userChangeFeedFor } from '../changes/index.ts';
import { enqueueJob, type JobHandler } from '../jobs/index.ts';
import { announceSessionEnded } from '../live/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { createNotification } from '../notifications/index.ts';
import { cancelSubscription } from '../subscriptions/index.ts';
import { PERSONAL_TABLES } from './account-data-tables.ts';
import {
  anonymiseUserRow,
  clearColumnsOfRowsNaming,
  countOtherAdminsStaying,
  deleteMailTo,
  deletePendingDeletion,
  deleteRowsNaming,
  insertAccountDeletion,
  isErasedAccount,
  lockUserRow,
  markAccountErased,
  replaceInJsonColumn,
  revokeAllSessions,
  selectAccountDeletion,
  selectPendingDeletion,
  selectPerson,
  selectSessionStart,
} from './account-data.queries.ts';

export const ACCOUNT_ERASURE_JOB = 'account-data.erase';
/** Queued by the sign-in trigger of migration 0035 when a new session cancels a pending deletion. */
export const DELETION_CANCELLED_JOB = 'account-data.deletion-cancelled';

export const LAST_ADMIN_MESSAGE = 'You are the last admin. Give the admin role to someone else before deleting this account.';
const WRONG_PASSWORD_MESSAGE = 'The password is not correct.';
const REAUTH_MESSAGE = `Sign in again, then delete your account within ${DELETION_REAUTH_MINUTES} minutes.`;

type DeletionRequest =
  /** The person, confirming with their password, or for an account without one with a fresh sign-in. */
  | { by: 'self'; userId: string; sessionId: string; password: string | undefined }
  /** An admin from People Management (audited). */
  | { by: 'admin'; userId: string; adminId: string };

/**
 * Schedules the erasure after the grace period: ends every session (their sockets close), cancels
 * the subscription's renewal, tells the person by e-mail. The last admin cannot leave (409).
 */
export async function requestAccountDeletion(deps: AppDeps, request: DeletionRequest): Promise<AccountDeletion> {
  const person = await livePerson(deps.db, request.userId);
  if (request.by === 'self') await confirmIdentity(deps, person.passwordHash, request);
  const { deletion, endedSessions } = await deps.db.transaction(async (tx) => {
    await lockUserRow(tx, person.id);
    if (await selectPendingDeletion(tx, person.id)) throw new AppError('CONFLICT', 'This account is already scheduled for deletion.');
    if (person.roles.includes('admin') && (await countOtherAdminsStaying(tx, person.id)) === 0) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
    const now = deps.clock.now();
    const row = await insertAccountDeletion(tx, { userId: person.id, requestedBy: request.by === 'self' ? person.id : request.adminId, requestedAt: now, eraseAfter: accountErasureDueAt(now) });
    await enqueueJob(tx, deps.clock, { name: ACCOUNT_ERASURE_JOB, payload: { deletionId: row.id }, runAt: row.eraseAfter, dedupeKey: `account-erase:${row.id}` });
    const ended = await revokeAllSessions(tx, person.id, now);
    for (const sessionId of ended) await announceSessionEnded(tx, person.id, sessionId);
    await recordAudit(tx, deps.clock, { actorId: request.by === 'self' ? person.id : request.adminId, action: 'account.deletion_requested', target: person.id, details: { erase_after: row.eraseAfter.toISOString() } });
    const when = row.eraseAfter.toUTCString();
    await enqueueMail(tx, deps.clock, {
      userId: person.id,
      kind: 'account.deletion_scheduled',
      to: person.email,
      subject: 'Your MYEAI account will be deleted',
      text:
        `Hello ${person.name},\n\n` +
        `${request.by === 'self' ? 'You asked us to delete your account.' : 'An administrator scheduled your account for deletion at your request.'} ` +
        `It will be erased on ${when}, ${ACCOUNT_DELETION_GRACE_DAYS} days after the request. Until then, signing in cancels the deletion.\n\n` +
        'Your subscription will not renew. After the erasure your personal data is gone; payment and commission records are kept under an anonymous id for the period our Privacy Policy states.\n',
    });
    return { deletion: row, endedSessions: ended.length };
  });
  if (endedSessions > 0) userChangeFeedFor(deps).userChanged(person.id);
  await cancelRenewal(deps, person.id);
  return { status: 'scheduled', requested_at: deletion.requestedAt.toISOString(), erase_after: deletion.eraseAfter.toISOString() };
}

/** The person as stored: 404 for no account, 409 for one erased already (nothing left to act on). */
export async function livePerson(db: DbOrTx, userId: string): Promise<NonNullable<Awaited<ReturnType<typeof selectPerson>>>> {
  const person = await selectPerson(db, userId);
  if (person) return person;
  if (await isErasedAccount(db, userId)) throw new AppError('CONFLICT', ACCOUNT_ERASED_MESSAGE);
  throw new AppError('NOT_FOUND', 'No such account.');
}

/**
 * An admin cancels a deletion still in its grace period (People Management), as the person's own
 * sign-in does: the pending row goes, so its erasure job finds nothing. Audited, and the person is
 * told by a notification and a security e-mail. The sessions ended by the request stay ended and
 * the cancelled renewal is not restored: the person signs in and subscribes again.
 */
export async function cancelAccountDeletion(deps: AppDeps, adminId: string, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const person = await livePerson(tx, userId);
    const pending = await selectPendingDeletion(tx, person.id);
    if (!pending) throw new AppError('CONFLICT', NO_DELETION_SCHEDULED_MESSAGE);
    await deletePendingDeletion(tx, pending.id);
    await recordAudit(tx, deps.clock, {
      actorId: adminId,
      action: 'account.deletion_cancelled',
      target: person.id,
      details: { requested_at: pending.requestedAt.toISOString(), erase_after: pending.eraseAfter.toISOString() },
    });
    const message = 'An administrator cancelled the deletion of your account: it will not be deleted. Your subscription does not renew until you subscribe again.';
    await createNotification(tx, deps.clock, { userId: person.id, type: 'system', title: 'Account deletion cancelled', message, email: false });
    await enqueueMail(tx, deps.clock, {
      userId: person.id,
      kind: 'account.deletion_cancelled',
      to: person.email,
      subject: 'Your MYEAI account will not be deleted',
      text: `Hello ${person.name},\n\n${message}\n\nIf you did not ask for this, reply to this e-mail or delete your account again from Your data on your profile.\n`,
    });
  });
}

async function confirmIdentity(deps: AppDeps, passwordHash: string | null, request: { sessionId: string; password: string | undefined }): Promise<void> {
  if (passwordHash) {
    if (!request.password || !(await verifyPassword(request.password, passwordHash))) throw new AppError('VALIDATION', WRONG_PASSWORD_MESSAGE);
    return;
  }
  // An account without a password (identity provider, demo) proves itself by a sign-in just now.
  const session = await selectSessionStart(deps.db, request.sessionId);
  if (!session || !isFreshSignIn(session.createdAt, deps.clock.now())) throw new AppError('VALIDATION', REAUTH_MESSAGE);
}

/**
 * Cancels the renewal in the subscription's own transaction (it may call the payment provider);
 * with nothing to cancel there is nothing to do. The erasure cancels again, so a failure here is
 * retried then.
 */
async function cancelRenewal(deps: AppDeps, userId: string): Promise<void> {
  try {
    await cancelSubscription(deps, userId);
  } catch (error) {
    if (!(error instanceof AppError && error.message === NO_SUBSCRIPTION_TO_CANCEL_MESSAGE)) throw error;
  }
}

/**
 * Erases the person (docs/decisions/059): rows that are theirs are deleted, kept rows lose what
 * could name them, and the users row is anonymised. Its id, which then names nobody, is what
 * money records keep. A new referral code is drawn and the old aliases are deleted, so old links
 * credit no one; the e-mail is freed for a new registration.
 */
export async function erasePerson(db: DbOrTx, userId: string): Promise<void> {
  const person = await selectPerson(db, userId);
  if (!person) return;
  const pseudonym = { email: `deleted-${userId}@deleted.invalid`, name: 'Deleted account' };
  for (const entry of PERSONAL_TABLES) {
    if (entry.table === 'users') continue;
    for (const [column, erasure] of Object.entries(entry.columns)) {
      if (erasure === 'delete') await deleteRowsNaming(db, entry.table, column, userId);
    }
    const kept = Object.entries(entry.columns).filter(([, erasure]) => erasure === 'keep').map(([column]) => column);
    if (entry.scrub && kept.length > 0) await clearColumnsOfRowsNaming(db, entry.table, kept, entry.scrub, userId);
    for (const column of entry.pseudonymise ?? []) {
      await replaceInJsonColumn(db, entry.table, column, person.email, pseudonym.email);
      await replaceInJsonColumn(db, entry.table, column, person.name, pseudonym.name);
    }
  }
  await deleteMailTo(db, person.email);
  await anonymiseUserRow(db, userId, {
    ...pseudonym,
    picture: null,
    passwordHash: null,
    roles: ['newcomer'],
    activeRole: 'newcomer',
    status: 'deleted',
    referralCode: referralCodeFromBytes(randomBytes(8)),
    referralCodeUsed: null,
    referredAt: null,
    isDemo: false,
    freeTrialUsedAt: null,
    lastSeenAt: null,
    goalSetupSkippedAt: null,
    emailVerifiedAt: null,
  });
}

const ErasurePayloadSchema = z.object({ deletionId: z.uuid() });

/** The erasure job, due when the grace period ends; a request cancelled by a sign-in is gone, so nothing runs. */
const eraseAccount: JobHandler = async (payload, { deps }) => {
  const { deletionId } = ErasurePayloadSchema.parse(payload);
  const userId = await deps.db.transaction(async (tx) => {
    const deletion = await selectAccountDeletion(tx, deletionId);
    if (!deletion || deletion.erasedAt) return null;
    await lockUserRow(tx, deletion.userId);
    await erasePerson(tx, deletion.userId);
    await markAccountErased(tx, deletion.id, deps.clock.now());
    await recordAudit(tx, deps.clock, { actorId: null, action: 'account.erased', target: deletion.userId });
    return deletion.userId;
  });
  if (userId) {
    userChangeFeedFor(deps).userChanged(userId);
    await cancelRenewal(deps, userId);
  }
};

const DeletionCancelledPayloadSchema = z.object({ userId: z.uuid() });

/** Tells the person that signing in kept their account (a notification and a security e-mail). */
const announceDeletionCancelled: JobHandler = async (payload, { deps }) => {
  const { userId } = DeletionCancelledPayloadSchema.parse(payload);
  await deps.db.transaction(async (tx) => {
    const person = await selectPerson(tx, userId);
    if (!person) return;
    const message = 'You signed in, so your account will not be deleted. To delete it, ask again from Your data on your profile.';
    await createNotification(tx, deps.clock, { userId, type: 'system', title: 'Account deletion cancelled', message, email: false });
    await enqueueMail(tx, deps.clock, { userId, kind: 'account.deletion_cancelled', to: person.email, subject: 'Your MYEAI account will not be deleted', text: `Hello ${person.name},\n\n${message}\n\nIf this was not you, change your password now.\n` });
  });
};

export const deletionJobHandlers: Record<string, JobHandler> = { [ACCOUNT_ERASURE_JOB]: eraseAccount, [DELETION_CANCELLED_JOB]: announceDeletionCancelled };

/** Whether the person has a deletion pending (People Management shows it). */
export async function pendingDeletionOf(db: DbOrTx, userId: string): Promise<AccountDeletion | null> {
  const row = await selectPendingDeletion(db, userId);
  return row ? { status: 'scheduled', requested_at: row.requestedAt.toISOString(), erase_after: row.eraseAfter.toISOString() } : null;
}
