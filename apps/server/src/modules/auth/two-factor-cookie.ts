import type { FastifyInstance, FastifyReply } from 'fastify';
import { securityPaths } from '@myeai/domain';
import { sessionCookieOptions } from '../../plugins/session.ts';
import { startChallenge } from './two-factor.service.ts';

/** The pending two-factor sign-in (not a session: it opens nothing but POST /api/auth/2fa/verify). */
export const TWO_FACTOR_PENDING_COOKIE = 'myeai_2fa_pending';

export function pendingCookieOptions(app: FastifyInstance) {
  return { ...sessionCookieOptions(app), path: securityPaths.twoFactorVerify };
}

/** The password was right and the account has two-factor on: the second step comes next. */
export async function beginTwoFactorSignIn(app: FastifyInstance, reply: FastifyReply, userId: string): Promise<{ two_factor_required: true }> {
  const { token } = await startChallenge(app.deps, userId);
  // A cookie of the browser session, without Expires: the challenge row bounds it to 5 minutes on
  // the server's clock, and a browser whose clock differs would drop a cookie dated by the server's.
  reply.setCookie(TWO_FACTOR_PENDING_COOKIE, token, pendingCookieOptions(app));
  return { two_factor_required: true };
}
