import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { z } from 'zod';
import {
  AppError,
  AuthMethodsSchema,
  authPaths,
  DEMO_ACCOUNTS,
  DemoAccountListSchema,
  DemoSignInInputSchema,
  maskAddress,
  OkSchema,
  PasswordSignInInputSchema,
  PasswordSignInResponseSchema,
  RegisterInputSchema,
  SIGN_IN_FAILED_MESSAGE,
  UserProfileSchema,
  UserResponseSchema,
} from '@myeai/domain';
import { clearSessionCookie, sessionCookieOptions } from '../../plugins/session.ts';
import { userChangeFeedFor } from '../changes/index.ts';
import { answerExistingRegistration, sendVerificationLink } from '../account/index.ts';
import { announceSessionEnded } from '../live/index.ts';
import { attributeSignUp, REFERRAL_VISITOR_COOKIE, rememberVisitor } from '../referrals/index.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './passwords.ts';
import { createSession, revokeSession, SESSION_COOKIE } from './sessions.service.ts';
import { grantListedAdmin } from './role-grants.ts';
import { placeOf } from './session-place.ts';
import { beginTwoFactorSignIn } from './two-factor-cookie.ts';
import { hasTwoFactor } from './two-factor.service.ts';
import { findOrCreateOidcUser, getUserByEmail, getUserById, registerLocalUser, toProfile, type OnAccountCreated } from './users.service.ts';

const SIGN_IN_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

function origin(app: FastifyInstance, request: FastifyRequest): string {
  return app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  method: 'oidc' | 'password' | 'demo',
): Promise<void> {
  const { token, expiresAt } = await createSession(app.deps.db, app.deps.clock, {
    userId,
    method,
    userAgent: request.headers['user-agent'],
    ttlDays: app.deps.config.sessionTtlDays,
    // My sessions shows the address masked and, with a GeoIP database, its place (decision 058).
    address: maskAddress(request.ip),
    place: await placeOf(app.deps.config.geoipDatabase, request.ip, (error) => request.log.warn({ err: error }, 'GeoIP lookup failed')),
  });
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(app, expiresAt));
  // The browser's referral visitor id, noted for this account: a later sign-up from it with this
  // account's code is a self-referral (DESIGN.md decision 29).
  await rememberVisitor(app.deps.db, app.deps.clock, userId, request.cookies[REFERRAL_VISITOR_COOKIE]);
}

/**
 * A newly created account's referral credit: attribution window, self-referral and burst rules
 * (decision record 036), decided in the transaction that creates the account (046), so a crash
 * cannot leave an account with its code credited but never checked.
 */
function attributeNewAccount(app: FastifyInstance, request: FastifyRequest): OnAccountCreated {
  return async (tx, user) => {
    await attributeSignUp(tx, app.deps.clock, {
      userId: user.id,
      givenReferrerId: user.referredBy,
      visitorToken: request.cookies[REFERRAL_VISITOR_COOKIE],
      // request.ip honours TRUST_PROXY; only a keyed hash of it is stored.
      address: request.ip,
    });
  };
}

export async function authRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  /** Ends the session the request carried (if any) on the server, closes its live sockets, and clears the cookie. */
  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.user) {
      await revokeSession(deps.db, deps.clock, request.user.sessionId);
      await announceSessionEnded(deps.db, request.user.id, request.user.sessionId);
      // A GET is not dropped from this instance's caches by the onSend hook: do it now, so the
      // revoked session stops working here before the database's announcement arrives.
      userChangeFeedFor(deps).userChanged(request.user.id);
    }
    clearSessionCookie(root, reply);
  };

  app.get(authPaths.methods, {
    config: { access: 'public' },
    schema: { tags: ['auth'], response: { 200: AuthMethodsSchema } },
    handler: async () => ({ oidc: Boolean(deps.oidc), password: true, demo: deps.config.demoMode }),
  });

  app.get(authPaths.login, {
    config: { access: 'public' },
    schema: { tags: ['auth'], querystring: z.object({ ref: z.string().max(64).optional() }) },
    handler: async (request, reply) => {
      if (!deps.oidc) return reply.redirect('/login?error=oidc_unavailable');
      try {
        const url = await deps.oidc.start(deps.db, deps.clock, {
          redirectUri: `${origin(root, request)}${authPaths.callback}`,
          ref: request.query.ref,
        });
        return reply.redirect(url);
      } catch (error) {
        request.log.warn({ err: error }, 'OpenID Connect sign-in could not start');
        return reply.redirect('/login?error=oidc_unavailable');
      }
    },
  });

  app.get(authPaths.callback, {
    config: { access: 'public' },
    schema: { tags: ['auth'] },
    handler: async (request, reply) => {
      if (!deps.oidc) return reply.redirect('/login?error=oidc_unavailable');
      try {
        const callbackUrl = new URL(request.url, `${origin(root, request)}`);
        const { identity, ref } = await deps.oidc.finish(deps.db, deps.clock, callbackUrl);
        const user = await findOrCreateOidcUser(deps.db, deps.clock, identity, ref, attributeNewAccount(root, request));
        if (user.status !== 'active') {
          await signOut(request, reply);
          return reply.redirect('/login?error=suspended');
        }
        await grantListedAdmin(deps.db, deps.clock, deps.config.adminEmails, user);
        await startSession(root, request, reply, user.id, 'oidc');
        return reply.redirect('/profile');
      } catch (error) {
        request.log.warn({ err: error }, 'OpenID Connect sign-in failed');
        // A sign-in that fails leaves the visitor signed out (DESIGN.md item 13), also of the
        // session they arrived with, not only in this browser. If even that fails (the database
        // is down), the cookie still goes and the visitor still lands on /login, not an error page.
        await signOut(request, reply).catch((signOutError: unknown) => {
          request.log.error({ err: signOutError }, 'The session of a failed sign-in could not be revoked');
          clearSessionCookie(root, reply);
        });
        return reply.redirect('/login?error=signin_failed');
      }
    },
  });

  app.post(authPaths.register, {
    config: { access: 'public', rateLimit: SIGN_IN_RATE_LIMIT },
    schema: { tags: ['auth'], body: RegisterInputSchema, response: { 201: UserResponseSchema } },
    handler: async (request, reply) => {
      const linkOrigin = origin(root, request);
      const { user: registered, created } = await registerLocalUser(deps.db, deps.clock, request.body, async (tx, newUser) => {
        await attributeNewAccount(root, request)(tx, newUser);
        await sendVerificationLink(tx, deps.clock, newUser, linkOrigin);
      });
      if (!created) {
        // The address has an account: its owner is e-mailed, and the answer is a new account's
        // (decision 057), with a cookie that opens nothing.
        const decoy = await answerExistingRegistration(deps, registered, request.body, linkOrigin);
        const expiresAt = new Date(deps.clock.now().getTime() + deps.config.sessionTtlDays * 86_400_000);
        reply.setCookie(SESSION_COOKIE, randomBytes(32).toString('base64url'), sessionCookieOptions(root, expiresAt));
        return reply.status(201).send({ user: decoy });
      }
      const user = await grantListedAdmin(deps.db, deps.clock, deps.config.adminEmails, registered);
      await startSession(root, request, reply, user.id, 'password');
      return reply.status(201).send({ user: toProfile(user) });
    },
  });

  app.post(authPaths.password, {
    config: { access: 'public', rateLimit: SIGN_IN_RATE_LIMIT },
    schema: { tags: ['auth'], body: PasswordSignInInputSchema, response: { 200: PasswordSignInResponseSchema } },
    handler: async (request, reply) => {
      const user = await getUserByEmail(deps.db, request.body.email);
      const matches = await verifyPassword(request.body.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user || !user.passwordHash || !matches || user.status !== 'active') {
        throw new AppError('UNAUTHENTICATED', SIGN_IN_FAILED_MESSAGE);
      }
      // Two-factor on: no session yet, only the pending sign-in that POST /api/auth/2fa/verify completes.
      if (await hasTwoFactor(deps.db, user.id)) return beginTwoFactorSignIn(root, reply, user.id);
      const signedIn = await grantListedAdmin(deps.db, deps.clock, deps.config.adminEmails, user);
      await startSession(root, request, reply, user.id, 'password');
      return { user: toProfile(signedIn) };
    },
  });

  if (deps.config.demoMode) {
    app.get(authPaths.demoAccounts, {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: DemoAccountListSchema } },
      handler: async () => ({ accounts: DEMO_ACCOUNTS.map((account) => ({ ...account, roles: [...account.roles] })) }),
    });

    app.post(authPaths.demo, {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: DemoSignInInputSchema, response: { 200: UserResponseSchema } },
      handler: async (request, reply) => {
        const user = await getUserByEmail(deps.db, request.body.email);
        if (!user || !user.isDemo) throw new AppError('NOT_FOUND', 'There is no demo account with this email.');
        if (user.status !== 'active') throw new AppError('UNAUTHENTICATED', 'This account is suspended.');
        const signedIn = await grantListedAdmin(deps.db, deps.clock, deps.config.adminEmails, user);
        await startSession(root, request, reply, user.id, 'demo');
        return { user: toProfile(signedIn) };
      },
    });
  }

  app.get(authPaths.profile, {
    config: { access: 'signedIn' },
    schema: { tags: ['auth'], response: { 200: UserProfileSchema } },
    handler: async (request) => {
      const user = await getUserById(deps.db, request.user!.id);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      return toProfile(user);
    },
  });

  app.post(authPaths.logout, {
    config: { access: 'public' },
    schema: { tags: ['auth'], response: { 200: OkSchema } },
    handler: async (request, reply) => {
      await signOut(request, reply);
      return { status: 'success' as const };
    },
  });
}
