import type { DbOrTx } from '@myeai/db';
import type { LiveEvent, LiveEventKind, Role } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { insertLiveEvents, insertUserLiveEvents, notifyChannel, notifyChannelAll, selectLatestLiveEventId, selectLiveEvent, selectLiveEventsSince } from './live.queries.ts';

/** The PostgreSQL channel every instance listens on. NOTIFY carries ids only (its payload is capped at 8 kB). */
export const LIVE_CHANNEL = 'myeai_live';
const INLINE_EVENT_MAX = 7000;

export type BusMessage =
  | { t: 'event'; id: number; u: string }
  /**
   * A role event: every connected holder of one of the roles `r` receives event `id`. A small
   * event travels inline (`k`, `p`), so a broadcast costs no database read per instance.
   */
  | { t: 'role_event'; id: number; r: Role[]; k?: string; p?: unknown }
  | { t: 'session_ended'; s: string; u: string };

async function notify(db: DbOrTx, message: BusMessage): Promise<void> {
  await notifyChannel(db, LIVE_CHANNEL, [JSON.stringify(message)]);
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
  const [id] = await insertLiveEvents(db, [{ userId, kind, payload, createdAt: clock.now() }]);
  await notify(db, { t: 'event', id: id!, u: userId });
  return id!;
}

/**
 * Several users' events in two statements (one INSERT, one SELECT of the NOTIFYs), in the caller's
 * transaction: announced only if it commits (a commission run tells up to ~17 owners).
 */
export async function publishLiveEvents<K extends LiveEventKind>(
  db: DbOrTx,
  clock: Clock,
  events: ReadonlyArray<{ userId: string; kind: K; payload: Extract<LiveEvent, { kind: K }>['payload'] }>,
): Promise<void> {
  if (events.length === 0) return;
  const now = clock.now();
  const inserted = await insertUserLiveEvents(db, events.map((event) => ({ userId: event.userId, kind: event.kind, payload: event.payload, createdAt: now })));
  await notifyChannelAll(
    db,
    LIVE_CHANNEL,
    inserted.map((row) => JSON.stringify({ t: 'event', id: row.id, u: row.userId! } satisfies BusMessage)),
  );
}

/**
 * Stores ONE event for every holder of any of `roles` and announces it (a role-scoped broadcast:
 * no row per recipient). Each instance delivers it to its connected clients whose user currently
 * holds one of the roles, and a reconnecting client's resume includes it. Called inside the
 * caller's transaction, it is announced only if that transaction commits.
 */
export async function publishRoleEvent<K extends LiveEventKind>(
  db: DbOrTx,
  clock: Clock,
  event: { roles: readonly Role[]; kind: K; payload: Extract<LiveEvent, { kind: K }>['payload'] },
): Promise<number> {
  const [id] = await publishRoleEvents(db, clock, [event as RoleEventInput]);
  return id!;
}

export type RoleEventInput<K extends LiveEventKind = LiveEventKind> = { roles: readonly Role[]; kind: K; payload: Extract<LiveEvent, { kind: K }>['payload'] };

/**
 * Several role events in two statements (one INSERT, one SELECT of the NOTIFYs) rather than two
 * per event: a vote publishes four, on the hot path of every screen's update.
 */
export async function publishRoleEvents(
  db: DbOrTx,
  clock: Clock,
  events: readonly RoleEventInput[],
): Promise<number[]> {
  if (events.length === 0) return [];
  const now = clock.now();
  const values = events.map((event) => {
    if (event.roles.length === 0) throw new Error('a role event needs at least one role');
    return { userId: null, roles: [...new Set(event.roles)], kind: event.kind, payload: event.payload, createdAt: now };
  });
  // Ascending ids pair with the events in order (identity values are drawn in VALUES order).
  const ids = await insertLiveEvents(db, values);
  const messages = values.map((value, i) => {
    const inline = JSON.stringify({ t: 'role_event', id: ids[i]!, r: value.roles, k: value.kind, p: value.payload } satisfies BusMessage);
    return Buffer.byteLength(inline) <= INLINE_EVENT_MAX ? inline : JSON.stringify({ t: 'role_event', id: ids[i]!, r: value.roles as Role[] } satisfies BusMessage);
  });
  await notifyChannel(db, LIVE_CHANNEL, messages);
  return ids;
}

/** Closes the sockets of a session on every instance (logout, revocation). */
export async function announceSessionEnded(db: DbOrTx, userId: string, sessionId: string): Promise<void> {
  await notify(db, { t: 'session_ended', s: sessionId, u: userId });
}

function toLiveEvent(row: { id: number; kind: string; payload: unknown }): LiveEvent {
  return { id: row.id, kind: row.kind, payload: row.payload } as LiveEvent;
}

/** One stored event: userId for a user's own event, roles for a role event. */
export async function getLiveEvent(db: DbOrTx, id: number): Promise<(LiveEvent & { userId: string | null; roles: Role[] | null }) | undefined> {
  const row = await selectLiveEvent(db, id);
  return row ? { ...toLiveEvent(row), userId: row.userId, roles: (row.roles as Role[] | null) ?? null } : undefined;
}

/** Events a reconnecting client missed, oldest first: its own and those of the roles it holds. */
export async function listLiveEventsSince(db: DbOrTx, userId: string, sinceId: number, limit = 500, roles: readonly Role[] = []): Promise<LiveEvent[]> {
  return (await selectLiveEventsSince(db, userId, sinceId, limit, roles)).map(toLiveEvent);
}

/**
 * Where a new connection starts: the newest event id of any recipient (role events included),
 * so a later resume neither replays old role events nor misses new ones.
 */
export async function latestLiveEventId(db: DbOrTx, _userId: string): Promise<number> {
  return selectLatestLiveEventId(db);
}
