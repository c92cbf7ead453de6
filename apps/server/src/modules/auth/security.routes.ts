import type { FastifyInstance } from 'fastify';
import {
  AppError,
  OkSchema,
  RecoveryCodesSchema,
  securityPaths,
  SessionIdParamsSchema,
  SessionListSchema,
  SessionsRevokedSchema,
  TwoFactorCodeInputSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  TwoFactorVerifyInputSchema,
  UserResponseSchema,
} from '@myeai/domain';
import { zodRoutes } from '../../module-routes.ts';
import { userChangeFeedFor } from '../changes/index.ts';
import { startSession } from './auth.routes.ts';
import { listMySessions, revokeMyOtherSessions, revokeMySession } from './my-sessions.service.ts';
import { grantListedAdmin } from './role-grants.ts';
import {
  completeChallenge,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setUpTwoFactor,
  twoFactorStatus,
} from './two-factor.service.ts';
import { pendingCookieOptions, TWO_FACTOR_PENDING_COOKIE } from './two-factor-cookie.ts';
import { getUserById, toProfile } from './users.service.ts';

/** Per address, beside the per-account limit of wrong codes (TWO_FACTOR_MAX_FAILURES). */
const CODE_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export async function securityRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  /** The session cache of this instance forgets the user now; other instances hear it from the database. */
  const forgetCachedUser = (userId: string) => userChangeFeedFor(deps).userChanged(userId);

  app.get(securityPaths.sessions, {
    config: { access: 'signedIn' },
    schema: { tags: ['auth'], response: { 200: SessionListSchema } },
    handler: async (request) => ({ sessions: await listMySessions(deps, request.user!.id, request.user!.sessionId) }),
  });

  app.delete(securityPaths.session, {
    config: { access: 'signedIn' },
    schema: { tags: ['auth'], params: SessionIdParamsSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      if (request.params.id === request.user!.sessionId) throw new AppError('VALIDATION', 'This is the session you are using: sign out instead.');
      await revokeMySession(deps, request.user!.id, request.params.id);
      forgetCachedUser(request.user!.id);
      return { status: 'success' as const };
    },
  });

  app.post(securityPaths.revokeOtherSessions, {
    config: { access: 'signedIn' },
    schema: { tags: ['auth'], response: { 200: SessionsRevokedSchema } },
    handler: async (request) => {
      const revoked = await revokeMyOtherSessions(deps, request.user!.id, request.user!.sessionId);
      forgetCachedUser(request.user!.id);
      return { revoked };
    },
  });

  app.get(securityPaths.twoFactor, {
    config: { access: 'signedIn' },
    schema: { tags: ['auth'], response: { 200: TwoFactorStatusSchema } },
    handler: async (request) => twoFactorStatus(deps, request.user!),
  });

  app.post(securityPaths.twoFactorSetup, {
    config: { access: 'signedIn' },
    schema: { tags: ['auth'], response: { 200: TwoFactorSetupSchema } },
    handler: async (request) => setUpTwoFactor(deps, request.user!),
  });

  app.post(securityPaths.twoFactorEnable, {
    config: { access: 'signedIn', rateLimit: CODE_RATE_LIMIT },
    schema: { tags: ['auth'], body: TwoFactorCodeInputSchema, response: { 200: RecoveryCodesSchema } },
    handler: async (request) => {
      const codes = await enableTwoFactor(deps, request.user!.id, request.body.code);
      forgetCachedUser(request.user!.id);
      return { recovery_codes: codes };
    },
  });

  app.post(securityPaths.twoFactorDisable, {
    config: { access: 'signedIn', rateLimit: CODE_RATE_LIMIT },
    schema: { tags: ['auth'], body: TwoFactorCodeInputSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      await disableTwoFactor(deps, request.user!.id, request.body.code);
      forgetCachedUser(request.user!.id);
      return { status: 'success' as const };
    },
  });

  app.post(securityPaths.twoFactorRecoveryCodes, {
    config: { access: 'signedIn', rateLimit: CODE_RATE_LIMIT },
    schema: { tags: ['auth'], body: TwoFactorCodeInputSchema, response: { 200: RecoveryCodesSchema } },
    handler: async (request) => ({ recovery_codes: await regenerateRecoveryCodes(deps, request.user!.id, request.body.code) }),
  });

  app.post(securityPaths.twoFactorVerify, {
    config: { access: 'public', rateLimit: CODE_RATE_LIMIT },
    schema: { tags: ['auth'], body: TwoFactorVerifyInputSchema, response: { 200: UserResponseSchema } },
    handler: async (request, reply) => {
      const userId = await completeChallenge(deps, request.cookies[TWO_FACTOR_PENDING_COOKIE], request.body);
      const user = await getUserById(deps.db, userId);
      if (!user || user.status !== 'active') throw new AppError('UNAUTHENTICATED', 'This account cannot sign in.');
      reply.clearCookie(TWO_FACTOR_PENDING_COOKIE, pendingCookieOptions(root));
      const signedIn = await grantListedAdmin(deps.db, deps.clock, deps.config.adminEmails, user);
      await startSession(root, request, reply, user.id, 'password');
      return { user: toProfile(signedIn) };
    },
  });
}
