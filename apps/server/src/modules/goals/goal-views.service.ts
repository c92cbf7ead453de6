import type { DbOrTx } from '@myeai/db';
import {
  daysUntil,
  goalAchievementScore,
  goalProgressPercent,
  goalQualityScore,
  habitPeriod,
  habitStreak,
  hundredthsToGoalValue,
  isGoalAchieved,
  isGoalRunning,
  isLedgerFed,
  isoDay,
  ledgerReadings,
  nextGoalStatus,
  progressStatus,
  timeProgressPercent,
  velocityPerWeek,
  type GoalProgressResponse,
  type GoalTimeframe,
  type GoalView,
  type HabitCadence,
  type MyGoalsResponse,
  type ProgressReading,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { createNotification } from '../notifications/index.ts';
import { selectCheckIns, selectGoalsOfUsers, selectHabitTicks, selectLedgerEntriesOfUsers, selectRunningLedgerGoals, selectUserName, updateGoalStatus, type GoalRow } from './goals.queries.ts';
import { toGoal } from './goals.service.ts';

const HISTORY_MAX = 60;
/** Streaks are counted over at most this many days back (a longer streak shows as this long). */
const STREAK_LOOKBACK_DAYS = 400;
const DAY_MS = 86_400_000;

/** Readings are in hundredths of the goal's unit (decision 061), converted to the unit only in the view. */
type Sources = {
  checkIns: Map<string, { at: Date; value: number; note: string }[]>;
  /** The ledger entries of the owners of ledger-fed goals since the earliest such goal, by owner. */
  ledger: Map<string, { at: Date; amount_cents: number }[]>;
  ticks: Map<string, string[]>;
};

function tickKey(goalId: string, cadence: HabitCadence, habit: string): string {
  return `${goalId}\u0000${cadence}\u0000${habit}`;
}

/** What the views of these goals are computed from, whoever owns them: three queries in all. */
async function loadSources(db: DbOrTx, rows: GoalRow[], now: Date): Promise<Sources> {
  const ids = rows.map((row) => row.id);
  // Each ledger-fed goal counts its owner's entries from its own creation (toView): one read from
  // the earliest of them serves every goal.
  const ledgerFed = rows.filter((row) => isLedgerFed({ goal_type: row.goalType, unit: row.unit }));
  const ledgerStart = ledgerFed.reduce<Date | null>((earliest, row) => (earliest === null || row.createdAt < earliest ? row.createdAt : earliest), null);
  const [checkInRows, ledger, tickRows] = await Promise.all([
    selectCheckIns(db, ids),
    ledgerStart ? selectLedgerEntriesOfUsers(db, [...new Set(ledgerFed.map((row) => row.userId))], ledgerStart) : Promise.resolve(new Map<string, { at: Date; amount_cents: number }[]>()),
    selectHabitTicks(db, ids, isoDay(new Date(now.getTime() - STREAK_LOOKBACK_DAYS * DAY_MS))),
  ]);
  const checkIns = new Map<string, { at: Date; value: number; note: string }[]>();
  for (const row of checkInRows) {
    const list = checkIns.get(row.goalId) ?? [];
    list.push({ at: row.recordedAt, value: row.valueHundredths, note: row.note });
    checkIns.set(row.goalId, list);
  }
  const ticks = new Map<string, string[]>();
  for (const row of tickRows) {
    const key = tickKey(row.goalId, row.cadence as HabitCadence, row.habit);
    ticks.set(key, [...(ticks.get(key) ?? []), row.period]);
  }
  return { checkIns, ledger, ticks };
}

/** A goal as shown, and its current value in hundredths (what completion compares with the target). */
function toView(row: GoalRow, sources: Sources, now: Date): { view: GoalView; currentHundredths: number } {
  const goal = toGoal(row);
  const ledgerFed = isLedgerFed(goal);
  const deadlineEndMs = Date.parse(`${goal.deadline}T00:00:00.000Z`) + DAY_MS;
  let readings: (ProgressReading & { note: string })[];
  if (ledgerFed) {
    // Commissions earned from the goal's creation to the end of its deadline day (as the Business Hub's target card).
    const entries = (sources.ledger.get(row.userId) ?? []).filter((e) => e.at.getTime() >= row.createdAt.getTime() && e.at.getTime() < deadlineEndMs);
    readings = ledgerReadings(entries).map((r) => ({ ...r, note: '' }));
  } else {
    readings = sources.checkIns.get(goal.id) ?? [];
  }
  const current = ledgerFed ? (readings.at(-1)?.value ?? 0) : row.currentHundredths;
  const progress = goalProgressPercent(current, row.targetHundredths);
  const time = timeProgressPercent(goal.created_at, goal.deadline, now);
  const habits = (['daily', 'weekly'] as const).flatMap((cadence) =>
    (cadence === 'daily' ? goal.daily_habits : goal.weekly_habits).map((habit) => {
      const periods = sources.ticks.get(tickKey(goal.id, cadence, habit)) ?? [];
      return { cadence, habit, streak: habitStreak(cadence, periods, now), done_now: periods.includes(habitPeriod(cadence, now)) };
    }),
  );
  const view: GoalView = {
    ...goal,
    current_value: hundredthsToGoalValue(current),
    ledger_fed: ledgerFed,
    progress_percent: progress,
    time_progress: time,
    progress_status: progressStatus(progress, time),
    // Hundredths per week, rounded to whole hundredths: the unit per week with two decimals.
    velocity_per_week: hundredthsToGoalValue(Math.round(velocityPerWeek(readings, row.createdAt, now))),
    days_remaining: daysUntil(goal.deadline, isoDay(now)),
    goal_quality_score: row.goalQualityScore ?? goalQualityScore(goal, isoDay(row.submittedAt)),
    habits,
    history: readings.slice(-HISTORY_MAX).map((r) => ({ at: r.at.toISOString(), value: hundredthsToGoalValue(r.value), note: r.note })),
  };
  return { view, currentHundredths: current };
}

/**
 * A running goal whose value reached its target completes by itself (decision 39), in the caller's
 * transaction, conditional on the status, so two concurrent settlements complete it (and notify) once.
 */
async function completeReached(db: DbOrTx, clock: Clock, userId: string, goals: { row: GoalRow; view: GoalView; currentHundredths: number }[]): Promise<string[]> {
  const completed: string[] = [];
  for (const { row: goal, view, currentHundredths } of goals) {
    if (!isGoalRunning(view.status) || !isGoalAchieved(currentHundredths, goal.targetHundredths)) continue;
    const to = nextGoalStatus(view.status, 'complete');
    if (!to) continue;
    const now = clock.now();
    const updated = await updateGoalStatus(db, view.id, view.status, { status: to, updatedAt: now });
    if (!updated) continue;
    await recordAudit(db, clock, { actorId: null, action: 'goal.complete', target: view.id, details: { owner_id: userId, before: { status: view.status }, after: { status: to }, value: view.current_value } });
    await createNotification(db, clock, {
      userId,
      type: 'achievement',
      title: 'Goal achieved',
      message: `You reached your goal "${view.title}". Achievement unlocked!`,
      data: { goal_id: view.id, status: to },
      sourceKey: `goal-complete:${view.id}`,
    });
    completed.push(view.id);
  }
  return completed;
}

/**
 * Completes the running ledger-fed goals of these users that their commission ledger has brought to
 * target. Called where such a goal can become reached: when a commission is written (in the
 * ledger's transaction) and when a goal is approved; reading goals never writes. One query when
 * none of the users has a running ledger-fed goal, as for most payouts of a revenue batch.
 */
export async function settleLedgerGoals(db: DbOrTx, clock: Clock, userIds: readonly string[]): Promise<string[]> {
  const rows = await selectRunningLedgerGoals(db, [...new Set(userIds)]);
  if (rows.length === 0) return [];
  const now = clock.now();
  const sources = await loadSources(db, rows, now);
  const completed: string[] = [];
  for (const userId of new Set(rows.map((row) => row.userId))) {
    const own = rows.filter((row) => row.userId === userId);
    completed.push(...(await completeReached(db, clock, userId, own.map((row) => ({ row, ...toView(row, sources, now) })))));
  }
  return completed;
}

/** Every goal of each of these users as shown on /goals, with its computed progress: four queries for any number of users. */
async function loadGoalViewsOfUsers(db: DbOrTx, clock: Clock, userIds: readonly string[]): Promise<Map<string, GoalView[]>> {
  const now = clock.now();
  const rows = await selectGoalsOfUsers(db, userIds);
  const sources = await loadSources(db, rows, now);
  const views = new Map<string, GoalView[]>(userIds.map((userId) => [userId, []]));
  for (const row of rows) views.get(row.userId)?.push(toView(row, sources, now).view);
  return views;
}

/** Every goal of the user as shown on /goals, with its computed progress. */
export async function loadGoalViews(db: DbOrTx, clock: Clock, userId: string): Promise<GoalView[]> {
  return (await loadGoalViewsOfUsers(db, clock, [userId])).get(userId) ?? [];
}

export async function loadGoalView(db: DbOrTx, clock: Clock, userId: string, goalId: string): Promise<GoalView | undefined> {
  return (await loadGoalViews(db, clock, userId)).find((view) => view.id === goalId);
}

function achievementScore(views: GoalView[]): number | null {
  return goalAchievementScore(views.map((v) => ({ timeframe: v.timeframe as GoalTimeframe, status: v.status, progress_percent: v.progress_percent })));
}

/** Milestones the user actually reached (never a static list): first approval, first completion, a 7-day or 4-week streak. */
function milestones(views: GoalView[]): MyGoalsResponse['milestones'] {
  const reached: MyGoalsResponse['milestones'] = [];
  const approved = views.filter((v) => v.reviewed_at && ['approved', 'active', 'completed'].includes(v.status)).map((v) => v.reviewed_at!).sort();
  if (approved[0]) reached.push({ key: 'first_approved', label: 'First goal approved', reached_at: approved[0] });
  if (views.some((v) => v.status === 'completed')) reached.push({ key: 'first_completed', label: 'First goal completed', reached_at: null });
  const streak = views.flatMap((v) => v.habits).find((h) => (h.cadence === 'daily' ? h.streak >= 7 : h.streak >= 4));
  if (streak) reached.push({ key: 'habit_streak', label: `Habit streak: ${streak.habit} (${streak.streak} ${streak.cadence === 'daily' ? 'days' : 'weeks'})`, reached_at: null });
  return reached;
}

/** The Goal Achievement Score of each of these users, as getMyGoals answers it to each (the Network Manager's advancement checks). */
export async function achievementScoresOf(db: DbOrTx, clock: Clock, userIds: readonly string[]): Promise<Map<string, number | null>> {
  const views = await loadGoalViewsOfUsers(db, clock, userIds);
  return new Map(userIds.map((userId) => [userId, achievementScore(views.get(userId) ?? [])]));
}

export async function getMyGoals(db: DbOrTx, clock: Clock, userId: string): Promise<MyGoalsResponse> {
  const items = await loadGoalViews(db, clock, userId);
  return { items, achievement_score: achievementScore(items), milestones: milestones(items) };
}

/** The goal progress dashboard (spec 2 section 4): tiles over all goals, cards for approved and active goals. */
export async function getGoalProgress(db: DbOrTx, clock: Clock, userId: string): Promise<GoalProgressResponse> {
  const views = await loadGoalViews(db, clock, userId);
  const userName = await selectUserName(db, userId);
  const running = views.filter((v) => isGoalRunning(v.status));
  const counted = views.filter((v) => isGoalRunning(v.status) || v.status === 'completed');
  const avg = counted.length === 0 ? 0 : Math.round((counted.reduce((sum, v) => sum + v.progress_percent, 0) / counted.length) * 10) / 10;
  return {
    user_name: userName,
    tiles: {
      total_goals: views.length,
      completed: views.filter((v) => v.status === 'completed').length,
      avg_progress: avg,
      on_track: running.filter((v) => v.progress_status !== 'behind').length,
    },
    items: running,
    achievement_score: achievementScore(views),
    achievement_unlocked: views.some((v) => v.status === 'completed'),
  };
}
