import type { Database } from '@myeai/db';
import { activeRoleAfterChange, normaliseRoleSet, type Role } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { selectUserById, updateUser, type UserRow } from './auth.queries.ts';

/** Where a grant outside People Management came from; the audit row names it. */
export type GrantSource = 'ADMIN_EMAILS' | 'cli';

/**
 * Adds `role` to a user (the first admin of a real deployment: DESIGN.md decision 28), as one
 * audited action with before and after. A user who already holds the role is left as is, and
 * nothing is recorded. The row is re-read under a lock, so two grants at once add the role once.
 */
export async function grantRole(db: Database, clock: Clock, userId: string, role: Role, source: GrantSource): Promise<{ user: UserRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    const user = await selectUserById(tx, userId, { forUpdate: true });
    if (!user) throw new Error(`no user ${userId}`);
    const roles = user.roles as Role[];
    if (roles.includes(role)) return { user, changed: false };
    const nextRoles = normaliseRoleSet([...roles, role]);
    const activeRole = activeRoleAfterChange(roles, user.activeRole as Role, nextRoles);
    // The operator vouches for the address (ADMIN_EMAILS, npm run admin): a deployment without
    // SMTP never locks its first admin out of the earning and role rules (decision 057).
    const updated = await updateUser(tx, userId, { roles: nextRoles, activeRole, emailVerifiedAt: user.emailVerifiedAt ?? clock.now() });
    await recordAudit(tx, clock, {
      actorId: null,
      action: 'people.roles',
      target: userId,
      details: { source, before: { roles, active_role: user.activeRole }, after: { roles: nextRoles, active_role: activeRole } },
    });
    return { user: updated!, changed: true };
  });
}

/** At sign-in: an active account whose e-mail is in ADMIN_EMAILS holds admin (granted once, audited). */
export async function grantListedAdmin(db: Database, clock: Clock, adminEmails: readonly string[] | undefined, user: UserRow): Promise<UserRow> {
  if (!adminEmails?.includes(user.email.toLowerCase()) || user.status !== 'active' || (user.roles as Role[]).includes('admin')) return user;
  return (await grantRole(db, clock, user.id, 'admin', 'ADMIN_EMAILS')).user;
}
