import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * How every `<module>.routes.ts` opens (decision 047): the plugin's instance typed by the zod
 * schemas from the domain, and the app's dependencies decorated on it by `buildApp`.
 */
export function zodRoutes(root: FastifyInstance) {
  return { app: root.withTypeProvider<ZodTypeProvider>(), deps: root.deps };
}
