import type { DbOrTx } from '@myeai/db';
import {
  analyticsDays,
  change,
  dailySeries,
  deliveryRatePercent,
  ENTITLED_PROVIDER_STATUSES,
  GOAL_REVIEW_ACTIONS,
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
import { countAiMessagesOn } from '../personalization/index.ts';
import {
  countGoalReviewsPerDay,
  countGoalsAndPending,
  countSignInsSince,
  countUsersByAccess,
  countUsersEarningBetween,
  countUsersJoined,
  countUsersJoinedPerDay,
} from './admin-overview.queries.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

async function countUsers(db: DbOrTx, now: Date) {
  const joined = await countUsersJoined(db, growthWindows(now));
  return { total: joined.total, growth: change(joined.current, joined.previous) };
}

/** The Overview tab: every figure counted from stored rows at the clock's now. */
export async function getAdminOverview(db: DbOrTx, clock: Clock): Promise<AdminOverview> {
  const now = clock.now();
  const since = new Date(now.getTime() - PERFORMANCE_WINDOW_HOURS * HOUR_MS);
  const [userCounts, goalCounts, mail, finishedJobs, userStatus, signInsToday, aiMessagesToday] = await Promise.all([
    countUsers(db, now),
    countGoalsAndPending(db),
    countMailDelivery(db, since),
    countFinishedJobs(db, since),
    // Subscribers, trial users, the team and visitors (userStatusGroup); a subscription gives access as viewSubscription says.
    countUsersByAccess(db, now, ENTITLED_PROVIDER_STATUSES),
    countSignInsSince(db, startOfUtcDay(now)),
    countAiMessagesOn(db, startOfUtcDay(now).toISOString().slice(0, 10)),
  ]);
  return {
    generated_at: now.toISOString(),
    users: userCounts,
    goals: goalCounts,
    email: { sent: mail.sent, failed: mail.failed, queued: mail.queued, delivery_rate_percent: deliveryRatePercent(mail.sent, mail.failed) },
    user_status: userStatus,
    ai_messages_today: aiMessagesToday,
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

/** The Analytics tab: users who joined and goal reviews per UTC day over the range ending today. */
export async function getAdminAnalytics(db: DbOrTx, clock: Clock, days: number): Promise<AdminAnalytics> {
  const range = analyticsDays(clock.now(), days);
  const from = new Date(`${range[0]}T00:00:00.000Z`);
  const until = new Date(new Date(`${range.at(-1)}T00:00:00.000Z`).getTime() + DAY_MS);
  const [joined, reviews] = await Promise.all([countUsersJoinedPerDay(db, from, until), countGoalReviewsPerDay(db, from, until)]);
  const reviewsOf = (action: string) => dailySeries(range, reviews.filter((row) => row.action === action));
  const [approve, reject, revision] = GOAL_REVIEW_ACTIONS.map(reviewsOf);
  return {
    days,
    user_growth: dailySeries(range, joined),
    goal_reviews: range.map((day, i) => ({ day, approve: approve![i]!.count, reject: reject![i]!.count, request_revision: revision![i]!.count })),
  };
}

/** "People earning today": distinct users credited a commission since 00:00 UTC. */
export async function countPeopleEarningToday(db: DbOrTx, clock: Clock): Promise<UserCount> {
  const now = clock.now();
  const from = startOfUtcDay(now);
  const earning = await countUsersEarningBetween(db, from, new Date(from.getTime() + DAY_MS));
  return { people_earning_today: earning, as_of: now.toISOString() };
}
