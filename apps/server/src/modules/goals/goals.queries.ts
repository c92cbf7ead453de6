import { and, eq, inArray, sql } from 'drizzle-orm';
import { goals, type DbOrTx } from '@myeai/db';
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
