import { and, eq, inArray, sql } from 'drizzle-orm';
import { goals, users, type DbOrTx } from '@myeai/db';
import type { GoalTimeframe } from '@myeai/domain';

export type GoalRow = typeof goals.$inferSelect;
export type NewGoalRow = typeof goals.$inferInsert;

export async function userHasAnyGoal(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: goals.id }).from(goals).where(eq(goals.userId, userId)).limit(1);
  return row !== undefined;
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
