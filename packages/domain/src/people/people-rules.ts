import { z } from 'zod';
import { ROLES, type Role } from '../access/roles.ts';
import { SHARE_CODE_PREFIX } from '../auth/referral-code.ts';

/**
 * People Management and My Team (spec 2 sections 2-9, DESIGN.md decisions 16, 28, 40, 43;
 * docs/decisions/035). Pure rules: the server enforces them, the screens explain them.
 */

export const PEOPLE_MESSAGES = {
  atLeastOneRole: 'A user must keep at least one role.',
  lastAdminRoles: 'You cannot remove the admin role from the last admin: grant another user the admin role first.',
  lastAdminSuspend: 'The last admin cannot be suspended: grant another user the admin role first.',
  suspendSelf: 'You cannot suspend your own account.',
  ownReferrer: 'A user cannot be their own referrer.',
  referralCycle: 'This referrer is already in the user’s own team (their downline), so the user would become their own upline.',
  referrerUnknown: 'The chosen referrer does not exist.',
  joinDateFuture: 'The join date cannot be in the future.',
  userUnknown: 'User not found.',
  actorNotAdmin: 'Your admin role was removed or your account suspended before this change was made, so nothing was changed.',
  rolesUpdated: 'User roles updated successfully!',
  rolesFailed: 'Failed to update user roles: ',
  referralUpdated: 'Referral information updated successfully!',
  referralFailed: 'Failed to update referral: ',
} as const;

/** Roles from the most capable down: the active role a user lands on when theirs goes (see activeRoleAfterChange). */
const ROLE_RANK: readonly Role[] = ['admin', 'affiliate', 'trader', 'investor', 'subscriber', 'subscriber_free', 'newcomer'];

/** A role set as stored: each role once, in the order of ROLES. Empty stays empty (the caller refuses it). */
export function normaliseRoleSet(roles: readonly Role[]): Role[] {
  return ROLES.filter((role) => roles.includes(role));
}

/**
 * The active role after an admin sets `nextRoles`. A held active role stays (the user chose it),
 * except the sign-up role newcomer when a role was granted: then the user lands on the granted
 * role, so a grant is visible at once. A removed active role gives way to the most capable role left.
 */
export function activeRoleAfterChange(previousRoles: readonly Role[], previousActive: Role, nextRoles: readonly Role[]): Role {
  if (nextRoles.length === 0) throw new Error('a user holds at least one role');
  const granted = nextRoles.filter((role) => !previousRoles.includes(role));
  const leavesNewcomer = previousActive === 'newcomer' && granted.length > 0;
  if (nextRoles.includes(previousActive) && !leavesNewcomer) return previousActive;
  const pool = leavesNewcomer ? granted : nextRoles;
  return ROLE_RANK.find((role) => pool.includes(role))!;
}

/**
 * Whether a change leaves no active admin. `otherActiveAdmins` counts the active (not suspended)
 * users other than the target who hold admin; `targetStaysAdmin` is false when the change takes
 * the target's admin role or suspends them.
 */
export function leavesNoAdmin(params: { targetIsActiveAdmin: boolean; targetStaysAdmin: boolean; otherActiveAdmins: number }): boolean {
  return params.targetIsActiveAdmin && !params.targetStaysAdmin && params.otherActiveAdmins === 0;
}

/**
 * Whether making `referrerId` the referrer of `userId` closes a loop. `uplineOfReferrer` is the
 * chain above the referrer (their referrer, that one's referrer, and so on, to the top): the user
 * must appear nowhere in it, however far up.
 */
export function wouldCreateReferralCycle(userId: string, referrerId: string, uplineOfReferrer: readonly string[]): boolean {
  return referrerId === userId || uplineOfReferrer.includes(userId);
}

/** The admin referral edit's refusal of a code used that is not one of the chosen referrer's (issue 26 probe). */
export function referralCodeNotReferrersMessage(referrerCode: string): string {
  return `The code used must be one of the chosen referrer's referral codes (their code is ${SHARE_CODE_PREFIX}${referrerCode}). Leave it empty to record that code.`;
}

/**
 * The "code used" an admin typed for a referral, as it is stored, or null when it is not a code of
 * the chosen referrer: their current code (with or without the share prefix, any case), one of
 * their earlier codes kept as aliases by the link migration, or the code already recorded for this
 * member with the same referrer (kept as it was).
 */
export function referralCodeUsedFor(typed: string, referrer: { code: string; aliases: readonly string[]; keptCode: string | null }): string | null {
  const text = typed.trim();
  if (referrer.keptCode !== null && text === referrer.keptCode) return referrer.keptCode;
  const upper = text.toUpperCase();
  const bare = upper.startsWith(SHARE_CODE_PREFIX) ? upper.slice(SHARE_CODE_PREFIX.length) : upper;
  if (bare === referrer.code) return referrer.code;
  return referrer.aliases.find((entry) => entry === text || entry.toUpperCase() === bare) ?? null;
}

/** A team member's status (spec 2 section 3 current_status): from their trial and paid plans. */
export type MemberStatus = 'converted' | 'trial_activated' | 'active';

export function memberStatus(params: { hasTrial: boolean; hasConverted: boolean }): MemberStatus {
  if (params.hasConverted) return 'converted';
  return params.hasTrial ? 'trial_activated' : 'active';
}

/**
 * The labels of a member's status, on My Team, People Management and the Referral Dashboard (whose
 * API names the third status `other`). "Active" is kept for decision 40's meaning (signed in within
 * 30 days, MEMBER_ACTIVITY_LABELS), so a member with no trial and no plan has "Signed up", never
 * "Active" beside "not seen in 30 days" (issue 26).
 */
export const MEMBER_STATUS_LABELS: Record<MemberStatus | 'other', string> = {
  converted: 'Converted',
  trial_activated: 'Trial activated',
  active: 'Signed up',
  other: 'Signed up',
};

/** Decision 40's active recruit: a referred user who signed in within this many days. */
export const ACTIVE_MEMBER_DAYS = 30;

/** Whether a member is active in decision 40's sense, in the words every screen uses. */
export const MEMBER_ACTIVITY_LABELS = {
  active: `Active: signed in within ${ACTIVE_MEMBER_DAYS} days`,
  inactive: `Not active: not seen in ${ACTIVE_MEMBER_DAYS} days`,
} as const;

export function isActiveMember(lastSeenAt: Date | null, now: Date): boolean {
  return lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() <= ACTIVE_MEMBER_DAYS * 86_400_000;
}

const EmailAddressSchema = z.email();

/**
 * ADMIN_EMAILS: comma-separated addresses whose accounts are admin when they sign in
 * (DESIGN.md decision 28). Blank entries are skipped; addresses are compared lowercased.
 */
export function parseAdminEmails(raw: string | undefined): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const email = part.trim().toLowerCase();
    if (!email) continue;
    if (!EmailAddressSchema.safeParse(email).success) invalid.push(part.trim());
    else if (!emails.includes(email)) emails.push(email);
  }
  return { emails, invalid };
}

/**
 * A search box's text as a PostgreSQL tsquery of word prefixes ("ada love" -> 'ada':* & 'love':*),
 * or null when nothing searchable is left. Only letters, digits and . @ _ - survive, so the
 * result is always a valid tsquery whatever was typed.
 */
export function searchPrefixQuery(search: string | undefined): string | null {
  const words = (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}.@_-]/gu, '').replace(/^[.@_-]+|[.@_-]+$/g, ''))
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `'${word}':*`).join(' & ') : null;
}
