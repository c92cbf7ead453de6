import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import {
  AdminCommissionPageSchema,
  CommissionPageSchema,
  commissionsPaths,
  CommissionSummaryResponseSchema,
  ExportCommissionsQuerySchema,
  ListCommissionsQuerySchema,
} from '@myeai/domain';
import {
  exportCommissionsCsv,
  getCommissionSummary,
  listAllCommissions,
  listCommissions,
} from './commissions.service.ts';

/** /commissions (affiliate and admin): the user's own ledger; admins list everyone's and pay a single line now through a one-item payout batch. */
export async function commissionsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['commissions'];

  app.get(commissionsPaths.list, {
    config: { access: 'affiliateTools' },
    schema: { tags, querystring: ListCommissionsQuerySchema, response: { 200: CommissionPageSchema } },
    handler: async (request) => listCommissions(deps.db, request.user!.id, request.query),
  });

  app.get(commissionsPaths.summary, {
    config: { access: 'affiliateTools' },
    schema: { tags, response: { 200: CommissionSummaryResponseSchema } },
    handler: async (request) => getCommissionSummary(deps.db, deps.clock, request.user!.id),
  });

  app.get(commissionsPaths.csvExport, {
    config: { access: 'affiliateTools' },
    schema: { tags, querystring: ExportCommissionsQuerySchema },
    handler: async (request, reply) => {
      const csv = await exportCommissionsCsv(deps.db, request.user!.id, request.query.status);
      const day = deps.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="commissions-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  app.get(commissionsPaths.adminList, {
    config: { access: 'admin' },
    schema: { tags, querystring: ListCommissionsQuerySchema, response: { 200: AdminCommissionPageSchema } },
    handler: async (request) => listAllCommissions(deps.db, request.query),
  });
}
