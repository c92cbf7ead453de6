import type { FastifyInstance, FastifyReply } from 'fastify';
import { findSessionUser, SESSION_COOKIE, touchLastSeen } from '../modules/auth/sessions.service.ts';

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

/** Resolves the session cookie to request.user on every request (null when signed out). */
export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? await findSessionUser(app.deps.db, app.deps.clock, token) : null;
    if (request.user) await touchLastSeen(app.deps.db, app.deps.clock, request.user);
  });
}
