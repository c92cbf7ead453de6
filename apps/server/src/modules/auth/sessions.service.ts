import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import type { Role } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { countSessionsOfUser, insertSession, revokeSessionRow, selectLiveSession, updateLastSeen, updateSessionLastSeen } from './auth.queries.ts';

export const SESSION_COOKIE = 'myeai_session';

export type SessionUser = {
  id: string;
  sessionId: string;
  email: string;
  name: string;
  roles: Role[];
  activeRole: Role;
  status: string;
  /** When any session of the user last made a request (written at most once a minute). */
  lastSeenAt: Date | null;
  /** When this session last made a request (my sessions; written at most once a minute). */
  sessionLastSeenAt: Date | null;
  /** The user confirmed an authenticator app (the admin gate, REQUIRE_ADMIN_2FA). */
  twoFactorEnabled: boolean;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: DbOrTx,
  clock: Clock,
  params: {
    userId: string;
    method: 'oidc' | 'password' | 'demo';
    userAgent: string | undefined;
    ttlDays: number;
    /** The client address already masked, and its GeoIP place (my sessions); never the raw address. */
    address?: string | null;
    place?: string | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + params.ttlDays * 86_400_000);
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId: params.userId,
    method: params.method,
    userAgent: params.userAgent?.slice(0, 300) ?? null,
    address: params.address ?? null,
    place: params.place ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The user behind a session cookie, or null when the session is unknown, expired, revoked or the user suspended. */
export async function findSessionUser(db: DbOrTx, clock: Clock, token: string): Promise<SessionUser | null> {
  return (await findSessionByTokenHash(db, clock, hashSessionToken(token)))?.user ?? null;
}

export const hashSessionToken = (token: string) => hashToken(token);

/** findSessionUser by the token's hash, with the session's expiry (how long the answer holds). */
export async function findSessionByTokenHash(db: DbOrTx, clock: Clock, tokenHash: string): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const row = await selectLiveSession(db, tokenHash, clock.now());
  if (!row || row.status !== 'active') return null;
  const { expiresAt, ...user } = row;
  return { user: { ...user, roles: user.roles as Role[], activeRole: user.activeRole as Role }, expiresAt };
}

const LAST_SEEN_EVERY_MS = 60_000;

const due = (seen: Date | null, now: Date) => !seen || now.getTime() - seen.getTime() >= LAST_SEEN_EVERY_MS;

/**
 * Records that the user and this session are around; at most once a minute for each (also across
 * instances). The user object is the cached session's, so it is marked first and concurrent
 * requests skip.
 */
export async function touchLastSeen(db: DbOrTx, clock: Clock, user: Pick<SessionUser, 'id' | 'lastSeenAt' | 'sessionId' | 'sessionLastSeenAt'>): Promise<void> {
  const now = clock.now();
  const stale = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  if (due(user.lastSeenAt, now)) {
    user.lastSeenAt = now;
    await updateLastSeen(db, user.id, now, stale);
  }
  if (due(user.sessionLastSeenAt, now)) {
    user.sessionLastSeenAt = now;
    await updateSessionLastSeen(db, user.sessionId, now, stale);
  }
}

export async function revokeSession(db: DbOrTx, clock: Clock, sessionId: string): Promise<void> {
  await revokeSessionRow(db, sessionId, clock.now());
}

export async function countSessions(db: DbOrTx, userId: string): Promise<number> {
  return countSessionsOfUser(db, userId);
}
