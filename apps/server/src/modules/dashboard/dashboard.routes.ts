import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { dashboardFiguresValidUntil, dashboardPaths, DashboardStatsSchema, MonthlyProgressSchema } from '@myeai/domain';
import { ReadCache, sendJsonBody, userChangeFeedFor, validatedJsonBody } from '../changes/index.ts';
import { getDashboardStats } from './dashboard.service.ts';
import { getMonthlyProgress } from './monthly-progress.ts';

export async function dashboardRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  // Each user's figures as sent, until their leads, commissions, goals or referrals change (the
  // change feed) or the UTC day ends (the figures' own clock).
  const figures = new ReadCache<Buffer>(userChangeFeedFor(deps), { maxEntries: 20_000, ttlMs: 60_000 });

  /** The Business Hub's figures for the signed-in user (spec 1 sections 2.4 and 7). */
  app.get(dashboardPaths.stats, {
    config: { access: 'everyRole' },
    schema: { tags: ['dashboard'], response: { 200: DashboardStatsSchema } },
    handler: async (request, reply) => {
      const userId = request.user!.id;
      const now = deps.clock.now();
      const body = await figures.readForUser(
        userId,
        'dashboard stats',
        now,
        async () => validatedJsonBody(DashboardStatsSchema, await getDashboardStats(deps.db, deps.clock, userId)),
        dashboardFiguresValidUntil(now),
      );
      reply.header('cache-control', 'no-store');
      return sendJsonBody(reply, body);
    },
  });

  /** The sidebar's monthly progress card: the running USD goal and its progress from the ledger. */
  app.get(dashboardPaths.monthlyProgress, {
    config: { access: 'signedIn' },
    schema: { tags: ['dashboard'], response: { 200: MonthlyProgressSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getMonthlyProgress(deps.db, deps.clock, request.user!.id);
    },
  });
}
