import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthPaths, HealthSchema } from '@myeai/domain';

export async function healthRoutes(root: FastifyInstance): Promise<void> {
  root.withTypeProvider<ZodTypeProvider>().get(healthPaths.health, {
    config: { access: 'public' },
    schema: { tags: ['health'], response: { 200: HealthSchema } },
    handler: async () => {
      await root.deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: root.deps.databaseKind };
    },
  });
}
