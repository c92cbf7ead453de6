import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  deadlineError,
  GOAL_TIMEFRAMES,
  goalSetupSkipEndsAt,
  shouldPromptGoalSetup,
  type GoalProfileStatus,
  goalQualityScore,
  goalValueToHundredths,
  hundredthsToGoalValue,
  INCOMPLETE_GOALS_MESSAGE,
  isoDay,
  type Goal,
  type GoalSetupItem,
  type GoalStatus,
  type GoalTimeframe,
  type GoalSetupInputSchema,
} from '@myeai/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import {
  insertGoals,
  insertSubmittedGoals,
  selectGoalSetupSkippedAt,
  selectSubmittedGoals,
  updateGoalSetupSkippedAt,
  userHasAnyGoal,
  type GoalRow,
} from './goals.queries.ts';

type SetupInput = z.output<typeof GoalSetupInputSchema>;

export function toGoal(row: GoalRow): Goal {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    goal_type: row.goalType as Goal['goal_type'],
    target_value: hundredthsToGoalValue(row.targetHundredths),
    current_value: hundredthsToGoalValue(row.currentHundredths),
    unit: row.unit as Goal['unit'],
    why_important: row.whyImportant,
    daily_habits: row.dailyHabits,
    weekly_habits: row.weeklyHabits,
    deadline: row.deadline,
    status: row.status as GoalStatus,
    timeframe: row.timeframe as GoalTimeframe,
    created_at: row.createdAt.toISOString(),
    submitted_at: row.submittedAt.toISOString(),
    review_feedback: row.reviewFeedback,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

/** True once the user has submitted goals (onboarding step 3 or goal setup): "goals completed". */
export async function hasGoals(db: DbOrTx, userId: string): Promise<boolean> {
  return userHasAnyGoal(db, userId);
}

/** GET /api/goals/profile-status: whether the user has goals and whether the quick-setup modal opens now. */
export async function goalProfileStatus(db: DbOrTx, clock: Clock, user: { id: string; activeRole: string }): Promise<GoalProfileStatus> {
  const [has, skippedAt] = await Promise.all([userHasAnyGoal(db, user.id), selectGoalSetupSkippedAt(db, user.id)]);
  const now = clock.now();
  const prompt = shouldPromptGoalSetup({ hasGoals: has, activeRole: user.activeRole, skippedAt, now });
  const ends = goalSetupSkipEndsAt(skippedAt);
  return { status: has ? 'complete' : 'incomplete', prompt, skipped_until: ends && ends > now ? ends.toISOString() : null };
}

/** "Skip for now": the modal stays closed for GOAL_SETUP_SKIP_DAYS, on every device (a repeat restarts the wait). */
export async function skipGoalSetup(db: DbOrTx, clock: Clock, user: { id: string; activeRole: string }): Promise<GoalProfileStatus> {
  await updateGoalSetupSkippedAt(db, user.id, clock.now());
  return goalProfileStatus(db, clock, user);
}

/**
 * Stores the complete tiers of a goal setup as pending_approval goals, in one transaction.
 * None sent: "Please complete at least one goal before submitting."; a deadline outside its
 * tier's window refuses the whole setup. A re-sent submission_id returns the goals it created.
 */
export async function setupGoals(db: Database, clock: Clock, userId: string, input: SetupInput): Promise<Goal[]> {
  const tiers = GOAL_TIMEFRAMES.flatMap((timeframe) => {
    const item = input[timeframe];
    return item ? [{ timeframe, item }] : [];
  });
  if (tiers.length === 0) throw new AppError('VALIDATION', INCOMPLETE_GOALS_MESSAGE);
  const now = clock.now();
  const today = isoDay(now);
  const details = tiers.flatMap(({ timeframe, item }) => {
    const message = deadlineError(timeframe, item.deadline, today);
    return message ? [{ path: `${timeframe}.deadline`, message }] : [];
  });
  if (details.length > 0) throw new AppError('VALIDATION', details[0]!.message, details);

  return db.transaction(async (tx) => {
    const values = tiers.map(({ timeframe, item }: { timeframe: GoalTimeframe; item: GoalSetupItem }) => ({
      userId,
      title: item.title,
      description: item.description,
      goalType: item.goal_type,
      // The request schema allowed at most two decimals, so the hundredths are exact (decision 061).
      targetHundredths: goalValueToHundredths(item.target_value),
      unit: item.unit,
      whyImportant: item.why_important,
      dailyHabits: item.daily_habits,
      weeklyHabits: item.weekly_habits,
      deadline: item.deadline,
      status: 'pending_approval' as const,
      timeframe,
      goalQualityScore: goalQualityScore({ ...item, timeframe }, today),
      submissionId: input.submission_id ?? null,
      createdAt: now,
      submittedAt: now,
      updatedAt: now,
    }));
    if (!input.submission_id) return (await insertGoals(tx, values)).map(toGoal);
    await insertSubmittedGoals(tx, values);
    const rows = await selectSubmittedGoals(tx, userId, input.submission_id, tiers.map((t) => t.timeframe));
    return rows.map(toGoal);
  });
}
