import type { FastifyInstance } from 'fastify';
import { healthPaths, HealthSchema } from '@myeai/domain';
import { pingDatabase } from './health.queries.ts';
import { zodRoutes } from '../../module-routes.ts';

export async function healthRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  app.get(healthPaths.health, {
    config: { access: 'public' },
    schema: { tags: ['health'], response: { 200: HealthSchema } },
    handler: async () => {
      await pingDatabase(deps.db);
      return { status: 'ok' as const, database: deps.databaseKind };
    },
  });
}
