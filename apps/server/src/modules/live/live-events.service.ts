import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { liveEvents, type DbOrTx } from '@myeai/db';
import type { LiveEvent, LiveEventKind } from '@myeai/domain';
import type { Clock } from '../../clock.ts';

/** The PostgreSQL channel every instance listens on. NOTIFY carries ids only (its payload is capped at 8 kB). */
export const LIVE_CHANNEL = 'myeai_live';

export type BusMessage =
  | { t: 'event'; id: number; u: string }
  | { t: 'session_ended'; s: string; u: string };

async function notify(db: DbOrTx, message: BusMessage): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * Stores an event for one user and announces it. Called inside the caller's transaction, the
 * NOTIFY is delivered only if that transaction commits.
 */
export async function publishLiveEvent<K extends LiveEventKind>(
  db: DbOrTx,
  clock: Clock,
  userId: string,
  kind: K,
  payload: Extract<LiveEvent, { kind: K }>['payload'],
): Promise<number> {
  const [row] = await db.insert(liveEvents).values({ userId, kind, payload, createdAt: clock.now() }).returning({ id: liveEvents.id });
  await notify(db, { t: 'event', id: row!.id, u: userId });
  return row!.id;
}

/** Closes the sockets of a session on every instance (logout, revocation). */
export async function announceSessionEnded(db: DbOrTx, userId: string, sessionId: string): Promise<void> {
  await notify(db, { t: 'session_ended', s: sessionId, u: userId });
}

function toLiveEvent(row: { id: number; kind: string; payload: unknown }): LiveEvent {
  return { id: row.id, kind: row.kind, payload: row.payload } as LiveEvent;
}

export async function getLiveEvent(db: DbOrTx, id: number): Promise<(LiveEvent & { userId: string }) | undefined> {
  const [row] = await db.select().from(liveEvents).where(eq(liveEvents.id, id)).limit(1);
  return row ? { ...toLiveEvent(row), userId: row.userId } : undefined;
}

/** Events a reconnecting client missed, oldest first. */
export async function listLiveEventsSince(db: DbOrTx, userId: string, sinceId: number, limit = 500): Promise<LiveEvent[]> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), gt(liveEvents.id, sinceId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows.map(toLiveEvent);
}

export async function latestLiveEventId(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${liveEvents.id})` })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId));
  return Number(row?.id ?? 0);
}
