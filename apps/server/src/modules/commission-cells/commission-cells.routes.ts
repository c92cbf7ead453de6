import type { FastifyInstance } from 'fastify';
import {
  commissionCellsPaths,
  ProcessRevenueBatchInputSchema,
  ProcessRevenueBatchResponseSchema,
  ProcessRevenueInputSchema,
  ProcessRevenueResponseSchema,
} from '@myeai/domain';
import { processRevenue, processRevenueBatch } from './commission-cells.service.ts';
import { zodRoutes } from '../../module-routes.ts';

/** Commission cells (admin, spec 3 section 7): processing revenue; the screens come later. */
export async function commissionCellsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['commission-cells'];

  app.post(commissionCellsPaths.processRevenue, {
    config: { access: 'admin' },
    schema: { tags, body: ProcessRevenueInputSchema, response: { 200: ProcessRevenueResponseSchema } },
    handler: async (request) => processRevenue(deps.db, deps.clock, request.user!.id, request.body),
  });

  app.post(commissionCellsPaths.processRevenueBatch, {
    config: { access: 'admin' },
    schema: { tags, body: ProcessRevenueBatchInputSchema, response: { 200: ProcessRevenueBatchResponseSchema } },
    handler: async (request) => processRevenueBatch(deps.db, deps.clock, request.user!.id, request.body.csv, request.body.dry_run, { bookUnallocated: request.body.book_unallocated }),
  });
}
