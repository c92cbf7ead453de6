import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  accountPaths,
  AccountRequestAcceptedSchema,
  ChangeEmailInputSchema,
  ChangePasswordInputSchema,
  ChangePasswordResultSchema,
  OkSchema,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  VerifyEmailInputSchema,
  VerifyEmailResultSchema,
} from '@myeai/domain';
import { zodRoutes } from '../../module-routes.ts';
import { changePassword, requestEmailChange } from './account-security.service.ts';
import { confirmEmailLink, resendVerificationLink } from './email-verification.service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.ts';

/** Links from the client's address: 5 reset requests per quarter hour; the per-account limit is the job's (decision 057). */
const RESET_REQUEST_RATE_LIMIT = { max: 5, timeWindow: '15 minutes' };
/** Followed links: a token is 256 random bits, so this only keeps scripted guessing cheap to refuse. */
const LINK_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
/** Per signed-in account: guessing the current password through the change forms. */
const perAccount = (name: string) => ({
  max: 5,
  timeWindow: '15 minutes',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}`,
});

/** Password reset, e-mail verification and the Security settings' changes (issue 29 part A, decision 057). */
export async function accountRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  // PUBLIC_URL when set: a link built from the Host header could be pointed at another site.
  const linkOrigin = (request: FastifyRequest) => deps.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.post(accountPaths.passwordReset, {
    config: { access: 'public', rateLimit: RESET_REQUEST_RATE_LIMIT },
    schema: { tags: ['auth'], body: PasswordResetRequestSchema, response: { 202: AccountRequestAcceptedSchema } },
    handler: async (request, reply) => {
      await requestPasswordReset(deps, request.body.email, linkOrigin(request));
      return reply.status(202).send({ status: 'accepted' as const, message: PASSWORD_RESET_REQUESTED_MESSAGE });
    },
  });

  app.post(accountPaths.passwordResetConfirm, {
    config: { access: 'public', rateLimit: LINK_RATE_LIMIT },
    schema: { tags: ['auth'], body: PasswordResetConfirmSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      await confirmPasswordReset(deps, request.body, linkOrigin(request));
      return { status: 'success' as const };
    },
  });

  app.post(accountPaths.verifyEmail, {
    config: { access: 'public', rateLimit: LINK_RATE_LIMIT },
    schema: { tags: ['auth'], body: VerifyEmailInputSchema, response: { 200: VerifyEmailResultSchema } },
    handler: async (request) => {
      const result = await confirmEmailLink(deps, request.body.token, request.user?.id ?? null);
      return { status: 'success' as const, ...result };
    },
  });

  app.post(accountPaths.verifyEmailResend, {
    config: { access: 'signedIn', rateLimit: perAccount('verify-resend') },
    schema: { tags: ['auth'], response: { 202: AccountRequestAcceptedSchema } },
    handler: async (request, reply) => {
      await resendVerificationLink(deps, request.user!.id, linkOrigin(request));
      return reply.status(202).send({ status: 'accepted' as const, message: `We sent a new link to ${request.user!.email}. It works for 24 hours.` });
    },
  });

  app.post(accountPaths.changePassword, {
    config: { access: 'signedIn', rateLimit: perAccount('change-password') },
    schema: { tags: ['auth'], body: ChangePasswordInputSchema, response: { 200: ChangePasswordResultSchema } },
    handler: async (request) => {
      const ended = await changePassword(deps, { userId: request.user!.id, sessionId: request.user!.sessionId }, request.body, linkOrigin(request));
      return { status: 'success' as const, other_sessions_ended: ended };
    },
  });

  app.post(accountPaths.changeEmail, {
    config: { access: 'signedIn', rateLimit: perAccount('change-email') },
    schema: { tags: ['auth'], body: ChangeEmailInputSchema, response: { 202: AccountRequestAcceptedSchema } },
    handler: async (request, reply) => {
      await requestEmailChange(deps, request.user!.id, request.body, linkOrigin(request));
      return reply
        .status(202)
        .send({ status: 'accepted' as const, message: `We sent a confirmation link to ${request.body.new_email}. Your address changes when you open it.` });
    },
  });
}
