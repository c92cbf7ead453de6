import type { Role } from '../access/roles.ts';
import { PROVIDER_STATUSES, isEntitledStatus } from '../subscriptions/subscription-state.ts';

const DAY_MS = 86_400_000;

/** The Overview compares the users who joined in the last 30 days with the 30 days before. */
export const GROWTH_WINDOW_DAYS = 30;

/** The performance summary covers the last 24 hours. */
export const PERFORMANCE_WINDOW_HOURS = 24;

/** The Analytics tab's ranges (days, today included). */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** Provider statuses of a subscription that gives access (trial, active, past due while retried). */
export const ENTITLED_PROVIDER_STATUSES = PROVIDER_STATUSES.filter(isEntitledStatus);

/**
 * Share of the e-mails that were delivered among those whose fate is known (sent, or failed
 * after every retry), in percent with one decimal; null when none is known yet, so the tile says
 * "no e-mail yet" instead of a made-up 0 % or 100 %.
 */
export function deliveryRatePercent(sent: number, failed: number): number | null {
  const settled = sent + failed;
  if (settled <= 0) return null;
  return Math.round((sent / settled) * 1000) / 10;
}

export type GrowthWindows = { currentFrom: Date; previousFrom: Date; until: Date };

/** [previousFrom, currentFrom) and [currentFrom, until]: two windows of `days` each, ending now. */
export function growthWindows(now: Date, days: number = GROWTH_WINDOW_DAYS): GrowthWindows {
  const currentFrom = new Date(now.getTime() - days * DAY_MS);
  return { currentFrom, previousFrom: new Date(currentFrom.getTime() - days * DAY_MS), until: now };
}

/** Start of the UTC day of `now`: "today" of the sign-ins and of people earning today. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The UTC days (YYYY-MM-DD) of a range of `days` ending today, oldest first. */
export function analyticsDays(now: Date, days: number): string[] {
  const today = startOfUtcDay(now).getTime();
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** One point per day of the range: the counted days with their counts, every other day 0. */
export function dailySeries(days: readonly string[], counted: readonly { day: string; count: number }[]): { day: string; count: number }[] {
  const byDay = new Map(counted.map((row) => [row.day, row.count]));
  return days.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

/**
 * The User Status Distribution's groups (spec 3 section 2.9, issue 26): a person with a plan that
 * gives access (or the subscriber role) is a subscriber, else one with a running trial a trial user,
 * else one holding a working role (admin, trader, affiliate, investor) is on the team, and only the
 * rest, newcomers and free members with no trial and no plan, are visitors. The server counts the
 * same rule in SQL.
 */
export const USER_STATUS_GROUPS = ['subscribers', 'trial', 'team', 'visitors'] as const;
export type UserStatusGroup = (typeof USER_STATUS_GROUPS)[number];

/** Roles that make a person part of the running of the platform, not a visitor. */
export const TEAM_ROLES = ['admin', 'trader', 'affiliate', 'investor'] as const satisfies readonly Role[];

export const USER_STATUS_GROUP_LABELS: Record<UserStatusGroup, string> = {
  subscribers: 'Subscribers (a plan or the subscriber role)',
  trial: 'Trial users',
  team: 'Team and partners (admin, trader, affiliate, investor)',
  visitors: 'Visitors (no trial, no plan, no other role)',
};

export function userStatusGroup(user: { roles: readonly Role[]; hasEntitledPlan: boolean; hasRunningTrial: boolean }): UserStatusGroup {
  if (user.hasEntitledPlan || user.roles.includes('subscriber')) return 'subscribers';
  if (user.hasRunningTrial) return 'trial';
  if (user.roles.some((role) => (TEAM_ROLES as readonly Role[]).includes(role))) return 'team';
  return 'visitors';
}

/** The goal reviews the Analytics tab counts, by their audited action (`goal.approve` ...). */
export const GOAL_REVIEW_ACTIONS = ['approve', 'reject', 'request_revision'] as const;
export type GoalReviewAction = (typeof GOAL_REVIEW_ACTIONS)[number];
export const GOAL_REVIEW_LABELS: Record<GoalReviewAction, string> = { approve: 'Approved', reject: 'Rejected', request_revision: 'Revision requested' };
