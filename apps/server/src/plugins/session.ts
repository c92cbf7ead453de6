import type { FastifyInstance, FastifyReply } from 'fastify';
import { ReadCache, userChangeFeedFor } from '../modules/changes/index.ts';
import { findSessionByTokenHash, hashSessionToken, SESSION_COOKIE, touchLastSeen, type SessionUser } from '../modules/auth/index.ts';

export function sessionCookieOptions(app: FastifyInstance, expires?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.deps.config.publicUrl?.startsWith('https://') ?? app.deps.config.isProduction,
    ...(expires ? { expires } : {}),
  };
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app));
}

/**
 * Resolves the session cookie to request.user on every request (null when signed out). Sessions
 * are kept in memory by token hash until they expire or the change feed reports a change of the
 * user or their sessions (sign-out, revocation, roles, suspension), so a signed-in request costs
 * no database read. Unknown tokens are not kept (a flood of made-up cookies cannot fill memory).
 */
export function registerSession(app: FastifyInstance): void {
  const sessions = new ReadCache<SessionUser>(userChangeFeedFor(app.deps), { maxEntries: 50_000, ttlMs: 60_000 });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const { db, clock } = app.deps;
    request.user = await sessions.read(hashSessionToken(token), clock.now(), async () => {
      const found = await findSessionByTokenHash(db, clock, hashSessionToken(token));
      return found && { value: found.user, userId: found.user.id, expiresAt: found.expiresAt };
    });
    if (request.user) await touchLastSeen(db, clock, request.user);
  });
}
