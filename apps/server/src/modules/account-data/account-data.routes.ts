import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  accountDataPaths,
  AccountDeletionSchema,
  AdminAccountDataSchema,
  AdminDeleteAccountInputSchema,
  DataExportSchema,
  DataExportStateSchema,
  DeleteAccountInputSchema,
  PersonIdParamsSchema,
  SignedTokenQuerySchema,
  UnsubscribeViewSchema,
} from '@myeai/domain';
import { zodRoutes } from '../../module-routes.ts';
import { clearSessionCookie } from '../../plugins/session.ts';
import { cancelAccountDeletion, pendingDeletionOf, requestAccountDeletion } from './deletion.service.ts';
import { getDataExportState, readDownload, requestDataExport } from './export.service.ts';
import { unsubscribe, viewUnsubscribe } from './unsubscribe.service.ts';
import { confirmPage, donePage, invalidLinkPage } from './unsubscribe-page.ts';

const tags = ['account-data'];

/** A browser (the e-mail's link, the confirm page's form) asks for HTML; API callers and tests for JSON. */
const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
const wantsJson = (request: FastifyRequest) => !acceptsHtml(request);

/** The page, or the same refusal (400, nothing changed) as a page. */
async function htmlAnswer(reply: FastifyReply, render: () => Promise<string>): Promise<FastifyReply> {
  try {
    return await reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await render());
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION') return reply.status(400).type('text/html; charset=utf-8').send(invalidLinkPage(error.message));
    throw error;
  }
}
/** Password guesses through the deletion form: 5 a minute per account (a stolen session cannot try many). */
const DELETE_RATE_LIMIT = { max: 5, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip };

export async function accountDataRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  // Mail clients post RFC 8058's one-click body (List-Unsubscribe=One-Click) as a form; the token
  // is in the URL, so the body is read only to be accepted. Only this module's routes see the parser.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  app.post(accountDataPaths.export, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 202: DataExportStateSchema } },
    handler: async (request, reply) => reply.status(202).send({ export: await requestDataExport(deps, request.user!.id, request.user!.id) }),
  });

  app.get(accountDataPaths.export, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: DataExportStateSchema } },
    handler: async (request) => getDataExportState(deps, request.user!.id),
  });

  // The signed link is the credential: it works from the e-mail in any browser until it expires.
  app.get(accountDataPaths.exportDownload, {
    config: { access: 'public' },
    schema: { tags, querystring: SignedTokenQuerySchema },
    handler: async (request, reply) => {
      const { document, readyAt } = await readDownload(deps.db, deps.clock, request.query.token);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="myeai-data-${readyAt.toISOString().slice(0, 10)}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(document, null, 2));
    },
  });

  app.delete(accountDataPaths.me, {
    config: { access: 'signedIn', rateLimit: DELETE_RATE_LIMIT },
    schema: { tags, body: DeleteAccountInputSchema, response: { 202: AccountDeletionSchema } },
    handler: async (request, reply) => {
      const user = request.user!;
      const deletion = await requestAccountDeletion(deps, { by: 'self', userId: user.id, sessionId: user.sessionId, password: request.body.password });
      clearSessionCookie(root, reply);
      return reply.status(202).send(deletion);
    },
  });

  app.get(accountDataPaths.adminExport, {
    config: { access: 'admin' },
    schema: { tags, params: PersonIdParamsSchema, response: { 200: AdminAccountDataSchema } },
    handler: async (request) => ({ ...(await getDataExportState(deps, request.params.id)), deletion: await pendingDeletionOf(deps.db, request.params.id) }),
  });

  app.post(accountDataPaths.adminExport, {
    config: { access: 'admin' },
    schema: { tags, params: PersonIdParamsSchema, response: { 202: z.object({ export: DataExportSchema }) } },
    handler: async (request, reply) => reply.status(202).send({ export: await requestDataExport(deps, request.params.id, request.user!.id) }),
  });

  app.delete(accountDataPaths.adminDelete, {
    config: { access: 'admin' },
    schema: { tags, params: PersonIdParamsSchema, body: AdminDeleteAccountInputSchema, response: { 202: AccountDeletionSchema } },
    handler: async (request, reply) => reply.status(202).send(await requestAccountDeletion(deps, { by: 'admin', userId: request.params.id, adminId: request.user!.id })),
  });

  // Answers the person's data requests as the GET above does, so the drawer shows the deletion gone.
  app.post(accountDataPaths.adminCancelDeletion, {
    config: { access: 'admin' },
    schema: { tags, params: PersonIdParamsSchema, response: { 200: AdminAccountDataSchema } },
    handler: async (request) => {
      await cancelAccountDeletion(deps, request.user!.id, request.params.id);
      return { ...(await getDataExportState(deps, request.params.id)), deletion: null };
    },
  });

  // GET: the confirm page (JSON for a caller that asks for it); a click in the e-mail lands here.
  app.get(accountDataPaths.unsubscribe, {
    config: { access: 'public' },
    schema: { tags, querystring: SignedTokenQuerySchema, response: { 200: UnsubscribeViewSchema } },
    handler: async (request, reply) => {
      if (wantsJson(request)) return viewUnsubscribe(deps, request.query.token);
      return htmlAnswer(reply, async () => confirmPage(await viewUnsubscribe(deps, request.query.token), request.url));
    },
  });

  // POST: RFC 8058's one-click (a mail client, no session, a form body) and the confirm page's button.
  app.post(accountDataPaths.unsubscribe, {
    config: { access: 'public' },
    schema: { tags, querystring: SignedTokenQuerySchema, response: { 200: UnsubscribeViewSchema } },
    handler: async (request, reply) => {
      if (!acceptsHtml(request)) return unsubscribe(deps, request.query.token);
      return htmlAnswer(reply, async () => donePage(await unsubscribe(deps, request.query.token)));
    },
  });
}
