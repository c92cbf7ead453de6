import { and, count, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { auditLog, commissions, goals, sessions, subscriptions, trials, users, type DbOrTx } from '@myeai/db';
import { GOAL_REVIEW_ACTIONS, TEAM_ROLES } from '@myeai/domain';

const iso = (date: Date) => date.toISOString();

/**
 * Users by the groups of the domain's userStatusGroup at `now`, each counted once: a subscriber
 * holds a subscription in one of `entitledStatuses` (a cancelled one until its period ends) or the
 * subscriber role; else a trial user a running platform trial; else the team holds a working role
 * (TEAM_ROLES); else a visitor.
 */
export async function countUsersByAccess(
  db: DbOrTx,
  now: Date,
  entitledStatuses: readonly string[],
): Promise<{ visitors: number; trial: number; subscribers: number; team: number }> {
  const subscribed = sql`(exists (select 1 from ${subscriptions} s where s.user_id = ${users.id}
    and s.status in (${sql.join(entitledStatuses.map((status) => sql`${status}`), sql`, `)})
    and (not s.cancel_at_period_end or s.current_period_end > ${iso(now)}::timestamptz))
    or 'subscriber' = any(${users.roles}))`;
  const team = sql`${users.roles} && array[${sql.join(TEAM_ROLES.map((role) => sql`${role}`), sql`, `)}]::text[]`;
  const trialing = sql`exists (select 1 from ${trials} t where t.user_id = ${users.id}
    and t.status = 'active' and t.converted_at is null and t.ends_at > ${iso(now)}::timestamptz)`;
  const [row] = await db
    .select({
      subscribers: sql<number>`count(*) filter (where ${subscribed})::int`,
      trial: sql<number>`count(*) filter (where not ${subscribed} and ${trialing})::int`,
      team: sql<number>`count(*) filter (where not ${subscribed} and not ${trialing} and ${team})::int`,
      visitors: sql<number>`count(*) filter (where not ${subscribed} and not ${trialing} and not ${team})::int`,
    })
    .from(users);
  return { visitors: Number(row?.visitors ?? 0), trial: Number(row?.trial ?? 0), subscribers: Number(row?.subscribers ?? 0), team: Number(row?.team ?? 0) };
}

/** All users, those who joined in [currentFrom, until] and those who joined in [previousFrom, currentFrom). */
export async function countUsersJoined(
  db: DbOrTx,
  windows: { previousFrom: Date; currentFrom: Date; until: Date },
): Promise<{ total: number; current: number; previous: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      current: sql<number>`count(*) filter (where ${users.createdAt} >= ${iso(windows.currentFrom)}::timestamptz and ${users.createdAt} <= ${iso(windows.until)}::timestamptz)::int`,
      previous: sql<number>`count(*) filter (where ${users.createdAt} >= ${iso(windows.previousFrom)}::timestamptz and ${users.createdAt} < ${iso(windows.currentFrom)}::timestamptz)::int`,
    })
    .from(users);
  return { total: Number(row?.total ?? 0), current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) };
}

export async function countGoalsAndPending(db: DbOrTx): Promise<{ pending: number; total: number }> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, pending: sql<number>`count(*) filter (where ${goals.status} = 'pending_approval')::int` })
    .from(goals);
  return { pending: Number(row?.pending ?? 0), total: Number(row?.total ?? 0) };
}

export async function countSignInsSince(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(gte(sessions.createdAt, since));
  return Number(row?.n ?? 0);
}

/** Users who joined in [from, until), per UTC day (days with none left out). */
export async function countUsersJoinedPerDay(db: DbOrTx, from: Date, until: Date): Promise<Array<{ day: string; count: number }>> {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(gte(users.createdAt, from), lt(users.createdAt, until)))
    .groupBy(day);
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

/** Goal reviews (the audited goal.approve, goal.reject, goal.request_revision) per UTC day in [from, until). */
export async function countGoalReviewsPerDay(db: DbOrTx, from: Date, until: Date): Promise<Array<{ day: string; action: string; count: number }>> {
  const day = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const action = sql<string>`substring(${auditLog.action} from 6)`;
  const rows = await db
    .select({ day, action, count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(inArray(auditLog.action, GOAL_REVIEW_ACTIONS.map((name) => `goal.${name}`)), gte(auditLog.createdAt, from), lt(auditLog.createdAt, until)))
    .groupBy(day, action);
  return rows.map((row) => ({ day: row.day, action: row.action, count: Number(row.count) }));
}

/** Distinct users credited a commission in [from, until). */
export async function countUsersEarningBetween(db: DbOrTx, from: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${commissions.userId})::int` })
    .from(commissions)
    .where(and(gte(commissions.earnedAt, from), lt(commissions.earnedAt, until), ne(commissions.status, 'withheld')));
  return Number(row?.n ?? 0);
}
