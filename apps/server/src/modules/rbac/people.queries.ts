import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { commissions, referralCodeAliases, sessions, subscriptions, trials, users, type DbOrTx } from '@myeai/db';
import { AVAILABLE_REFERRERS_MAX, type AdminUsersQuery, type MyTeamQuery, type Role } from '@myeai/domain';

/**
 * Every statement of People Management and My Team (docs/decisions/035). Searches use the GIN
 * index users_search_idx: the expression below must stay the index's expression, word for word.
 */
const searchVector = sql`to_tsvector('simple', ${users.name} || ' ' || ${users.email} || ' ' || ${users.referralCode})`;
const matches = (tsquery: string) => sql`${searchVector} @@ to_tsquery('simple', ${tsquery})`;

const referrer = alias(users, 'referrer');

/** Paid plans that count a member as converted (with a trial converted to a plan). */
const PAID_STATUSES = ['active', 'past_due'];

const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  picture: users.picture,
  roles: users.roles,
  activeRole: users.activeRole,
  status: users.status,
  referredBy: users.referredBy,
  referrerName: referrer.name,
  referralCodeUsed: users.referralCodeUsed,
  referredAt: users.referredAt,
  createdAt: users.createdAt,
  trialId: trials.id,
  trialEndsAt: trials.endsAt,
  trialConvertedAt: trials.convertedAt,
  hasPaidPlan: sql<boolean>`coalesce(${subscriptions.status} in (${sql.join(PAID_STATUSES.map((s) => sql`${s}`), sql`, `)}), false)`,
};

export type PersonRow = {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  roles: string[];
  activeRole: string;
  status: string;
  referredBy: string | null;
  referrerName: string | null;
  referralCodeUsed: string | null;
  referredAt: Date | null;
  createdAt: Date;
  trialId: string | null;
  trialEndsAt: Date | null;
  trialConvertedAt: Date | null;
  hasPaidPlan: boolean;
};

function personQuery(db: DbOrTx) {
  return db
    .select(personColumns)
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referredBy))
    .leftJoin(trials, eq(trials.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id));
}

function peopleFilter(query: Pick<AdminUsersQuery, 'referrer' | 'accounts'>, tsquery: string | null): SQL | undefined {
  // Erased accounts (decision 059) are listed only when asked for: they name nobody and take no action.
  const conditions: SQL[] = [query.accounts === 'deleted' ? eq(users.status, 'deleted') : ne(users.status, 'deleted')];
  if (tsquery) conditions.push(matches(tsquery));
  if (query.referrer === 'direct') conditions.push(isNull(users.referredBy));
  else if (query.referrer !== 'all') conditions.push(eq(users.referredBy, query.referrer));
  return and(...conditions);
}

const SORT_COLUMNS = { name: users.name, email: users.email, joined: users.createdAt } as const;

/**
 * A search's order, written so that no index can serve it: the planner then takes the few matches
 * from the search index and sorts them, instead of walking the whole table in date or name order
 * and computing every row's search vector (it cannot tell that a prefix matches 5 rows, not 2%).
 * The columns are NOT NULL, so the NULLS clause changes nothing else.
 */
const searchedOrder = (column: AnyPgColumn, order: 'asc' | 'desc') => (order === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`);

/**
 * One page of users, in the chosen order (ties broken by id, so pages never overlap). The page's
 * ids come first, from users alone; the joins then run for those rows only. Joined in one
 * statement, a search the planner guesses at 2% of the table got a parallel plan whose workers
 * took 20-40 ms to start, for 5 rows.
 */
export async function selectPeoplePage(db: DbOrTx, query: AdminUsersQuery, tsquery: string | null): Promise<PersonRow[]> {
  const direction = query.order === 'asc' ? asc : desc;
  const order = tsquery
    ? [searchedOrder(SORT_COLUMNS[query.sort], query.order), searchedOrder(users.id, query.order)]
    : [direction(SORT_COLUMNS[query.sort]), direction(users.id)];
  const page = await db
    .select({ id: users.id })
    .from(users)
    .where(peopleFilter(query, tsquery))
    .orderBy(...order)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  if (page.length === 0) return [];
  const rows = await personQuery(db).where(inArray(users.id, page.map((row) => row.id)));
  const position = new Map(page.map((row, index) => [row.id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

export async function countPeople(db: DbOrTx, query: AdminUsersQuery, tsquery: string | null): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(peopleFilter(query, tsquery));
  return row?.n ?? 0;
}

export async function selectPerson(db: DbOrTx, id: string): Promise<PersonRow | undefined> {
  const [row] = await personQuery(db).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Role and status changes run one at a time (a transaction-scoped advisory lock), so two admins
 * demoting each other at once cannot both pass the last-admin check; referral edits likewise, so
 * two edits cannot close a loop between them.
 */
export const PEOPLE_LOCKS = { admins: 735_001, referrals: 735_002 } as const;

export async function lockPeople(tx: DbOrTx, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

export type AccountRow = { id: string; email: string; roles: Role[]; activeRole: Role; status: string; referredBy: string | null; referralCodeUsed: string | null; referredAt: Date | null; referralCode: string };

export async function selectAccountForUpdate(tx: DbOrTx, id: string): Promise<AccountRow | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      roles: users.roles,
      activeRole: users.activeRole,
      status: users.status,
      referredBy: users.referredBy,
      referralCodeUsed: users.referralCodeUsed,
      referredAt: users.referredAt,
      referralCode: users.referralCode,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .for('update');
  return row && { ...row, roles: row.roles as Role[], activeRole: row.activeRole as Role };
}

/** An acting admin's roles and status as stored now (read under the admins lock, which every role and status change takes). */
export async function selectActor(tx: DbOrTx, id: string): Promise<{ roles: Role[]; activeRole: Role; status: string } | undefined> {
  const [row] = await tx.select({ roles: users.roles, activeRole: users.activeRole, status: users.status }).from(users).where(eq(users.id, id)).limit(1);
  return row && { ...row, roles: row.roles as Role[], activeRole: row.activeRole as Role };
}

export async function selectAccountByEmailForUpdate(tx: DbOrTx, email: string): Promise<AccountRow | undefined> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row && selectAccountForUpdate(tx, row.id);
}

/** Active (not suspended) admins other than `exceptId`. */
export async function countOtherActiveAdmins(tx: DbOrTx, exceptId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, eq(users.status, 'active'), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

export async function updateRoles(tx: DbOrTx, id: string, roles: Role[], activeRole: Role): Promise<void> {
  await tx.update(users).set({ roles, activeRole }).where(eq(users.id, id));
}

export async function updateAccountStatus(tx: DbOrTx, id: string, status: 'active' | 'suspended'): Promise<void> {
  await tx.update(users).set({ status }).where(eq(users.id, id));
}

/** Revokes every live session of the user; returns their ids (to close their sockets). */
export async function revokeAllSessions(tx: DbOrTx, userId: string, at: Date): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function updateReferral(tx: DbOrTx, id: string, referral: { referredBy: string | null; referralCodeUsed: string | null; referredAt: Date | null }): Promise<void> {
  await tx.update(users).set(referral).where(eq(users.id, id));
}

export async function selectReferralCode(db: DbOrTx, id: string): Promise<string | undefined> {
  // An erased account refers nobody new: its code was replaced and names no one (decision 059).
  const [row] = await db.select({ code: users.referralCode }).from(users).where(and(eq(users.id, id), ne(users.status, 'deleted'))).limit(1);
  return row?.code;
}

/** The user's earlier referral codes, kept resolving by the link migration (DESIGN.md decision 42). */
export async function selectReferralCodeAliases(db: DbOrTx, id: string): Promise<string[]> {
  const rows = await db.select({ alias: referralCodeAliases.alias }).from(referralCodeAliases).where(eq(referralCodeAliases.userId, id));
  return rows.map((row) => row.alias);
}

/**
 * The chain above a user: their referrer, that one's referrer, and so on to the top. Bounded, so a
 * loop written before the cycle check existed cannot make it run forever.
 */
export async function selectUpline(db: DbOrTx, userId: string, maxDepth = 100_000): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive up(id, depth) as (
      select ${users.referredBy}, 1 from ${users} where ${users.id} = ${userId}
      union all
      select u.referred_by, up.depth + 1 from users u join up on u.id = up.id where up.depth < ${maxDepth}
    )
    select id from up where id is not null`);
  // node-postgres and PGlite both answer { rows }; Drizzle types a raw statement's result per driver.
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

// Written out: inside the subquery Drizzle would render users.id unqualified, as the inner row's id.
const referralCount = sql<number>`(select count(*)::int from users r where r.referred_by = "users"."id")`;

/** The referrer filter's list (users who referred someone, most first) or, with a search, any matching user. */
export async function selectReferrers(db: DbOrTx, tsquery: string | null) {
  const base = db
    .select({ user_id: users.id, name: users.name, email: users.email, referral_code: users.referralCode, total_referrals: referralCount })
    .from(users);
  // A search picks a new referrer: never an erased account. The list without one filters by existing referrals, which an erased referrer keeps.
  if (tsquery) return base.where(and(matches(tsquery), ne(users.status, 'deleted'))).orderBy(asc(users.name), asc(users.id)).limit(AVAILABLE_REFERRERS_MAX);
  return base
    .where(inArray(users.id, db.selectDistinct({ id: users.referredBy }).from(users).where(isNotNull(users.referredBy))))
    .orderBy(desc(referralCount), asc(users.name))
    .limit(AVAILABLE_REFERRERS_MAX);
}

/** My Team: the members who joined with the user's code, newest first, with the commission each gave rise to. */
export async function selectTeamPage(db: DbOrTx, referrerId: string, query: MyTeamQuery, tsquery: string | null) {
  const earned = db
    .select({ originUserId: commissions.originUserId, cents: sql<number>`sum(${commissions.amountCents})::bigint`.as('cents') })
    .from(commissions)
    .where(and(eq(commissions.userId, referrerId), isNotNull(commissions.originUserId), ne(commissions.status, 'withheld')))
    .groupBy(commissions.originUserId)
    .as('earned');
  return db
    .select({ ...personColumns, lastSeenAt: users.lastSeenAt, commissionCents: sql<number>`coalesce(${earned.cents}, 0)::bigint` })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referredBy))
    .leftJoin(trials, eq(trials.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(earned, eq(earned.originUserId, users.id))
    .where(and(eq(users.referredBy, referrerId), tsquery ? matchesName(tsquery) : undefined))
    .orderBy(desc(sql`coalesce(${users.referredAt}, ${users.createdAt})`), desc(users.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
}

/** A member's e-mail is not theirs to search by for the referrer: names only. */
const matchesName = (tsquery: string) => sql`to_tsvector('simple', ${users.name}) @@ to_tsquery('simple', ${tsquery})`;

export async function countTeam(db: DbOrTx, referrerId: string, tsquery: string | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.referredBy, referrerId), tsquery ? matchesName(tsquery) : undefined));
  return row?.n ?? 0;
}

/** The whole team's size and the members active since `activeSince` (decision 40). */
export async function selectTeamTotals(db: DbOrTx, referrerId: string, activeSince: Date) {
  const [team] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${users.lastSeenAt} >= ${activeSince.toISOString()}::timestamptz)::int`,
    })
    .from(users)
    .where(eq(users.referredBy, referrerId));
  return { total: team?.total ?? 0, active: team?.active ?? 0 };
}
