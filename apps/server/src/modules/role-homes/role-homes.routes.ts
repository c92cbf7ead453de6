import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { dashboardPaths, RoleHomeDataSchema } from '@myeai/domain';
import { roleHomeReader } from './role-homes.service.ts';

export async function roleHomesRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const readHome = roleHomeReader(deps);

  /** The Business Hub's home for the caller's active role (ROLE_HOMES, DESIGN.md decision 45). */
  app.get(dashboardPaths.home, {
    config: { access: 'everyRole' },
    schema: { tags: ['dashboard'], response: { 200: RoleHomeDataSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = request.user!;
      return readHome({ id: user.id, activeRole: user.activeRole, roles: user.roles });
    },
  });
}
