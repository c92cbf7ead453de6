import type { FastifyInstance } from 'fastify';
import { elitePoolPaths, ElitePoolSchema, SaveElitePoolInputSchema } from '@myeai/domain';
import { getElitePool, saveElitePool } from './elite-pool.service.ts';
import { zodRoutes } from '../../module-routes.ts';

/** The Elite Pool (DESIGN.md decision 38, admin): the 13 active traders, saved whole by the Network Manager's dialog. */
export async function elitePoolRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['commission-cells'];
  const admin = { access: 'admin' as const };

  app.get(elitePoolPaths.elitePool, {
    config: admin,
    schema: { tags, summary: 'The Elite Pool: every trader with tier and membership, the tier counts, the elite cell', response: { 200: ElitePoolSchema } },
    handler: async () => getElitePool(deps.db),
  });

  app.put(elitePoolPaths.elitePool, {
    config: admin,
    schema: { tags, summary: 'Save the whole pool: exactly 13, 1 Lead + 3 Senior + 9 Regular; mirrored into the elite cell; audited', body: SaveElitePoolInputSchema, response: { 200: ElitePoolSchema } },
    handler: async (request) => saveElitePool(deps.db, deps.clock, request.user!.id, request.body),
  });
}
