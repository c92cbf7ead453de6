import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { FinanceLinesQuerySchema, FinanceLinesResponseSchema, financePaths, FinanceQuerySchema, FinanceResponseSchema } from '@myeai/domain';
import { getFinance, getFinanceLines } from './finance.service.ts';

/** The admins' finance view (issue 31 item 6, decision 066). */
export async function financeRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['finance'];

  app.get(financePaths.view, {
    config: { access: 'admin' },
    schema: { tags, querystring: FinanceQuerySchema, response: { 200: FinanceResponseSchema } },
    handler: async (request) => getFinance(deps.db, deps.clock, request.query),
  });

  app.get(financePaths.lines, {
    config: { access: 'admin' },
    schema: { tags, querystring: FinanceLinesQuerySchema, response: { 200: FinanceLinesResponseSchema } },
    handler: async (request) => getFinanceLines(deps.db, request.query),
  });
}
