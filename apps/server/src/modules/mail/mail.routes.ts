import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { ListMailboxQuerySchema, MailboxMessageSchema, MailboxPageSchema, MailIdParamsSchema, mailPaths } from '@myeai/domain';
import { getMailboxMessage, listMailbox } from './mail.service.ts';

/** The admin mailbox exists in demo mode only: outside it, mail content is not browsable. */
export async function mailRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  if (!deps.config.demoMode) return;

  app.get(mailPaths.mailbox, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], querystring: ListMailboxQuerySchema, response: { 200: MailboxPageSchema } },
    handler: async (request) => listMailbox(deps.db, request.query),
  });

  app.get(mailPaths.message, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], params: MailIdParamsSchema, response: { 200: MailboxMessageSchema } },
    handler: async (request) => getMailboxMessage(deps.db, request.params.id),
  });
}
