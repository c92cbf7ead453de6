import { and, eq, sql } from 'drizzle-orm';
import { aiMessageUsage, type DbOrTx } from '@myeai/db';

/**
 * Adds `count` to the admin's messages of `day` when the sum stays within `limit`, in one statement
 * (two tabs of one admin cannot both take the last messages). The new total, or null when it would
 * not fit.
 */
export async function reserveAiMessages(db: DbOrTx, adminId: string, day: string, count: number, limit: number): Promise<number | null> {
  if (count > limit) return null;
  const [row] = await db
    .insert(aiMessageUsage)
    .values({ adminId, day, messages: count })
    .onConflictDoUpdate({
      target: [aiMessageUsage.adminId, aiMessageUsage.day],
      set: { messages: sql`${aiMessageUsage.messages} + ${count}` },
      setWhere: sql`${aiMessageUsage.messages} + ${count} <= ${limit}`,
    })
    .returning({ messages: aiMessageUsage.messages });
  return row?.messages ?? null;
}

/** Messages asked of the AI writer on `day` by every admin (the Comprehensive Dashboard's tile). */
export async function countAiMessagesOn(db: DbOrTx, day: string): Promise<number> {
  const [row] = await db.select({ messages: sql<number>`coalesce(sum(${aiMessageUsage.messages}), 0)::int` }).from(aiMessageUsage).where(eq(aiMessageUsage.day, day));
  return Number(row?.messages ?? 0);
}

/** The admin's messages written on `day`. */
export async function selectAiMessagesUsed(db: DbOrTx, adminId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ messages: aiMessageUsage.messages })
    .from(aiMessageUsage)
    .where(and(eq(aiMessageUsage.adminId, adminId), eq(aiMessageUsage.day, day)));
  return row?.messages ?? 0;
}
