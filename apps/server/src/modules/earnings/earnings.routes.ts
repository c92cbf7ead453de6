import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { earningsPaths, EarningsQuerySchema, EarningsResponseSchema, type EarningsPeriodDays } from '@myeai/domain';
import { getMyEarnings } from './earnings.service.ts';

/** /earnings, My Earnings Potential (spec 2; every signed-in role sees their own). */
export async function earningsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;

  app.get(earningsPaths.currentUser, {
    config: { access: 'everyRole' },
    schema: { tags: ['earnings'], querystring: EarningsQuerySchema, response: { 200: EarningsResponseSchema } },
    handler: async (request) => ({ data: await getMyEarnings(deps.db, deps.clock, request.user!.id, request.query.period_days as EarningsPeriodDays) }),
  });
}
