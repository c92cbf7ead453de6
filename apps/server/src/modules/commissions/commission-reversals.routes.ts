import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zodRoutes } from '../../module-routes.ts';
import { commissionReversalPaths, CommissionReversalSchema, RevenueRunListQuerySchema, RevenueRunListSchema, ReversalResponseSchema, ReverseRunInputSchema } from '@myeai/domain';
import { getReversal, listRevenueRuns, reverseRun } from './commission-reversals.service.ts';

const IdParams = z.object({ id: z.string().uuid({ message: 'Not a valid id.' }) });

/** Commission Management's "Reverse run" and a reversal's lines (issue 31 item 3, decision 066); admins only. */
export async function commissionReversalsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['commissions'];

  app.post(commissionReversalPaths.runReverse, {
    config: { access: 'admin' },
    schema: {
      tags,
      description:
        'Reverses a processed revenue run in one transaction: a reversing line of exactly what is left of each payout, and the unallocated remainder taken back, so the run nets to zero. A second call answers the first reversal (200, already_reversed).',
      params: IdParams,
      body: ReverseRunInputSchema,
      response: { 200: ReversalResponseSchema, 201: ReversalResponseSchema },
    },
    handler: async (request, reply) => {
      const result = await reverseRun(deps.db, deps.clock, request.user!.id, request.params.id, request.body.reason);
      return reply.status(result.status === 'reversed' ? 201 : 200).send(result);
    },
  });

  app.get(commissionReversalPaths.runs, {
    config: { access: 'admin' },
    schema: { tags, querystring: RevenueRunListQuerySchema, response: { 200: RevenueRunListSchema } },
    handler: async (request) => listRevenueRuns(deps.db, request.query.limit),
  });

  app.get(commissionReversalPaths.reversal, {
    config: { access: 'admin' },
    schema: { tags, params: IdParams, response: { 200: CommissionReversalSchema } },
    handler: async (request) => getReversal(deps.db, request.params.id),
  });
}
