import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardStatsSchema } from '@myeai/domain';
import { getDashboardStats } from './dashboard.service.ts';

export async function dashboardRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;

  /** The Business Hub's figures for the signed-in user (spec 1 sections 2.4 and 7). */
  app.get('/api/dashboard/stats', {
    config: { access: 'everyRole' },
    schema: { tags: ['dashboard'], response: { 200: DashboardStatsSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getDashboardStats(deps.db, deps.clock, request.user!.id);
    },
  });
}
