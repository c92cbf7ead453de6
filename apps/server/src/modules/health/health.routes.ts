import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthPaths, HealthSchema } from '@myeai/domain';
import { pingDatabase } from './health.queries.ts';

export async function healthRoutes(root: FastifyInstance): Promise<void> {
  root.withTypeProvider<ZodTypeProvider>().get(healthPaths.health, {
    config: { access: 'public' },
    schema: { tags: ['health'], response: { 200: HealthSchema } },
    handler: async () => {
      await pingDatabase(root.deps.db);
      return { status: 'ok' as const, database: root.deps.databaseKind };
    },
  });
}
