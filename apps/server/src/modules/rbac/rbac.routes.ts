import type { FastifyInstance } from 'fastify';
import { authPaths, SwitchRoleInputSchema, SwitchRoleResponseSchema } from '@myeai/domain';
import { switchActiveRole, toProfile } from '../auth/index.ts';
import { peopleRoutes } from './people.routes.ts';
import { zodRoutes } from '../../module-routes.ts';

export async function rbacRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  app.post(authPaths.switchRole, {
    config: { access: 'signedIn' },
    schema: { tags: ['rbac'], body: SwitchRoleInputSchema, response: { 200: SwitchRoleResponseSchema } },
    handler: async (request) => {
      const user = await switchActiveRole(deps.db, request.user!.id, request.body.role);
      return { status: 'success' as const, user: toProfile(user) };
    },
  });
  await peopleRoutes(root);
}
