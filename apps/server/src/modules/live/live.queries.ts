import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { liveEvents, type DbOrTx } from '@myeai/db';
import type { Role } from '@myeai/domain';

export type LiveEventRow = typeof liveEvents.$inferSelect;

/** One NOTIFY per message on `channel`, in one statement; delivered when the caller's transaction commits. */
export async function notifyChannel(db: DbOrTx, channel: string, messages: readonly string[]): Promise<void> {
  await db.execute(sql`select ${sql.join(messages.map((message) => sql`pg_notify(${channel}, ${message})`), sql`, `)}`);
}

/** NOTIFY of any number of messages in one statement (a select list is capped at 1,664 entries; the messages travel as one JSON array). */
export async function notifyChannelAll(db: DbOrTx, channel: string, messages: readonly string[]): Promise<void> {
  if (messages.length === 0) return;
  await db.execute(sql`select pg_notify(${channel}, message) from json_array_elements_text(${JSON.stringify(messages)}::json) as message`);
}

/** Inserts the events in one statement; their ids, ascending (identity values are drawn in VALUES order). */
export async function insertLiveEvents(db: DbOrTx, rows: Array<typeof liveEvents.$inferInsert>): Promise<number[]> {
  const inserted = await db.insert(liveEvents).values(rows).returning({ id: liveEvents.id });
  return inserted.map((row) => row.id).sort((a, b) => a - b);
}

/** Inserts the events in one statement; each new id with the user it is for. */
export async function insertUserLiveEvents(db: DbOrTx, rows: Array<typeof liveEvents.$inferInsert>): Promise<Array<{ id: number; userId: string | null }>> {
  if (rows.length === 0) return [];
  return db.insert(liveEvents).values(rows).returning({ id: liveEvents.id, userId: liveEvents.userId });
}

export async function selectLiveEvent(db: DbOrTx, id: number): Promise<LiveEventRow | undefined> {
  const [row] = await db.select().from(liveEvents).where(eq(liveEvents.id, id)).limit(1);
  return row;
}

/** Events after `sinceId`, oldest first: the user's own and the role events of any of `roles`. */
export async function selectLiveEventsSince(db: DbOrTx, userId: string, sinceId: number, limit: number, roles: readonly Role[]): Promise<LiveEventRow[]> {
  const recipient =
    roles.length === 0
      ? eq(liveEvents.userId, userId)
      : or(eq(liveEvents.userId, userId), and(isNull(liveEvents.userId), sql`${liveEvents.roles} && ${`{${roles.join(',')}}`}::text[]`));
  return db
    .select()
    .from(liveEvents)
    .where(and(recipient, gt(liveEvents.id, sinceId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

export async function selectLatestLiveEventId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${liveEvents.id})` }).from(liveEvents);
  return Number(row?.id ?? 0);
}
