import { randomBytes } from 'node:crypto';
import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  normaliseReferralCode,
  referralCodeFromBytes,
  REFERRAL_CODE_LENGTH,
  type RegisterInput,
  type Role,
  type UserProfile,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import {
  countUsersReferredBy,
  insertIdentity,
  insertUser,
  selectUserByEmail,
  selectUserById,
  selectUserByIdentity,
  selectUserIdByReferralCode,
  setActiveRoleIfHeld,
  updateUser,
  type UserRow,
} from './auth.queries.ts';
import { revokeSessionsOfUser, selectEmailVerifiedAt } from './account-state.queries.ts';
import { hashPassword } from './passwords.ts';

export function toProfile(row: UserRow): UserProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    roles: row.roles as Role[],
    active_role: row.activeRole as Role,
    status: row.status === 'suspended' ? 'suspended' : 'active',
    created_at: row.createdAt.toISOString(),
    referral_code: row.referralCode,
    email_verified: row.emailVerifiedAt !== null,
  };
}

export async function getUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return selectUserById(db, id);
}

export async function getUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return selectUserByEmail(db, email.toLowerCase());
}

async function unusedReferralCode(db: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = referralCodeFromBytes(randomBytes(REFERRAL_CODE_LENGTH));
    if ((await selectUserIdByReferralCode(db, code)) === undefined) return code;
  }
  throw new Error('could not find an unused referral code');
}

async function referrerFor(db: DbOrTx, ref: string | null | undefined): Promise<{ id: string; code: string } | null> {
  const code = normaliseReferralCode(ref);
  if (!code) return null;
  const id = await selectUserIdByReferralCode(db, code);
  // A referrer who has not confirmed their e-mail earns no credit (issue 29, decision 057).
  if (id === undefined || (await selectEmailVerifiedAt(db, id)) === null) return null;
  return { id, code };
}

export type NewUser = {
  email: string;
  name: string;
  picture?: string | null;
  passwordHash?: string | null;
  roles?: Role[];
  ref?: string | null;
  isDemo?: boolean;
  /** Whether the address is proven (the seed, an identity provider that says so); a sign-up's is not (decision 057). */
  emailVerified?: boolean;
};

/** Creates a user; a sign-up holds the newcomer role unless the caller (the seed) says otherwise. */
export async function createUser(db: DbOrTx, clock: Clock, input: NewUser): Promise<UserRow> {
  const roles = input.roles ?? ['newcomer'];
  const referrer = await referrerFor(db, input.ref);
  return insertUser(db, {
    email: input.email.toLowerCase(),
    name: input.name,
    picture: input.picture ?? null,
    passwordHash: input.passwordHash ?? null,
    roles,
    activeRole: roles[0]!,
    referralCode: await unusedReferralCode(db),
    referredBy: referrer?.id ?? null,
    // People Management shows the code used and the join date (docs/decisions/035).
    referralCodeUsed: referrer?.code ?? null,
    referredAt: referrer ? clock.now() : null,
    isDemo: input.isDemo ?? false,
    emailVerifiedAt: input.emailVerified === false ? null : clock.now(),
    createdAt: clock.now(),
  });
}

/**
 * Runs inside the transaction that creates an account (the referral credit, decision record 046):
 * the account and its credit commit together or not at all.
 */
export type OnAccountCreated = (tx: DbOrTx, user: UserRow) => Promise<void>;

/**
 * Creates an unverified local account, or answers the existing account of that address with
 * created: false (the caller answers both alike, decision 057). The password is hashed either way,
 * so both take the same time.
 */
export async function registerLocalUser(db: Database, clock: Clock, input: RegisterInput, onCreated?: OnAccountCreated): Promise<{ user: UserRow; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const existing = await getUserByEmail(tx, input.email);
    if (existing) return { user: existing, created: false };
    const user = await createUser(tx, clock, { email: input.email, name: input.name, passwordHash, ref: input.ref ?? null, emailVerified: false });
    if (onCreated) await onCreated(tx, user);
    return { user, created: true };
  });
}

export type OidcIdentity = {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
};

/**
 * Finds the user of an external identity or creates one. An existing account is linked only
 * through a verified e-mail; a referral code counts only for a user created here.
 */
export async function findOrCreateOidcUser(db: Database, clock: Clock, identity: OidcIdentity, ref: string | null, onCreated?: OnAccountCreated): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const linked = await selectUserByIdentity(tx, identity.issuer, identity.subject);
    if (linked) {
      if (identity.picture && identity.picture !== linked.picture) await updateUser(tx, linked.id, { picture: identity.picture });
      return linked;
    }
    if (!identity.email) throw new AppError('VALIDATION', 'The identity provider did not share an email address.');
    const existing = await getUserByEmail(tx, identity.email);
    if (existing && !identity.emailVerified) {
      throw new AppError('CONFLICT', 'An account with this email already exists. Sign in with your password.');
    }
    let user = existing;
    if (!user) {
      user = await createUser(tx, clock, {
        email: identity.email,
        name: identity.name ?? identity.email.split('@')[0]!,
        picture: identity.picture ?? null,
        ref,
        emailVerified: identity.emailVerified,
      });
      if (onCreated) await onCreated(tx, user);
    } else if (!user.emailVerifiedAt) {
      // Linked through a verified e-mail (checked above): the identity provider vouches for the
      // address. Whoever registered it unverified may not be its owner, so their password and
      // sessions go (pre-hijacking, decision 057): the owner resets a password if they want one.
      user = (await updateUser(tx, user.id, { emailVerifiedAt: clock.now(), passwordHash: null })) ?? user;
      await revokeSessionsOfUser(tx, user.id, clock.now());
    }
    await insertIdentity(tx, { userId: user.id, issuer: identity.issuer, subject: identity.subject, createdAt: clock.now() });
    return user;
  });
}

export async function switchActiveRole(db: DbOrTx, userId: string, role: Role): Promise<UserRow> {
  const row = await setActiveRoleIfHeld(db, userId, role);
  if (!row) throw new AppError('FORBIDDEN', 'You do not hold that role.');
  return row;
}

export async function countReferredUsers(db: DbOrTx, userId: string): Promise<number> {
  return countUsersReferredBy(db, userId);
}
