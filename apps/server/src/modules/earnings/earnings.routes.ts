import type { FastifyInstance } from 'fastify';
import { earningsPaths, EarningsQuerySchema, EarningsResponseSchema, type EarningsPeriodDays } from '@myeai/domain';
import { ReadCache, sendJsonBody, userChangeFeedFor, validatedJsonBody } from '../changes/index.ts';
import { getMyEarnings } from './earnings.service.ts';
import { zodRoutes } from '../../module-routes.ts';

/**
 * Spec 2 section 9: personal figures refresh every minute. An answer is kept that long at most, and
 * dropped at once when the change feed announces the user (their ledger lines, goals or referred
 * users changed); a seat change, a cell-mate or a configuration change shows within the minute.
 */
const EARNINGS_TTL_MS = 60_000;

/** /earnings, My Earnings Potential (spec 2; every signed-in role sees their own). */
export async function earningsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const answers = new ReadCache<Buffer>(userChangeFeedFor(deps), { maxEntries: 20_000, ttlMs: EARNINGS_TTL_MS });

  app.get(earningsPaths.currentUser, {
    config: { access: 'everyRole' },
    schema: { tags: ['earnings'], querystring: EarningsQuerySchema, response: { 200: EarningsResponseSchema } },
    handler: async (request, reply) => {
      const userId = request.user!.id;
      const days = request.query.period_days as EarningsPeriodDays;
      const body = await answers.readForUser(userId, `earnings ${days}`, deps.clock.now(), async () =>
        validatedJsonBody(EarningsResponseSchema, { data: await getMyEarnings(deps.db, deps.clock, userId, days) }),
      );
      reply.header('cache-control', 'no-store');
      return sendJsonBody(reply, body);
    },
  });
}
