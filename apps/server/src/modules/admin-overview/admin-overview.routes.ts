import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { AdminAnalyticsQuerySchema, AdminAnalyticsSchema, adminOverviewPaths, AdminOverviewSchema, UserCountSchema } from '@myeai/domain';
import { countPeopleEarningToday, getAdminAnalytics, getAdminOverview } from './admin-overview.service.ts';

export async function adminOverviewRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  /** The comprehensive dashboard's Overview (spec 3 section 2.9). */
  app.get(adminOverviewPaths.overview, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], response: { 200: AdminOverviewSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAdminOverview(deps.db, deps.clock);
    },
  });

  /** The comprehensive dashboard's Analytics: daily series over 7, 30 or 90 days. */
  app.get(adminOverviewPaths.analytics, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], querystring: AdminAnalyticsQuerySchema, response: { 200: AdminAnalyticsSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAdminAnalytics(deps.db, deps.clock, request.query.days);
    },
  });

  /** The landing's live figure: people credited a commission today (spec 1 section 7). */
  app.get(adminOverviewPaths.userCount, {
    config: { access: 'public' },
    schema: { tags: ['landing'], response: { 200: UserCountSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return countPeopleEarningToday(deps.db, deps.clock);
    },
  });
}
