import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { commissions, goals, leadDailyActivity, users, type DbOrTx } from '@myeai/db';
import { CLOSED_LEAD_MILESTONES, type TimeWindow } from '@myeai/domain';

const iso = (date: Date) => date.toISOString();
const day = (date: Date) => date.toISOString().slice(0, 10);

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
    .where(and(eq(commissions.userId, userId), gte(commissions.earnedAt, from), lt(commissions.earnedAt, to)));
  return windows.map((_, i) => Number(row?.[`w${i}`] ?? 0));
}

/** When the user earned a first commission and was first paid one (null: never). */
export async function selectCommissionFirsts(db: DbOrTx, userId: string): Promise<{ firstEarnedAt: Date | null; firstPaidAt: Date | null }> {
  const [first] = await db
    .select({ at: commissions.earnedAt })
    .from(commissions)
    .where(eq(commissions.userId, userId))
    .orderBy(asc(commissions.earnedAt))
    .limit(1);
  const [paid] = await db
    .select({ at: sql<string | null>`min(${commissions.paidAt})` })
    .from(commissions)
    .where(and(eq(commissions.userId, userId), eq(commissions.status, 'paid')));
  return { firstEarnedAt: first?.at ?? null, firstPaidAt: paid?.at ? new Date(paid.at) : null };
}

/** Leads added in each window (day granularity: a window covers the days from `from` up to, not including, `to`). */
export async function selectLeadsAddedInWindows(db: DbOrTx, userId: string, windows: readonly TimeWindow[]): Promise<number[]> {
  if (windows.length === 0) return [];
  const from = day(new Date(Math.min(...windows.map((w) => w.from.getTime()))));
  const sums = Object.fromEntries(
    windows.map((w, i) => [
      `w${i}`,
      sql<number>`coalesce(sum(${leadDailyActivity.leadsAdded}) filter (where ${leadDailyActivity.day} >= ${day(w.from)}::date and ${leadDailyActivity.day} < ${day(w.to)}::date), 0)::int`.mapWith(Number),
    ]),
  );
  const [row] = await db
    .select(sums)
    .from(leadDailyActivity)
    .where(and(eq(leadDailyActivity.userId, userId), gte(leadDailyActivity.day, from)));
  return windows.map((_, i) => Number(row?.[`w${i}`] ?? 0));
}

/** The day the user first added a lead, or null. */
export async function selectFirstLeadDay(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: leadDailyActivity.day })
    .from(leadDailyActivity)
    .where(and(eq(leadDailyActivity.userId, userId), gt(leadDailyActivity.leadsAdded, 0)))
    .orderBy(asc(leadDailyActivity.day))
    .limit(1);
  return row?.day ?? null;
}

/**
 * Days with closed leads, oldest first, up to the day the running total reaches the last
 * closed-lead milestone (later days cannot change an achievement).
 */
export async function selectClosedLeadDays(db: DbOrTx, userId: string): Promise<{ day: string; count: number }[]> {
  const last = CLOSED_LEAD_MILESTONES[CLOSED_LEAD_MILESTONES.length - 1]!;
  const running = db
    .select({
      day: leadDailyActivity.day,
      count: leadDailyActivity.leadsClosed,
      before: sql<number>`sum(${leadDailyActivity.leadsClosed}) over (order by ${leadDailyActivity.day}) - ${leadDailyActivity.leadsClosed}`.as('before'),
    })
    .from(leadDailyActivity)
    .where(and(eq(leadDailyActivity.userId, userId), gt(leadDailyActivity.leadsClosed, 0)))
    .as('running');
  const rows = await db
    .select({ day: running.day, count: running.count })
    .from(running)
    .where(lt(running.before, last))
    .orderBy(asc(running.day));
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

/** When the first user who signed up with this user's code joined, or null. */
export async function selectFirstReferralAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ at: users.createdAt }).from(users).where(eq(users.referredBy, userId)).orderBy(asc(users.createdAt)).limit(1);
  return row?.at ?? null;
}

/** How many users signed up with this user's code at or after `since` (null: ever). */
export async function countReferralsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.referredBy, userId), gte(users.createdAt, since)));
  return row?.n ?? 0;
}

const GOALS_READ_MAX = 200;

/** The user's goals as the target card and the achievements need them, newest first. */
export async function selectGoalFacts(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: goals.id,
      title: goals.title,
      goalType: goals.goalType,
      unit: goals.unit,
      status: goals.status,
      targetValue: goals.targetValue,
      currentValue: goals.currentValue,
      deadline: goals.deadline,
      createdAt: goals.createdAt,
      reviewedAt: goals.reviewedAt,
      updatedAt: goals.updatedAt,
    })
    .from(goals)
    .where(eq(goals.userId, userId))
    .orderBy(desc(goals.createdAt))
    .limit(GOALS_READ_MAX);
  return rows;
}
