import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import {
  AdminSupportPageSchema,
  BillingIdParamsSchema,
  paymentsPaths,
  RefundRequestInputSchema,
  ListSupportRequestsQuerySchema,
  MySupportRequestsSchema,
  SupportAnswerInputSchema,
  supportPaths,
  SupportRequestIdParamsSchema,
  SupportRequestInputSchema,
  SupportRequestSchema,
} from '@myeai/domain';
import { answerSupportRequest, createSupportRequest, listMySupportRequests, listSupportRequests, requestRefund } from './support.service.ts';

export async function supportRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  /** "Contact support" on /profile: every signed-in user. */
  app.post(supportPaths.mine, {
    config: { access: 'signedIn' },
    schema: { tags: ['support'], body: SupportRequestInputSchema, response: { 201: SupportRequestSchema } },
    handler: async (request, reply) => {
      const user = request.user!;
      const created = await createSupportRequest(deps.db, deps.clock, { id: user.id, name: user.name, roles: user.roles }, request.body);
      return reply.code(201).send(created);
    },
  });

  /** "Request a refund" of one of the member's payments on /trading-subscription (decision 065). */
  app.post(paymentsPaths.refundRequest, {
    config: { access: 'everyRole' },
    schema: { tags: ['support'], params: BillingIdParamsSchema, body: RefundRequestInputSchema, response: { 201: SupportRequestSchema } },
    handler: async (request, reply) => {
      const user = request.user!;
      const created = await requestRefund(deps.db, deps.clock, { id: user.id, name: user.name, roles: user.roles }, request.params.id, request.body);
      return reply.code(201).send(created);
    },
  });

  app.get(supportPaths.mine, {
    config: { access: 'signedIn' },
    schema: { tags: ['support'], response: { 200: MySupportRequestsSchema } },
    handler: async (request) => ({ items: await listMySupportRequests(deps.db, request.user!.id) }),
  });

  app.get(supportPaths.adminList, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], querystring: ListSupportRequestsQuerySchema, response: { 200: AdminSupportPageSchema } },
    handler: async (request) => listSupportRequests(deps.db, request.query),
  });

  app.post(supportPaths.answer, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], params: SupportRequestIdParamsSchema, body: SupportAnswerInputSchema, response: { 200: SupportRequestSchema } },
    handler: async (request) => answerSupportRequest(deps.db, deps.clock, request.user!.id, request.params.id, request.body),
  });
}
