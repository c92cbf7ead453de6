import type { Database } from '@myeai/db';
import {
  AppError,
  deadlineError,
  goalQualityScore,
  goalValueToHundredths,
  habitPeriod,
  isGoalAchieved,
  isGoalEditable,
  isGoalRunning,
  isLedgerFed,
  isoDay,
  nextGoalStatus,
  type GoalCheckInInputSchema,
  type GoalStatus,
  type GoalTimeframe,
  type GoalView,
  type HabitTickInputSchema,
  type ReviewListResponse,
  type UpdateGoalInputSchema,
} from '@myeai/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../audit/index.ts';
import { createNotification } from '../notifications/index.ts';
import {
  countPendingForReviewer,
  insertCheckIn,
  insertHabitTick,
  selectActiveRole,
  selectOwnGoal,
  selectPendingForReviewer,
  updateGoalRow,
  updateGoalStatus,
  type GoalRow,
} from './goals.queries.ts';
import { toGoal } from './goals.service.ts';
import { loadGoalView } from './goal-views.service.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
const NOT_FOUND = 'Goal not found.';

async function viewOf(deps: Deps, userId: string, goalId: string): Promise<GoalView> {
  const view = await loadGoalView(deps.db, deps.clock, userId, goalId);
  if (!view) throw new AppError('NOT_FOUND', NOT_FOUND);
  return view;
}

export async function getOwnGoal(deps: Deps, userId: string, goalId: string): Promise<GoalView> {
  return viewOf(deps, userId, goalId);
}

async function lockOwn(db: Parameters<Parameters<Database['transaction']>[0]>[0], userId: string, goalId: string): Promise<GoalRow> {
  const row = await selectOwnGoal(db, userId, goalId, { forUpdate: true });
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/**
 * PUT /api/goals/:id: the owner changes a goal sent back to them (rejected, revision requested or
 * withdrawn). A goal in review is read-only (withdraw it first); an approved goal moves by its
 * progress, not by edits. The deadline must sit in the goal's timeframe window.
 */
export async function updateGoal(deps: Deps, userId: string, goalId: string, input: z.output<typeof UpdateGoalInputSchema>): Promise<GoalView> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, userId, goalId);
    const status = row.status as GoalStatus;
    if (status === 'pending_approval') throw new AppError('CONFLICT', 'This goal is waiting for review. Withdraw it to change it.');
    if (!isGoalEditable(status)) throw new AppError('CONFLICT', 'An approved goal is not edited; record your progress instead.');
    const message = deadlineError(row.timeframe as GoalTimeframe, input.deadline, isoDay(deps.clock.now()));
    if (message) throw new AppError('VALIDATION', message, [{ path: 'deadline', message }]);
    const now = deps.clock.now();
    const values = {
      title: input.title,
      targetHundredths: goalValueToHundredths(input.target_value),
      deadline: input.deadline,
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.why_important !== undefined ? { whyImportant: input.why_important } : {}),
      ...(input.daily_habits !== undefined ? { dailyHabits: input.daily_habits } : {}),
      ...(input.weekly_habits !== undefined ? { weeklyHabits: input.weekly_habits } : {}),
      updatedAt: now,
    };
    await updateGoalRow(tx, goalId, values);
    await recordAudit(tx, deps.clock, {
      actorId: userId,
      action: 'goal.update',
      target: goalId,
      details: { before: { title: row.title, target_value: toGoal(row).target_value, deadline: row.deadline }, after: { title: input.title, target_value: input.target_value, deadline: input.deadline } },
    });
  });
  return viewOf(deps, userId, goalId);
}

/** The owner withdraws a goal from review, or resubmits one sent back (rejected, revision requested, withdrawn). */
export async function moveOwnGoal(deps: Deps, userId: string, goalId: string, action: 'withdraw' | 'resubmit'): Promise<GoalView> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, userId, goalId);
    const from = row.status as GoalStatus;
    const to = nextGoalStatus(from, action);
    if (!to) throw new AppError('CONFLICT', action === 'withdraw' ? 'Only a goal waiting for review can be withdrawn.' : 'Only a goal sent back to you can be resubmitted.');
    if (action === 'resubmit') {
      const message = deadlineError(row.timeframe as GoalTimeframe, row.deadline, isoDay(deps.clock.now()));
      if (message) throw new AppError('VALIDATION', `${message} Edit the deadline before resubmitting.`);
    }
    const now = deps.clock.now();
    const values = action === 'resubmit' ? { status: to, submittedAt: now, updatedAt: now } : { status: to, updatedAt: now };
    await updateGoalStatus(tx, goalId, from, values);
    if (action === 'resubmit') {
      const goal = toGoal(row);
      await updateGoalRow(tx, goalId, { goalQualityScore: goalQualityScore(goal, isoDay(now)) });
    }
    await recordAudit(tx, deps.clock, { actorId: userId, action: `goal.${action}`, target: goalId, details: { before: { status: from }, after: { status: to } } });
  });
  return viewOf(deps, userId, goalId);
}

/**
 * "Update Progress": records the goal's value now as a check-in (kept as history). Only on running
 * goals, never on a ledger-fed goal (its value comes from commissions, decision 31). Reaching the
 * target completes the goal in the same transaction.
 */
export async function recordCheckIn(deps: Deps, userId: string, goalId: string, input: z.output<typeof GoalCheckInInputSchema>): Promise<GoalView> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, userId, goalId);
    const status = row.status as GoalStatus;
    if (isLedgerFed({ goal_type: row.goalType, unit: row.unit })) {
      throw new AppError('CONFLICT', 'This goal moves by itself from the commissions you earn; there is nothing to record.');
    }
    if (!isGoalRunning(status)) throw new AppError('CONFLICT', 'Progress is recorded on approved goals only.');
    const now = deps.clock.now();
    // The request schema allowed at most two decimals, so the hundredths are exact (decision 061).
    const value = goalValueToHundredths(input.value);
    await insertCheckIn(tx, { goalId, valueHundredths: value, note: input.note, recordedAt: now });
    const reached = isGoalAchieved(value, row.targetHundredths);
    const to = reached ? nextGoalStatus(status, 'complete') : null;
    await updateGoalRow(tx, goalId, { currentHundredths: value, updatedAt: now, ...(to ? { status: to } : {}) });
    await recordAudit(tx, deps.clock, {
      actorId: userId,
      action: 'goal.check_in',
      target: goalId,
      details: { before: { current_value: toGoal(row).current_value, status }, after: { current_value: input.value, status: to ?? status } },
    });
    if (to) {
      await createNotification(tx, deps.clock, {
        userId,
        type: 'achievement',
        title: 'Goal achieved',
        message: `You reached your goal "${row.title}". Achievement unlocked!`,
        data: { goal_id: goalId, status: to },
        sourceKey: `goal-complete:${goalId}`,
      });
    }
  });
  return viewOf(deps, userId, goalId);
}

/** Ticks a habit of a running goal for the current day or week; a second tick in the period changes nothing. */
export async function tickHabit(deps: Deps, userId: string, goalId: string, input: z.output<typeof HabitTickInputSchema>): Promise<GoalView> {
  const row = await selectOwnGoal(deps.db, userId, goalId);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (!isGoalRunning(row.status as GoalStatus)) throw new AppError('CONFLICT', 'Habits can be ticked on approved goals only.');
  const habits = input.cadence === 'daily' ? row.dailyHabits : row.weeklyHabits;
  if (!habits.includes(input.habit)) throw new AppError('VALIDATION', 'This goal has no such habit.', [{ path: 'habit', message: 'This goal has no such habit.' }]);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await insertHabitTick(tx, { goalId, cadence: input.cadence, habit: input.habit, period: habitPeriod(input.cadence, now), tickedAt: now });
    // Touching the goal announces the owner on the change feed, so their cached goal views are dropped.
    await updateGoalRow(tx, goalId, { updatedAt: now });
  });
  return viewOf(deps, userId, goalId);
}

/** The Review tab: goals pending approval the reviewer may review (admin every goal, affiliate their referred users' goals). */
export async function listReviewQueue(deps: Deps, reviewerId: string): Promise<ReviewListResponse> {
  const role = await selectActiveRole(deps.db, reviewerId);
  const scope = role === 'admin' ? 'all' : 'referred';
  const [rows, count] = [await selectPendingForReviewer(deps.db, reviewerId, scope), await countPendingForReviewer(deps.db, reviewerId, scope)];
  return {
    pending_count: count,
    items: rows.map((row) => {
      const goal = toGoal(row.goal);
      return { ...goal, owner: { id: row.goal.userId, name: row.ownerName, email: row.ownerEmail }, goal_quality_score: row.goal.goalQualityScore ?? goalQualityScore(goal, isoDay(row.goal.submittedAt)) };
    }),
  };
}
