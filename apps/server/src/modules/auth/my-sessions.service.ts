import type { Database } from '@myeai/db';
import { AppError, describeUserAgent, type SessionInfo } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { announceSessionEnded } from '../live/index.ts';
import { revokeSessionOfUser, revokeSessionsOfUserExcept, selectLiveSessionsOfUser } from './my-sessions.queries.ts';

/** "My sessions" (issue 29 item 3, decision record 058): where the user is signed in, and ending those sessions. */

type Deps = { db: Database; clock: Clock };

export async function listMySessions(deps: Deps, userId: string, currentSessionId: string): Promise<SessionInfo[]> {
  const rows = await selectLiveSessionsOfUser(deps.db, userId, deps.clock.now());
  const list = rows.map((row) => {
    const device = describeUserAgent(row.userAgent);
    return {
      id: row.id,
      current: row.id === currentSessionId,
      method: row.method,
      browser: device.browser,
      os: device.os,
      device_type: device.deviceType,
      place: row.place,
      address: row.address,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    };
  });
  // This session first, then the others by last use.
  return [...list.filter((session) => session.current), ...list.filter((session) => !session.current)];
}

/**
 * Ends one of the user's own sessions: another user's session id is "not found", as an unknown one
 * is. Its sockets close on every instance when the revocation commits (the same announcement as
 * sign-out).
 */
export async function revokeMySession(deps: Deps, userId: string, sessionId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const revoked = await revokeSessionOfUser(tx, userId, sessionId, deps.clock.now());
    if (!revoked) throw new AppError('NOT_FOUND', 'There is no such session of yours (it may have ended already).');
    await announceSessionEnded(tx, userId, revoked);
  });
}

/** "Sign out everywhere else": every session of the user but this one; how many ended. */
export async function revokeMyOtherSessions(deps: Deps, userId: string, currentSessionId: string): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const revoked = await revokeSessionsOfUserExcept(tx, userId, currentSessionId, deps.clock.now());
    for (const sessionId of revoked) await announceSessionEnded(tx, userId, sessionId);
    return revoked.length;
  });
}
