import type { Database, DbOrTx } from '@myeai/db';
import {
  ACCOUNT_ERASED_MESSAGE,
  activeRoleAfterChange,
  AppError,
  isActiveMember,
  leavesNoAdmin,
  memberStatus,
  PEOPLE_MESSAGES,
  referralCodeNotReferrersMessage,
  referralCodeUsedFor,
  searchPrefixQuery,
  wouldCreateReferralCycle,
  ACTIVE_MEMBER_DAYS,
  type AdminUser,
  type AdminUsersPage,
  type AdminUsersQuery,
  type AvailableReferrer,
  type MyTeam,
  type MyTeamQuery,
  type Role,
  type UpdateReferralInput,
} from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { assertEmailVerified } from '../auth/index.ts';
import { selectCommissionFigures } from '../commissions/index.ts';
import { userChangeFeedFor } from '../changes/index.ts';
import { announceSessionEnded, publishLiveEvent } from '../live/index.ts';
import {
  countOtherActiveAdmins,
  countPeople,
  countTeam,
  lockPeople,
  PEOPLE_LOCKS,
  revokeAllSessions,
  selectAccountForUpdate,
  selectActor,
  selectPeoplePage,
  selectPerson,
  selectReferralCode,
  selectReferralCodeAliases,
  selectReferrers,
  selectTeamPage,
  selectTeamTotals,
  selectUpline,
  updateAccountStatus,
  updateReferral as writeReferral,
  updateRoles as writeRoles,
  type AccountRow,
  type PersonRow,
} from './people.queries.ts';

type PeopleDeps = Pick<AppDeps, 'db' | 'clock'>;

function toAdminUser(row: PersonRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    roles: row.roles as Role[],
    active_role: row.activeRole as Role,
    account_status: row.status === 'suspended' || row.status === 'deleted' ? row.status : 'active',
    referred_by_user_id: row.referredBy,
    referred_by_name: row.referrerName,
    referral_code_used: row.referredBy ? row.referralCodeUsed : null,
    referral_date: row.referredBy ? (row.referredAt ?? row.createdAt).toISOString() : null,
    join_date: row.createdAt.toISOString(),
    current_status: memberStatus({ hasTrial: row.trialId !== null, hasConverted: row.trialConvertedAt !== null || row.hasPaidPlan }),
    trial: row.trialId && row.trialEndsAt ? { id: row.trialId, ends_at: row.trialEndsAt.toISOString(), converted: row.trialConvertedAt !== null } : null,
  };
}

export async function listPeople(db: DbOrTx, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const tsquery = searchPrefixQuery(query.search);
  const [rows, total] = await Promise.all([selectPeoplePage(db, query, tsquery), countPeople(db, query, tsquery)]);
  return { users: rows.map(toAdminUser), total, page: query.page, page_size: query.page_size };
}

async function personOrThrow(db: DbOrTx, id: string): Promise<AdminUser> {
  const row = await selectPerson(db, id);
  if (!row) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.userUnknown);
  return toAdminUser(row);
}

/** The account an admin changes, locked; an erased one answers 409 (decision 059: nothing of the person is left to change). */
async function accountOrThrow(tx: DbOrTx, id: string): Promise<AccountRow> {
  const account = await selectAccountForUpdate(tx, id);
  if (!account) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.userUnknown);
  if (account.status === 'deleted') throw new AppError('CONFLICT', ACCOUNT_ERASED_MESSAGE);
  return account;
}

/**
 * The access guard judged the actor from their session, which may predate a demotion or
 * suspension committed since (the request was in flight, or the announcement has not reached
 * this instance). Read again under the admins lock (every role and status change holds it, so
 * none can commit between this read and the change), the actor must still be an active admin
 * acting as admin, or nothing changes.
 */
async function assertActorStillAdmin(tx: DbOrTx, actorId: string): Promise<void> {
  const actor = await selectActor(tx, actorId);
  if (!actor || actor.status !== 'active' || !actor.roles.includes('admin') || actor.activeRole !== 'admin') {
    throw new AppError('FORBIDDEN', PEOPLE_MESSAGES.actorNotAdmin);
  }
}

/**
 * After a change of a user's account commits: this instance forgets their cached sessions and
 * reads now (the database's announcement reaches the other instances), so their next request,
 * anywhere, sees the change.
 */
function forgetCachedUser(deps: PeopleDeps, userId: string): void {
  userChangeFeedFor(deps as AppDeps).userChanged(userId);
}

/**
 * Sets a user's whole role set: at least one role (the schema), never leaving no active admin,
 * one audited action with before and after, and the user's sockets told (account.updated).
 * Setting the roles they already hold changes and records nothing.
 */
export async function setUserRoles(deps: PeopleDeps, actorId: string, userId: string, roles: Role[]): Promise<AdminUser> {
  const { db, clock } = deps;
  const changed = await (db as Database).transaction(async (tx) => {
    await lockPeople(tx, PEOPLE_LOCKS.admins);
    await assertActorStillAdmin(tx, actorId);
    const account = await accountOrThrow(tx, userId);
    const activeRole = activeRoleAfterChange(account.roles, account.activeRole, roles);
    if (sameRoles(account.roles, roles) && activeRole === account.activeRole) return false;
    const isActiveAdmin = account.roles.includes('admin') && account.status === 'active';
    if (leavesNoAdmin({ targetIsActiveAdmin: isActiveAdmin, targetStaysAdmin: roles.includes('admin'), otherActiveAdmins: await countOtherActiveAdmins(tx, userId) })) {
      throw new AppError('CONFLICT', PEOPLE_MESSAGES.lastAdminRoles);
    }
    // A role is granted only to a confirmed address (issue 29, decision 057); taking roles away is always allowed.
    if (roles.some((role) => !account.roles.includes(role))) await assertEmailVerified(tx, userId);
    await writeRoles(tx, userId, roles, activeRole);
    await recordAudit(tx, clock, {
      actorId,
      action: 'people.roles',
      target: userId,
      details: { before: { roles: account.roles, active_role: account.activeRole }, after: { roles, active_role: activeRole } },
    });
    await publishLiveEvent(tx, clock, userId, 'account.updated', { roles, active_role: activeRole, status: account.status === 'suspended' ? 'suspended' : 'active' });
    return true;
  });
  if (changed) forgetCachedUser(deps, userId);
  return personOrThrow(db, userId);
}

const sameRoles = (a: readonly Role[], b: readonly Role[]) => a.length === b.length && a.every((role) => b.includes(role));

/**
 * Suspends an account: its sessions are revoked and their sockets closed on every instance. The
 * last active admin cannot be suspended, nor can admins suspend themselves. Suspending a
 * suspended account changes nothing.
 */
export async function suspendUser(deps: PeopleDeps, actorId: string, userId: string): Promise<AdminUser> {
  const { db, clock } = deps;
  const changed = await (db as Database).transaction(async (tx) => {
    await lockPeople(tx, PEOPLE_LOCKS.admins);
    await assertActorStillAdmin(tx, actorId);
    const account = await accountOrThrow(tx, userId);
    if (account.status === 'suspended') return false;
    if (leavesNoAdmin({ targetIsActiveAdmin: account.roles.includes('admin'), targetStaysAdmin: false, otherActiveAdmins: await countOtherActiveAdmins(tx, userId) })) {
      throw new AppError('CONFLICT', PEOPLE_MESSAGES.lastAdminSuspend);
    }
    if (actorId === userId) throw new AppError('VALIDATION', PEOPLE_MESSAGES.suspendSelf);
    await updateAccountStatus(tx, userId, 'suspended');
    const revoked = await revokeAllSessions(tx, userId, clock.now());
    for (const sessionId of revoked) await announceSessionEnded(tx, userId, sessionId);
    await recordAudit(tx, clock, {
      actorId,
      action: 'people.suspend',
      target: userId,
      details: { before: { status: account.status }, after: { status: 'suspended' }, sessions_revoked: revoked.length },
    });
    return true;
  });
  if (changed) forgetCachedUser(deps, userId);
  return personOrThrow(db, userId);
}

/** Lets a suspended account sign in again (its old sessions stay revoked). */
export async function reactivateUser(deps: PeopleDeps, actorId: string, userId: string): Promise<AdminUser> {
  const { db, clock } = deps;
  const changed = await (db as Database).transaction(async (tx) => {
    await lockPeople(tx, PEOPLE_LOCKS.admins);
    await assertActorStillAdmin(tx, actorId);
    const account = await accountOrThrow(tx, userId);
    if (account.status === 'active') return false;
    await updateAccountStatus(tx, userId, 'active');
    await recordAudit(tx, clock, { actorId, action: 'people.reactivate', target: userId, details: { before: { status: account.status }, after: { status: 'active' } } });
    return true;
  });
  if (changed) forgetCachedUser(deps, userId);
  return personOrThrow(db, userId);
}

const referralOf = (account: Pick<AccountRow, 'referredBy' | 'referralCodeUsed' | 'referredAt'>) => ({
  referrer_user_id: account.referredBy,
  referral_code: account.referredBy ? account.referralCodeUsed : null,
  join_date: account.referredBy && account.referredAt ? account.referredAt.toISOString() : null,
});

/**
 * The referral-edit dialog (spec 2 section 5): a referrer, the code used and the join date, or
 * "none". Nobody becomes their own upline, however far up; the join date is not in the future.
 */
export async function setUserReferral(deps: PeopleDeps, actorId: string, userId: string, input: UpdateReferralInput): Promise<AdminUser> {
  const { db, clock } = deps;
  const now = clock.now();
  if (input.join_date && input.join_date > now.toISOString().slice(0, 10)) {
    throw new AppError('VALIDATION', PEOPLE_MESSAGES.joinDateFuture, [{ path: 'join_date', message: PEOPLE_MESSAGES.joinDateFuture }]);
  }
  const changed = await (db as Database).transaction(async (tx) => {
    await lockPeople(tx, PEOPLE_LOCKS.referrals);
    // Always after the referrals lock, so the two locks are never taken in the other order.
    await lockPeople(tx, PEOPLE_LOCKS.admins);
    await assertActorStillAdmin(tx, actorId);
    const account = await accountOrThrow(tx, userId);
    const next = input.referrer_user_id === 'none' ? { referredBy: null, referralCodeUsed: null, referredAt: null } : await nextReferral(tx, account, input, now);
    const before = referralOf(account);
    const after = referralOf(next);
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    await writeReferral(tx, userId, next);
    await recordAudit(tx, clock, { actorId, action: 'people.referral', target: userId, details: { before, after } });
    return true;
  });
  if (changed) forgetCachedUser(deps, userId);
  return personOrThrow(db, userId);
}

async function nextReferral(tx: DbOrTx, account: AccountRow, input: UpdateReferralInput, now: Date) {
  const referrerId = input.referrer_user_id as string;
  if (referrerId === account.id) throw new AppError('VALIDATION', PEOPLE_MESSAGES.ownReferrer, [{ path: 'referrer_user_id', message: PEOPLE_MESSAGES.ownReferrer }]);
  const referrerCode = await selectReferralCode(tx, referrerId);
  if (!referrerCode) throw new AppError('VALIDATION', PEOPLE_MESSAGES.referrerUnknown, [{ path: 'referrer_user_id', message: PEOPLE_MESSAGES.referrerUnknown }]);
  if (wouldCreateReferralCycle(account.id, referrerId, await selectUpline(tx, referrerId))) {
    throw new AppError('CONFLICT', PEOPLE_MESSAGES.referralCycle, [{ path: 'referrer_user_id', message: PEOPLE_MESSAGES.referralCycle }]);
  }
  const sameReferrer = account.referredBy === referrerId;
  const referredAt = input.join_date ? new Date(`${input.join_date}T00:00:00.000Z`) : sameReferrer && account.referredAt ? account.referredAt : now;
  let codeUsed = sameReferrer ? account.referralCodeUsed : null;
  if (input.referral_code !== null) {
    // Only a code of the chosen referrer is a "code used" (issue 26 probe: any text was stored).
    codeUsed = referralCodeUsedFor(input.referral_code, { code: referrerCode, aliases: await selectReferralCodeAliases(tx, referrerId), keptCode: codeUsed });
    if (codeUsed === null) {
      const message = referralCodeNotReferrersMessage(referrerCode);
      throw new AppError('VALIDATION', message, [{ path: 'referral_code', message }]);
    }
  }
  return { referredBy: referrerId, referralCodeUsed: codeUsed ?? referrerCode, referredAt };
}

export async function listAvailableReferrers(db: DbOrTx, search: string | undefined): Promise<{ referrers: AvailableReferrer[] }> {
  return { referrers: await selectReferrers(db, searchPrefixQuery(search)) };
}

/** GET /api/rbac/my-team: the caller's own members (DESIGN.md decisions 3, 40, 43). */
export async function getMyTeam(db: DbOrTx, clock: Clock, userId: string, query: MyTeamQuery): Promise<MyTeam> {
  const tsquery = searchPrefixQuery(query.search);
  const now = clock.now();
  const [rows, matching, totals, [allTime]] = await Promise.all([
    selectTeamPage(db, userId, query, tsquery),
    countTeam(db, userId, tsquery),
    selectTeamTotals(db, userId, new Date(now.getTime() - ACTIVE_MEMBER_DAYS * 86_400_000)),
    // The same referral commission as the Referral Dashboard and Share & Earn (decision record 051).
    selectCommissionFigures(db, userId, [null]),
  ]);
  return {
    members: rows.map((row) => ({
      user_id: row.id,
      name: row.name,
      picture: row.picture,
      referral_code_used: row.referralCodeUsed,
      join_date: (row.referredAt ?? row.createdAt).toISOString(),
      current_status: memberStatus({ hasTrial: row.trialId !== null, hasConverted: row.trialConvertedAt !== null || row.hasPaidPlan }),
      is_active: isActiveMember(row.lastSeenAt, now),
      commission_earned_cents: Number(row.commissionCents),
    })),
    matching,
    page: query.page,
    page_size: query.page_size,
    total_members: totals.total,
    active_members: totals.active,
    total_commission_cents: allTime?.referral_cents ?? 0,
  };
}
