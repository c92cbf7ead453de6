import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { commissions, goalCheckIns, goalHabitTicks, goals, users, type DbOrTx } from '@myeai/db';
import { LEDGER_FED_GOAL, RUNNING_GOAL_STATUSES, type GoalTimeframe } from '@myeai/domain';

export type GoalRow = typeof goals.$inferSelect;
export type NewGoalRow = typeof goals.$inferInsert;

export async function userHasAnyGoal(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: goals.id }).from(goals).where(eq(goals.userId, userId)).limit(1);
  return row !== undefined;
}

/** When the user last chose "Skip for now" on the goal quick-setup modal (null: never). */
export async function selectGoalSetupSkippedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ at: users.goalSetupSkippedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.at ?? null;
}

export async function updateGoalSetupSkippedAt(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ goalSetupSkippedAt: at }).where(eq(users.id, userId));
}

export async function insertGoals(db: DbOrTx, rows: NewGoalRow[]): Promise<GoalRow[]> {
  return db.insert(goals).values(rows).returning();
}

/** Inserts the tiers a submission has not stored yet (a re-sent submission adds nothing). */
export async function insertSubmittedGoals(db: DbOrTx, rows: NewGoalRow[]): Promise<void> {
  await db.insert(goals).values(rows).onConflictDoNothing({ target: [goals.userId, goals.submissionId, goals.timeframe] });
}

/** A submission's goals of these tiers, short term first. */
export async function selectSubmittedGoals(db: DbOrTx, userId: string, submissionId: string, timeframes: GoalTimeframe[]): Promise<GoalRow[]> {
  return db
    .select()
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.submissionId, submissionId), inArray(goals.timeframe, timeframes)))
    .orderBy(sql`array_position(array['short_term','mid_term','long_term'], ${goals.timeframe})`);
}

export type GoalForReview = GoalRow & { ownerReferredBy: string | null; ownerName: string };

/** A goal with its owner's referrer, locked for the rest of the transaction (one review at a time). */
export async function selectGoalForReview(db: DbOrTx, goalId: string): Promise<GoalForReview | undefined> {
  const [row] = await db
    .select({ goal: goals, ownerReferredBy: users.referredBy, ownerName: users.name })
    .from(goals)
    .innerJoin(users, eq(users.id, goals.userId))
    .where(eq(goals.id, goalId))
    .for('update', { of: goals })
    .limit(1);
  return row && { ...row.goal, ownerReferredBy: row.ownerReferredBy, ownerName: row.ownerName };
}

export async function selectActiveRole(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ activeRole: users.activeRole }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.activeRole;
}

/** The demo seed's write: a multi-role reviewer switches role to review, then back (a role switch is only this column). */
export async function updateActiveRole(db: DbOrTx, userId: string, activeRole: string): Promise<void> {
  await db.update(users).set({ activeRole }).where(eq(users.id, userId));
}

/**
 * Moves a goal from `from` to its next status; returns undefined when another request moved it
 * first (the status check in the WHERE makes a second concurrent approval change nothing).
 */
export async function updateGoalStatus(
  db: DbOrTx,
  goalId: string,
  from: string,
  values: Partial<Pick<NewGoalRow, 'status' | 'reviewedBy' | 'reviewedAt' | 'reviewFeedback' | 'submittedAt' | 'updatedAt'>>,
): Promise<GoalRow | undefined> {
  const [row] = await db.update(goals).set(values).where(and(eq(goals.id, goalId), eq(goals.status, from))).returning();
  return row;
}

/**
 * The goals of these users, newest first, at most `limitPerUser` each (a user holds a handful; the
 * cap only bounds a pathological account, in the query, so such an account is never read whole).
 */
export async function selectGoalsOfUsers(db: DbOrTx, userIds: readonly string[], limitPerUser = 500): Promise<GoalRow[]> {
  if (userIds.length === 0) return [];
  const ranked = db
    .select({ id: goals.id, rank: sql<number>`row_number() over (partition by ${goals.userId} order by ${goals.createdAt} desc, ${goals.id} desc)`.as('rank') })
    .from(goals)
    .where(inArray(goals.userId, [...userIds]))
    .as('ranked');
  return db
    .select(getTableColumns(goals))
    .from(goals)
    .innerJoin(ranked, eq(ranked.id, goals.id))
    .where(lte(ranked.rank, limitPerUser))
    .orderBy(desc(goals.createdAt), desc(goals.id));
}

/** The running (approved or active) monetary goals in USD of these users: the goals the commission ledger moves. */
export async function selectRunningLedgerGoals(db: DbOrTx, userIds: readonly string[]): Promise<GoalRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(goals)
    .where(and(inArray(goals.userId, [...userIds]), inArray(goals.status, [...RUNNING_GOAL_STATUSES]), eq(goals.goalType, LEDGER_FED_GOAL.goal_type), eq(goals.unit, LEDGER_FED_GOAL.unit)));
}

export async function selectOwnGoal(db: DbOrTx, userId: string, goalId: string, options: { forUpdate?: boolean } = {}): Promise<GoalRow | undefined> {
  const query = db.select().from(goals).where(and(eq(goals.id, goalId), eq(goals.userId, userId))).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export type CheckInRow = typeof goalCheckIns.$inferSelect;

export async function selectCheckIns(db: DbOrTx, goalIds: string[]): Promise<CheckInRow[]> {
  if (goalIds.length === 0) return [];
  return db.select().from(goalCheckIns).where(inArray(goalCheckIns.goalId, goalIds)).orderBy(asc(goalCheckIns.recordedAt), asc(goalCheckIns.id));
}

export async function insertCheckIn(db: DbOrTx, row: typeof goalCheckIns.$inferInsert): Promise<void> {
  await db.insert(goalCheckIns).values(row);
}

export async function selectHabitTicks(db: DbOrTx, goalIds: string[], since: string): Promise<Array<typeof goalHabitTicks.$inferSelect>> {
  if (goalIds.length === 0) return [];
  return db.select().from(goalHabitTicks).where(and(inArray(goalHabitTicks.goalId, goalIds), gte(goalHabitTicks.period, since)));
}

/** Ticks a habit for a period; a second tick of the same period changes nothing. */
export async function insertHabitTick(db: DbOrTx, row: typeof goalHabitTicks.$inferInsert): Promise<void> {
  await db.insert(goalHabitTicks).values(row).onConflictDoNothing();
}

/** These users' commission ledger entries earned since `from` (any payout status but withheld, decision 046), oldest first, by user. */
export async function selectLedgerEntriesOfUsers(db: DbOrTx, userIds: readonly string[], from: Date): Promise<Map<string, Array<{ at: Date; amount_cents: number }>>> {
  const entries = new Map<string, Array<{ at: Date; amount_cents: number }>>();
  if (userIds.length === 0) return entries;
  const rows = await db
    .select({ userId: commissions.userId, at: commissions.earnedAt, amount: commissions.amountCents })
    .from(commissions)
    .where(and(inArray(commissions.userId, [...userIds]), gte(commissions.earnedAt, from), ne(commissions.status, 'withheld')))
    .orderBy(asc(commissions.earnedAt));
  for (const row of rows) {
    const list = entries.get(row.userId) ?? [];
    list.push({ at: row.at, amount_cents: Number(row.amount) });
    entries.set(row.userId, list);
  }
  return entries;
}

export async function updateGoalRow(db: DbOrTx, goalId: string, values: Partial<NewGoalRow>): Promise<GoalRow | undefined> {
  const [row] = await db.update(goals).set(values).where(eq(goals.id, goalId)).returning();
  return row;
}

export async function selectUserName(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? '';
}

/** Goals pending approval a reviewer may review: every goal for an admin, the referred users' goals for an affiliate; never their own. */
export async function selectPendingForReviewer(db: DbOrTx, reviewerId: string, scope: 'all' | 'referred', limit = 200) {
  const conditions = [eq(goals.status, 'pending_approval'), sql`${goals.userId} <> ${reviewerId}`];
  if (scope === 'referred') conditions.push(eq(users.referredBy, reviewerId));
  return db
    .select({ goal: goals, ownerName: users.name, ownerEmail: users.email })
    .from(goals)
    .innerJoin(users, eq(users.id, goals.userId))
    .where(and(...conditions))
    .orderBy(asc(goals.submittedAt), asc(goals.id))
    .limit(limit);
}

export async function countPendingForReviewer(db: DbOrTx, reviewerId: string, scope: 'all' | 'referred'): Promise<number> {
  const conditions = [eq(goals.status, 'pending_approval'), sql`${goals.userId} <> ${reviewerId}`];
  if (scope === 'referred') conditions.push(eq(users.referredBy, reviewerId));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(goals)
    .innerJoin(users, eq(users.id, goals.userId))
    .where(and(...conditions));
  return row?.n ?? 0;
}
