import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { commissions, goals, users, type DbOrTx } from '@myeai/db';
import { CLOSED_LEAD_MILESTONES, type ComparisonWindows, type TimeWindow } from '@myeai/domain';

const iso = (date: Date) => date.toISOString();
const day = (date: Date) => date.toISOString().slice(0, 10);
/** Instants leave the database as epoch milliseconds: the same on PGlite and PostgreSQL, whatever the session time zone. */
const epochMs = (expression: ReturnType<typeof sql>) => sql<number | null>`(extract(epoch from ${expression}) * 1000)::float8`.mapWith((value) => (value === null ? null : Number(value)));

/**
 * Commissions earned (any status) in each window, in cents, from the user's ledger. One pass over
 * the user's entries since the earliest window start (index commissions_user_earned_idx).
 */
export async function selectEarnedInWindows(db: DbOrTx, userId: string, windows: readonly TimeWindow[]): Promise<number[]> {
  if (windows.length === 0) return [];
  const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
  const sums = Object.fromEntries(
    windows.map((w, i) => [
      `w${i}`,
      sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.earnedAt} >= ${iso(w.from)}::timestamptz and ${commissions.earnedAt} < ${iso(w.to)}::timestamptz), 0)::bigint`.mapWith(Number),
    ]),
  );
  const [row] = await db
    .select(sums)
    .from(commissions)
    .where(and(eq(commissions.userId, userId), gte(commissions.earnedAt, from), lt(commissions.earnedAt, to), ne(commissions.status, 'withheld')));
  return windows.map((_, i) => Number(row?.[`w${i}`] ?? 0));
}

/** How many users signed up with this user's code at or after `since`. */
export async function countReferralsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.referredBy, userId), gte(users.createdAt, since)));
  return row?.n ?? 0;
}

export type GoalFact = {
  id: string;
  title: string;
  goal_type: string;
  unit: string;
  status: string;
  /** Hundredths of the goal's unit (decision 061): cents of a USD goal. */
  target_hundredths: number;
  current_hundredths: number;
  deadline: string;
  created_at: string;
  reviewed_at: string | null;
  updated_at: string;
};

export type DashboardFacts = {
  earnedCurrent: number;
  earnedPrevious: number;
  firstEarnedAt: number | null;
  firstEarnedSource: string | null;
  firstPaidAt: number | null;
  leadsAddedCurrent: number;
  leadsAddedPrevious: number;
  firstLeadDay: string | null;
  closedDays: { day: string; count: number }[];
  firstReferralAt: number | null;
  goals: GoalFact[];
};

const GOALS_READ_MAX = 200;

/**
 * Everything the cards and the achievements need beyond the leads' stage totals and the ledger
 * summary, in one round trip: each column is a subquery on an index of the user's rows or on the
 * per-day lead activity (never on the user's leads themselves).
 *   - commissions earned in both windows, first earned and first paid (commissions_user_* indexes)
 *   - leads added in both windows, first day with a lead, days with closed leads up to the last
 *     milestone (lead_daily_activity, a row per user and day)
 *   - the first sign-up with the user's code (users_referred_by_idx)
 *   - the user's goals, newest first (goals_user_created_idx)
 */
export async function selectDashboardFacts(db: DbOrTx, userId: string, windows: ComparisonWindows): Promise<DashboardFacts> {
  const { current, previous } = windows;
  const lastMilestone = CLOSED_LEAD_MILESTONES[CLOSED_LEAD_MILESTONES.length - 1]!;
  const [row] = await db
    .select({
      earnedCurrent: sql<number>`(select coalesce(sum(amount_cents), 0)::bigint from commissions where user_id = ${userId} and status <> 'withheld' and earned_at >= ${iso(current.from)}::timestamptz and earned_at < ${iso(current.to)}::timestamptz)`.mapWith(Number),
      earnedPrevious: sql<number>`(select coalesce(sum(amount_cents), 0)::bigint from commissions where user_id = ${userId} and status <> 'withheld' and earned_at >= ${iso(previous.from)}::timestamptz and earned_at < ${iso(previous.to)}::timestamptz)`.mapWith(Number),
      firstEarnedAt: epochMs(sql`(select earned_at from commissions where user_id = ${userId} and status <> 'withheld' order by earned_at asc limit 1)`),
      firstEarnedSource: sql<string | null>`(select source from commissions where user_id = ${userId} and status <> 'withheld' order by earned_at asc, id asc limit 1)`,
      firstPaidAt: epochMs(sql`(select min(paid_at) from commissions where user_id = ${userId} and status = 'paid')`),
      leadsAddedCurrent: sql<number>`(select coalesce(sum(leads_added), 0)::int from lead_daily_activity where user_id = ${userId} and day >= ${day(current.from)}::date and day < ${day(current.to)}::date)`.mapWith(Number),
      leadsAddedPrevious: sql<number>`(select coalesce(sum(leads_added), 0)::int from lead_daily_activity where user_id = ${userId} and day >= ${day(previous.from)}::date and day < ${day(previous.to)}::date)`.mapWith(Number),
      firstLeadDay: sql<string | null>`(select min(day)::text from lead_daily_activity where user_id = ${userId} and leads_added > 0)`,
      closedDays: sql<{ day: string; count: number }[]>`(
        select coalesce(json_agg(json_build_object('day', s.day::text, 'count', s.leads_closed) order by s.day), '[]'::json)
        from (
          select day, leads_closed, sum(leads_closed) over (order by day) - leads_closed as before
          from lead_daily_activity where user_id = ${userId} and leads_closed > 0
        ) s
        where s.before < ${lastMilestone}
      )`,
      firstReferralAt: epochMs(sql`(select created_at from users r where r.referred_by = ${userId} order by r.created_at asc limit 1)`),
      goals: sql<GoalFact[]>`(
        select coalesce(json_agg(json_build_object(
          'id', g.id, 'title', g.title, 'goal_type', g.goal_type, 'unit', g.unit, 'status', g.status,
          'target_hundredths', g.target_hundredths, 'current_hundredths', g.current_hundredths, 'deadline', g.deadline::text,
          'created_at', to_char(g.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'reviewed_at', to_char(g.reviewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'updated_at', to_char(g.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) order by g.created_at desc), '[]'::json)
        from (select * from goals where user_id = ${userId} order by created_at desc limit ${GOALS_READ_MAX}) g
      )`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    ...row,
    closedDays: parse(row.closedDays).map((d) => ({ day: d.day, count: Number(d.count) })),
    goals: parse(row.goals).map((g) => ({ ...g, target_hundredths: Number(g.target_hundredths), current_hundredths: Number(g.current_hundredths) })),
  };
}

/** The user's commissions earned in [from, until), whatever their payout status, in cents. */
export async function sumCommissionsEarnedBetween(db: DbOrTx, userId: string, from: Date, until: Date): Promise<number> {
  const [sum] = await db
    .select({ cents: sql<number>`coalesce(sum(${commissions.amountCents}), 0)::bigint`.mapWith(Number) })
    .from(commissions)
    .where(and(eq(commissions.userId, userId), gte(commissions.earnedAt, from), lt(commissions.earnedAt, until), ne(commissions.status, 'withheld')));
  return Number(sum?.cents ?? 0);
}

/** The user's monetary goals in USD, earliest deadline first. */
export async function selectUsdMonetaryGoals(db: DbOrTx, userId: string, limit: number): Promise<Array<typeof goals.$inferSelect>> {
  return db
    .select()
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.goalType, 'monetary'), eq(goals.unit, 'USD')))
    .orderBy(goals.deadline)
    .limit(limit);
}
