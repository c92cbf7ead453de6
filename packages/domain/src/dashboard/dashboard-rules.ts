import { firstCommissionDescription, type CommissionSource } from '../commissions/commission-rules.ts';
import { PAYOUT_POLICY, payoutProcessingTime, type PayoutPolicy } from '../commissions/payout-schedule.ts';
import type { LeadStage } from '../leads/lead-stages.ts';

/**
 * The Business Hub's rules (spec 1 section 2.4, DESIGN.md section 3 items 7, 9, 22). Pure: the
 * server passes stored facts and its clock's now; nothing here reads a clock or the database.
 * Months are calendar months in UTC (the server stores UTC and knows no user time zone).
 */

/** The pipeline panel's stages, in order (spec 1 section 2.4): no "new", no "lost". */
export const PIPELINE_STAGES = ['interested', 'qualified', 'positive', 'itb', 'closed'] as const satisfies readonly LeadStage[];
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** "Active leads": every lead still in play, i.e. neither closed (won) nor lost. */
export const ACTIVE_LEAD_STAGES = ['new', 'interested', 'qualified', 'positive', 'itb'] as const satisfies readonly LeadStage[];

/** The pending-payouts card's note, from the payout policy (DESIGN.md item 22): "Processing within 3-5 business days". */
export function payoutProcessingNote(policy: Pick<PayoutPolicy, 'processing_business_days'> = PAYOUT_POLICY): string {
  return `Processing within ${payoutProcessingTime(policy)}`;
}

/**
 * Percent change from `previous` to `current`, one decimal, rounded half up. From 0 to 0 is no
 * change (0); from 0 to anything else has no percentage (null: the screen says "new this month").
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

export type TimeWindow = { from: Date; to: Date };

/** This month so far against the same days of last month; `to` is exclusive. */
export type ComparisonWindows = {
  current: TimeWindow;
  previous: TimeWindow;
  /** Inclusive calendar days of each window, as YYYY-MM-DD, for the screen ("1-23 Nov vs 1-23 Oct"). */
  currentDays: { from: string; to: string };
  previousDays: { from: string; to: string };
};

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * "vs last month", like for like: days 1 to today of this month (today included, whatever the
 * hour) against days 1 to the same day of last month, or the whole of last month when it is
 * shorter (31 March compares with 1-28 February). Comparing a part month with a whole month
 * would make every change look bad early in the month.
 */
export function monthToDateWindows(now: Date): ComparisonWindows {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const day = now.getUTCDate();
  const currentFrom = new Date(Date.UTC(year, month, 1));
  const currentTo = new Date(Date.UTC(year, month, day + 1));
  const previousFrom = new Date(Date.UTC(year, month - 1, 1));
  const previousLength = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const previousTo = new Date(Date.UTC(year, month - 1, 1 + Math.min(day, previousLength)));
  return {
    current: { from: currentFrom, to: currentTo },
    previous: { from: previousFrom, to: previousTo },
    currentDays: { from: isoDay(currentFrom), to: isoDay(new Date(currentTo.getTime() - DAY_MS)) },
    previousDays: { from: isoDay(previousFrom), to: isoDay(new Date(previousTo.getTime() - DAY_MS)) },
  };
}

/**
 * The Business Hub's figures move with the UTC day only (month-to-date windows, the next payout
 * date, the monthly target): stored data being equal, they hold until the next UTC midnight.
 */
export function dashboardFiguresValidUntil(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export type Change = { current: number; previous: number; percent: number | null };

export function change(current: number, previous: number): Change {
  return { current, previous, percent: percentChange(current, previous) };
}

/** Progress towards a target in percent, one decimal, never below 0 nor above 100. */
export function cappedProgressPercent(current: number, target: number): number {
  if (!(target > 0)) return 0;
  const percent = Math.round((current / target) * 1000) / 10;
  return Math.min(100, Math.max(0, percent));
}

/** A goal as the monthly target card needs it (values in cents, dates as stored). */
export type TargetGoal = {
  id: string;
  title: string;
  goal_type: string;
  unit: string;
  status: string;
  target_cents: number;
  current_cents: number;
  /** YYYY-MM-DD */
  deadline: string;
  /** ISO date-time */
  created_at: string;
};

/**
 * Goal statuses that stand for the user's target: approved ones only (DESIGN.md decision 39). A
 * goal still pending approval is not yet a target, so neither the sidebar card nor the Business
 * Hub shows it as one (issue 26); rejected and sent-back goals are not targets either.
 */
export const TARGET_GOAL_STATUSES = ['approved', 'active', 'completed'] as const;

/**
 * The monthly target (docs/decisions: Business Hub) is the user's monetary goal in USD that runs
 * this month: set up on or before today, deadline on or after the first day of this month (UTC),
 * status approved, active or completed, target above 0. When several run, the
 * one due first is this month's target (ties: the newest). None: there is no target, and the card
 * says so rather than inventing one.
 */
export function pickMonthlyTargetGoal<G extends TargetGoal>(goals: readonly G[], now: Date): G | null {
  const monthStart = isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
  const candidates = goals.filter(
    (goal) =>
      goal.goal_type === 'monetary' &&
      goal.unit === 'USD' &&
      (TARGET_GOAL_STATUSES as readonly string[]).includes(goal.status) &&
      goal.target_cents > 0 &&
      goal.deadline >= monthStart &&
      Date.parse(goal.created_at) <= now.getTime(),
  );
  candidates.sort((a, b) => a.deadline.localeCompare(b.deadline) || Date.parse(b.created_at) - Date.parse(a.created_at));
  return candidates[0] ?? null;
}

export type TargetProgress = {
  goal_id: string;
  title: string;
  deadline: string;
  status: string;
  target_cents: number;
  current_cents: number;
  /** current / target, capped at 100. */
  progress_percent: number;
  is_reached: boolean;
};

export function targetProgress(goal: TargetGoal | null): TargetProgress | null {
  if (!goal) return null;
  return {
    goal_id: goal.id,
    title: goal.title,
    deadline: goal.deadline,
    status: goal.status,
    target_cents: goal.target_cents,
    current_cents: goal.current_cents,
    progress_percent: cappedProgressPercent(goal.current_cents, goal.target_cents),
    is_reached: goal.current_cents >= goal.target_cents || goal.status === 'completed',
  };
}

/** Dated facts read from stored rows, from which the achievements are derived. */
export type AchievementFacts = {
  /** Day (YYYY-MM-DD) the user first added a lead. */
  firstLeadAddedOn: string | null;
  /** Leads moved to (or created in) closed, per day, any order. */
  leadsClosedByDay: readonly { day: string; count: number }[];
  firstCommissionEarnedAt: Date | null;
  /** Where that first commission came from: its achievement says so (a cell payout is not a sale). */
  firstCommissionSource?: CommissionSource | null;
  firstCommissionPaidAt: Date | null;
  firstReferralAt: Date | null;
  goals: readonly { id: string; title: string; status: string; reviewed_at: Date | null; updated_at: Date }[];
};

export type Achievement = { key: string; title: string; description: string; date: string };

/** Closed-lead milestones: the first, then these totals. */
export const CLOSED_LEAD_MILESTONES = [1, 10, 50, 100] as const;

export const RECENT_ACHIEVEMENTS_MAX = 6;

function closedLeadAchievements(byDay: AchievementFacts['leadsClosedByDay']): Achievement[] {
  const days = [...byDay].filter((d) => d.count > 0).sort((a, b) => a.day.localeCompare(b.day));
  const found: Achievement[] = [];
  let total = 0;
  let next = 0;
  for (const { day, count } of days) {
    total += count;
    while (next < CLOSED_LEAD_MILESTONES.length && total >= CLOSED_LEAD_MILESTONES[next]!) {
      const n = CLOSED_LEAD_MILESTONES[next]!;
      found.push(
        n === 1
          ? { key: 'leads_closed_1', title: 'First deal closed', description: 'You moved your first lead to Closed.', date: day }
          : { key: `leads_closed_${n}`, title: `${n} deals closed`, description: `You have closed ${n} leads.`, date: day },
      );
      next += 1;
    }
  }
  return found;
}

/**
 * The recent achievements list: one entry per milestone the stored rows show, newest first (same
 * day: the later milestone first), at most `limit`. Nothing is shown that did not happen.
 */
export function deriveAchievements(facts: AchievementFacts, limit = RECENT_ACHIEVEMENTS_MAX): Achievement[] {
  const list: Achievement[] = [];
  if (facts.firstLeadAddedOn) {
    list.push({ key: 'first_lead', title: 'First lead added', description: 'You added your first lead to the pipeline.', date: facts.firstLeadAddedOn });
  }
  list.push(...closedLeadAchievements(facts.leadsClosedByDay));
  if (facts.firstCommissionEarnedAt) {
    list.push({
      key: 'first_commission',
      title: 'First commission earned',
      description: firstCommissionDescription(facts.firstCommissionSource ?? 'conversion'),
      date: isoDay(facts.firstCommissionEarnedAt),
    });
  }
  if (facts.firstCommissionPaidAt) {
    list.push({ key: 'first_commission_paid', title: 'First commission paid', description: 'Your first commission was paid out.', date: isoDay(facts.firstCommissionPaidAt) });
  }
  if (facts.firstReferralAt) {
    list.push({ key: 'first_referral', title: 'First referral joined', description: 'Someone joined MYEAI with your referral code.', date: isoDay(facts.firstReferralAt) });
  }
  for (const goal of facts.goals) {
    if (goal.reviewed_at && (goal.status === 'approved' || goal.status === 'active' || goal.status === 'completed')) {
      list.push({ key: `goal_approved:${goal.id}`, title: 'Goal approved', description: `Your goal "${goal.title}" was approved.`, date: isoDay(goal.reviewed_at) });
    }
    if (goal.status === 'completed') {
      list.push({ key: `goal_completed:${goal.id}`, title: 'Goal completed', description: `You completed your goal "${goal.title}".`, date: isoDay(goal.updated_at) });
    }
  }
  // Stable sort: on the same day the order above (later milestones were pushed later) is reversed.
  return list
    .map((achievement, index) => ({ achievement, index }))
    .sort((a, b) => b.achievement.date.localeCompare(a.achievement.date) || b.index - a.index)
    .slice(0, limit)
    .map(({ achievement }) => achievement);
}
