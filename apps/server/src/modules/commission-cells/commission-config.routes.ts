import type { FastifyInstance } from 'fastify';
import { CommissionConfigInputSchema, CommissionConfigSchema, commissionConfigPaths, CommissionOverviewSchema } from '@myeai/domain';
import { getCommissionConfig, getCommissionOverview, updateCommissionConfig } from './commission-config.service.ts';
import { zodRoutes } from '../../module-routes.ts';

/** Commission Management (spec 3 section 2.10, admin): the configuration and the overview. */
export async function commissionConfigRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['commission-cells'];
  const admin = { access: 'admin' as const };

  app.get(commissionConfigPaths.config, {
    config: admin,
    schema: { tags, summary: 'The commission configuration (flags, seat rates, override pool and levels)', response: { 200: CommissionConfigSchema } },
    handler: async () => getCommissionConfig(deps.db),
  });

  app.put(commissionConfigPaths.config, {
    config: admin,
    schema: { tags, summary: 'Save the configuration: seat shares sum to 100 %, levels to the pool; audited', body: CommissionConfigInputSchema, response: { 200: CommissionConfigSchema } },
    handler: async (request) => updateCommissionConfig(deps.db, deps.clock, request.user!.id, request.body),
  });

  app.get(commissionConfigPaths.overview, {
    config: admin,
    schema: { tags, summary: 'Total, active and locked cells, total members, and the cells with their member counts', response: { 200: CommissionOverviewSchema } },
    handler: async () => getCommissionOverview(deps.db),
  });
}
