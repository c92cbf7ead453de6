/**
 * Goal setup rules of spec 2 section 5 (onboarding, setup and quick setup).
 * Deadlines are calendar dates (YYYY-MM-DD, UTC). Windows, counted from today:
 *   short term: after today, up to 91 days (13 weeks)
 *   mid term:   more than 91 days, up to 364 days (52 weeks)
 *   long term:  more than 364 days, up to 5 years (same day, five years later)
 */
export const GOAL_TIMEFRAMES = ['short_term', 'mid_term', 'long_term'] as const;
export type GoalTimeframe = (typeof GOAL_TIMEFRAMES)[number];
export const GOAL_TYPES = ['monetary', 'skill', 'lifestyle'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];
export const GOAL_UNITS = ['USD', '%', 'count'] as const;
export type GoalUnit = (typeof GOAL_UNITS)[number];
export const GOAL_STATUSES = ['pending_approval', 'approved', 'active', 'completed', 'rejected', 'revision_requested', 'withdrawn'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

export const GOAL_TIMEFRAME_LABELS: Record<GoalTimeframe, string> = {
  short_term: 'Short term (up to 13 weeks)',
  mid_term: 'Mid term (13 to 52 weeks)',
  long_term: 'Long term (1 to 5 years)',
};

/** Default goal type per tier: short and mid monetary, long lifestyle. */
export const DEFAULT_GOAL_TYPE: Record<GoalTimeframe, GoalType> = { short_term: 'monetary', mid_term: 'monetary', long_term: 'lifestyle' };
export const DEFAULT_GOAL_UNIT: Record<GoalType, GoalUnit> = { monetary: 'USD', skill: '%', lifestyle: 'count' };

export const INCOMPLETE_GOALS_MESSAGE = 'Please complete at least one goal before submitting.';

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date (UTC) of an instant, as YYYY-MM-DD. */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

function addYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  const target = new Date(Date.UTC(date.getUTCFullYear() + years, date.getUTCMonth(), date.getUTCDate()));
  // 29 February + 5 years lands on 1 March; keep the last day of February instead.
  if (target.getUTCMonth() !== date.getUTCMonth()) target.setUTCDate(0);
  return isoDay(target);
}

/** First and last allowed deadline of a tier, both inclusive. */
export function goalDeadlineWindow(timeframe: GoalTimeframe, today: string): { min: string; max: string } {
  switch (timeframe) {
    case 'short_term':
      return { min: addDays(today, 1), max: addDays(today, 91) };
    case 'mid_term':
      return { min: addDays(today, 92), max: addDays(today, 364) };
    case 'long_term':
      return { min: addDays(today, 365), max: addYears(today, 5) };
  }
}

/** The product's one date style for a calendar day ("2027-02-24" reads "Feb 24, 2027"), as the web app's dates. */
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
export function formatGoalDay(day: string): string {
  return calendarDay.format(new Date(`${day}T00:00:00Z`));
}

export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === value;
}

export function deadlineError(timeframe: GoalTimeframe, deadline: string, today: string): string | null {
  if (!isValidIsoDate(deadline)) return 'Enter the deadline as a date.';
  const { min, max } = goalDeadlineWindow(timeframe, today);
  if (deadline < min || deadline > max) {
    const range: Record<GoalTimeframe, string> = {
      short_term: 'within the next 13 weeks',
      mid_term: 'between 13 and 52 weeks from today',
      long_term: 'between 1 and 5 years from today',
    };
    return `A ${timeframe.replace('_', '-')} goal needs a deadline ${range[timeframe]} (${formatGoalDay(min)} to ${formatGoalDay(max)}).`;
  }
  return null;
}

/** The four fields that make a tier "complete" (sent at all). */
export type GoalDraft = { title: string; target_value: string | number | null; deadline: string; why_important: string };

export function isGoalDraftComplete(draft: GoalDraft): boolean {
  const target = typeof draft.target_value === 'number' ? draft.target_value : draft.target_value?.trim() ? Number(draft.target_value) : NaN;
  return draft.title.trim() !== '' && Number.isFinite(target) && draft.deadline.trim() !== '' && draft.why_important.trim() !== '';
}

/** Days from today to the deadline (negative when overdue). */
export function daysUntil(deadline: string, today: string): number {
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/**
 * The goal quick-setup modal (spec 2, "Goal quick-setup modal"; docs/decisions/045). It opens for
 * the roles whose advancement reads the Goal Achievement Score (DESIGN.md decision 40): traders and
 * affiliates. A newcomer is asked in onboarding step 3 already; an admin reviews other people's goals.
 */
export const GOAL_SETUP_PROMPT_ROLES = ['trader', 'affiliate'] as const;
/** "Skip for now" keeps the modal closed this many days, on every device; then it asks again. */
export const GOAL_SETUP_SKIP_DAYS = 7;

/** When a skip made at `skippedAt` ends (null: never skipped). */
export function goalSetupSkipEndsAt(skippedAt: Date | null): Date | null {
  return skippedAt ? new Date(skippedAt.getTime() + GOAL_SETUP_SKIP_DAYS * 86_400_000) : null;
}

/** Whether the modal opens: no goal of any status, a role that sets goals, and no skip running. */
export function shouldPromptGoalSetup(input: { hasGoals: boolean; activeRole: string; skippedAt: Date | null; now: Date }): boolean {
  if (input.hasGoals) return false;
  if (!(GOAL_SETUP_PROMPT_ROLES as readonly string[]).includes(input.activeRole)) return false;
  const ends = goalSetupSkipEndsAt(input.skippedAt);
  return ends === null || input.now.getTime() >= ends.getTime();
}
