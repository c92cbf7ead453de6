import { and, count, gte, lt, sql } from 'drizzle-orm';
import { commissions, goals, sessions, subscriptions, trials, users, type DbOrTx } from '@myeai/db';
import {
  analyticsDays,
  change,
  dailySeries,
  deliveryRatePercent,
  ENTITLED_PROVIDER_STATUSES,
  growthWindows,
  PERFORMANCE_WINDOW_HOURS,
  startOfUtcDay,
  type AdminAnalytics,
  type AdminOverview,
  type UserCount,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { countFinishedJobs } from '../jobs/index.ts';
import { countMailDelivery } from '../mail/index.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const iso = (date: Date) => date.toISOString();

/**
 * Visitors, trial users and subscribers, each user counted once: a subscriber holds a subscription
 * that gives access now (entitled status; a cancelled one until its period ends: viewSubscription),
 * a trial user a running platform trial and no such subscription, a visitor neither.
 */
async function countUserStatus(db: DbOrTx, now: Date) {
  const subscribed = sql`exists (select 1 from ${subscriptions} s where s.user_id = ${users.id}
    and s.status in (${sql.join(ENTITLED_PROVIDER_STATUSES.map((status) => sql`${status}`), sql`, `)})
    and (not s.cancel_at_period_end or s.current_period_end > ${iso(now)}::timestamptz))`;
  const trialing = sql`exists (select 1 from ${trials} t where t.user_id = ${users.id}
    and t.status = 'active' and t.converted_at is null and t.ends_at > ${iso(now)}::timestamptz)`;
  const [row] = await db
    .select({
      subscribers: sql<number>`count(*) filter (where ${subscribed})::int`,
      trial: sql<number>`count(*) filter (where not ${subscribed} and ${trialing})::int`,
      visitors: sql<number>`count(*) filter (where not ${subscribed} and not ${trialing})::int`,
    })
    .from(users);
  return { visitors: Number(row?.visitors ?? 0), trial: Number(row?.trial ?? 0), subscribers: Number(row?.subscribers ?? 0) };
}

async function countUsers(db: DbOrTx, now: Date) {
  const w = growthWindows(now);
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      current: sql<number>`count(*) filter (where ${users.createdAt} >= ${iso(w.currentFrom)}::timestamptz and ${users.createdAt} <= ${iso(w.until)}::timestamptz)::int`,
      previous: sql<number>`count(*) filter (where ${users.createdAt} >= ${iso(w.previousFrom)}::timestamptz and ${users.createdAt} < ${iso(w.currentFrom)}::timestamptz)::int`,
    })
    .from(users);
  return { total: Number(row?.total ?? 0), growth: change(Number(row?.current ?? 0), Number(row?.previous ?? 0)) };
}

async function countGoals(db: DbOrTx) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, pending: sql<number>`count(*) filter (where ${goals.status} = 'pending_approval')::int` })
    .from(goals);
  return { pending: Number(row?.pending ?? 0), total: Number(row?.total ?? 0) };
}

async function countSignInsSince(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(gte(sessions.createdAt, since));
  return Number(row?.n ?? 0);
}

/** The Overview tab: every figure counted from stored rows at the clock's now. */
export async function getAdminOverview(db: DbOrTx, clock: Clock): Promise<AdminOverview> {
  const now = clock.now();
  const since = new Date(now.getTime() - PERFORMANCE_WINDOW_HOURS * HOUR_MS);
  const [userCounts, goalCounts, mail, finishedJobs, userStatus, signInsToday] = await Promise.all([
    countUsers(db, now),
    countGoals(db),
    countMailDelivery(db, since),
    countFinishedJobs(db, since),
    countUserStatus(db, now),
    countSignInsSince(db, startOfUtcDay(now)),
  ]);
  return {
    generated_at: now.toISOString(),
    users: userCounts,
    goals: goalCounts,
    email: { sent: mail.sent, failed: mail.failed, queued: mail.queued, delivery_rate_percent: deliveryRatePercent(mail.sent, mail.failed) },
    user_status: userStatus,
    performance: {
      window_hours: PERFORMANCE_WINDOW_HOURS,
      jobs_succeeded: finishedJobs.succeeded,
      jobs_failed: finishedJobs.failed,
      emails_sent: mail.sentSince,
      emails_failed: mail.failedSince,
      sign_ins_today: signInsToday,
    },
  };
}

/** The Analytics tab: users who joined per UTC day over the range ending today. */
export async function getAdminAnalytics(db: DbOrTx, clock: Clock, days: number): Promise<AdminAnalytics> {
  const range = analyticsDays(clock.now(), days);
  const from = new Date(`${range[0]}T00:00:00.000Z`);
  const until = new Date(new Date(`${range.at(-1)}T00:00:00.000Z`).getTime() + DAY_MS);
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(gte(users.createdAt, from), lt(users.createdAt, until)))
    .groupBy(day);
  return { days, user_growth: dailySeries(range, rows.map((row) => ({ day: row.day, count: Number(row.count) }))) };
}

/** "People earning today": distinct users credited a commission since 00:00 UTC. */
export async function countPeopleEarningToday(db: DbOrTx, clock: Clock): Promise<UserCount> {
  const now = clock.now();
  const from = startOfUtcDay(now);
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${commissions.userId})::int` })
    .from(commissions)
    .where(and(gte(commissions.earnedAt, from), lt(commissions.earnedAt, new Date(from.getTime() + DAY_MS))));
  return { people_earning_today: Number(row?.n ?? 0), as_of: now.toISOString() };
}
