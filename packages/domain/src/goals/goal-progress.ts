import { cappedProgressPercent } from '../dashboard/dashboard-rules.ts';
import { deadlineError, isoDay, type GoalStatus, type GoalTimeframe } from './goal-rules.ts';

/**
 * Goal progress rules (spec 2 sections 4 and 9, DESIGN.md decisions 31 and 39,
 * docs/decisions/037-goal-lifecycle-and-progress.md). Everything shown on a goal is computed here
 * from stored data; nothing is randomised.
 */
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Rolling metrics use 13 weeks (spec 2 section 9). */
export const VELOCITY_WINDOW_WEEKS = 13;

/** Progress shown on a goal: current over target, in 0..100 with one decimal (capped at 100%). */
export function goalProgressPercent(current: number, target: number): number {
  return cappedProgressPercent(current, target);
}

/** A goal counts as achieved when its current value reaches its target. */
export function isGoalAchieved(current: number, target: number): boolean {
  return target > 0 && current >= target;
}

/** The instant a goal's deadline day ends (deadlines are UTC calendar days, inclusive). */
export function deadlineEnd(deadline: string): Date {
  return new Date(Date.parse(`${deadline}T00:00:00.000Z`) + DAY_MS);
}

/** Share of the goal's time already used, from its creation to the end of its deadline day, in 0..100. */
export function timeProgressPercent(createdAt: string, deadline: string, now: Date): number {
  const start = Date.parse(createdAt);
  const total = deadlineEnd(deadline).getTime() - start;
  if (!(total > 0)) return 100;
  const percent = Math.round(((now.getTime() - start) / total) * 1000) / 10;
  return Math.min(100, Math.max(0, percent));
}

export const PROGRESS_STATUSES = ['behind', 'on_track', 'ahead'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/**
 * Spec 2 section 4: behind when actual progress is below 80% of time progress, ahead when above
 * 120%, otherwise on track. 80% and 120% exactly are on track.
 */
export function progressStatus(actualPercent: number, timePercent: number): ProgressStatus {
  // Compared in tenths of a percent (both inputs carry one decimal) so 80%/120% land exactly.
  const actual = Math.round(actualPercent * 10) * 10;
  const time = Math.round(timePercent * 10);
  if (actual < time * 8) return 'behind';
  if (actual > time * 12) return 'ahead';
  return 'on_track';
}

/** A cumulative reading of a goal's value at an instant (a check-in, or the ledger sum after an entry). */
export type ProgressReading = { at: Date; value: number };

/**
 * Units per week over the last 13 weeks (or since the goal started, when younger): the change of
 * the goal's value across that window divided by its length in weeks. Readings are cumulative
 * values; the value before the first reading is 0. Never negative progress reported as speed:
 * a value that went down gives a negative velocity, as it happened.
 */
export function velocityPerWeek(readings: readonly ProgressReading[], goalStart: Date, now: Date): number {
  const windowStart = Math.max(goalStart.getTime(), now.getTime() - VELOCITY_WINDOW_WEEKS * WEEK_MS);
  const span = now.getTime() - windowStart;
  if (!(span > 0)) return 0;
  const sorted = [...readings].filter((r) => r.at.getTime() <= now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
  const before = sorted.filter((r) => r.at.getTime() < windowStart).at(-1)?.value ?? 0;
  const latest = sorted.at(-1)?.value ?? 0;
  const weeks = Math.max(span, DAY_MS) / WEEK_MS;
  return Math.round(((latest - before) / weeks) * 100) / 100;
}

/** Ledger entries (amounts in cents) as cumulative readings in cents, the hundredths of a USD goal (decision 061). */
export function ledgerReadings(entries: readonly { at: Date; amount_cents: number }[]): ProgressReading[] {
  let total = 0;
  return [...entries]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((entry) => {
      total += entry.amount_cents;
      return { at: entry.at, value: total };
    });
}

/** A goal's progress is fed by the commission ledger (decision 31) when it is a monetary goal in USD. */
/** The goals the commission ledger moves: monetary, in USD. */
export const LEDGER_FED_GOAL = { goal_type: 'monetary', unit: 'USD' } as const;
export function isLedgerFed(goal: { goal_type: string; unit: string }): boolean {
  return goal.goal_type === LEDGER_FED_GOAL.goal_type && goal.unit === LEDGER_FED_GOAL.unit;
}

export type QualityInput = {
  title: string;
  target_value: number;
  unit: string;
  deadline: string;
  timeframe: GoalTimeframe;
  why_important: string;
  daily_habits: readonly string[];
  weekly_habits: readonly string[];
};

/**
 * Goal quality score 0-100 (decision 39): 20 points each for a title of 10+ characters, a target above 0
 * with a unit, a deadline inside its timeframe window (as of the day it was submitted), a reason of
 * 30+ characters, at least one habit.
 */
export function goalQualityScore(goal: QualityInput, submittedDay: string): number {
  const parts = [
    goal.title.trim().length >= 10,
    goal.target_value > 0 && goal.unit.trim() !== '',
    deadlineError(goal.timeframe, goal.deadline, submittedDay) === null,
    goal.why_important.trim().length >= 30,
    goal.daily_habits.length + goal.weekly_habits.length > 0,
  ];
  return parts.filter(Boolean).length * 20;
}

/** Quality score colours of spec 2 section 9: 80 or more green, 60 or more yellow, otherwise red. */
export function qualityScoreColor(score: number): 'green' | 'yellow' | 'red' {
  return score >= 80 ? 'green' : score >= 60 ? 'yellow' : 'red';
}

export const ACHIEVEMENT_WEIGHTS: Record<GoalTimeframe, number> = { short_term: 30, mid_term: 40, long_term: 30 };
const SCORED_STATUSES: readonly GoalStatus[] = ['approved', 'active', 'completed'];

/**
 * Goal Achievement Score 0-100 (spec 2 section 9: 30% short, 40% mid, 30% long): the mean progress of the
 * user's approved or completed goals in each tier, weighted, over the tiers that hold such a goal (a
 * tier without one neither counts as 0 nor as done). No such goal at all: null (nothing to score).
 */
export function goalAchievementScore(goals: readonly { timeframe: GoalTimeframe; status: GoalStatus; progress_percent: number }[]): number | null {
  let weighted = 0;
  let weights = 0;
  for (const timeframe of Object.keys(ACHIEVEMENT_WEIGHTS) as GoalTimeframe[]) {
    const tier = goals.filter((g) => g.timeframe === timeframe && SCORED_STATUSES.includes(g.status));
    if (tier.length === 0) continue;
    const mean = tier.reduce((sum, g) => sum + Math.min(100, Math.max(0, g.progress_percent)), 0) / tier.length;
    weighted += mean * ACHIEVEMENT_WEIGHTS[timeframe];
    weights += ACHIEVEMENT_WEIGHTS[timeframe];
  }
  return weights === 0 ? null : Math.round((weighted / weights) * 10) / 10;
}

export type HabitCadence = 'daily' | 'weekly';

/** The period a habit tick belongs to: the UTC day, or the Monday of the UTC ISO week. */
export function habitPeriod(cadence: HabitCadence, at: Date): string {
  if (cadence === 'daily') return isoDay(at);
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const offset = (day.getUTCDay() + 6) % 7;
  return isoDay(new Date(day.getTime() - offset * DAY_MS));
}

function previousPeriod(cadence: HabitCadence, period: string): string {
  return isoDay(new Date(Date.parse(`${period}T00:00:00Z`) - (cadence === 'daily' ? DAY_MS : WEEK_MS)));
}

/**
 * Current streak of a habit: consecutive periods ticked, ending with the current period, or with
 * the previous one while the current is not ticked yet (today's tick is still to come).
 */
export function habitStreak(cadence: HabitCadence, tickedPeriods: Iterable<string>, now: Date): number {
  const ticked = new Set(tickedPeriods);
  let period = habitPeriod(cadence, now);
  if (!ticked.has(period)) period = previousPeriod(cadence, period);
  let streak = 0;
  while (ticked.has(period)) {
    streak += 1;
    period = previousPeriod(cadence, period);
  }
  return streak;
}
